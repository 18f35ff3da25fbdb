import { STARTUP_PAGE_SIZE } from '@/config/constants';
import type { DataClient } from '@/lib/graphql-client';

/**
 * The owner's shares as the inbox needs them: the assistant filter's options, the empty states,
 * and the link to hand out while no one has written yet.
 */
export interface InboxShare {
  id: string;
  originalAssistantID: string;
  assistantName: string | null;
  isActive: boolean;
  expiresAt: string | null;
  token: string | null;
}

const LIST_SHARES = `query InboxShares($limit: Int, $nextToken: String) {
  listSharedAssistants(limit: $limit, nextToken: $nextToken) { items { id originalAssistantID assistantName isActive expiresAt shareToken } nextToken }
}`;

interface RawShare extends Omit<InboxShare, 'token'> {
  shareToken: unknown;
}

/** The share token as the data API gives it: `{token}`, its JSON text, or the bare token. */
export function shareTokenOf(value: unknown): string | null {
  let parsed = value;
  if (typeof parsed === 'string') {
    if (!parsed.trim().startsWith('{')) return parsed || null;
    try {
      parsed = JSON.parse(parsed);
    } catch {
      return null;
    }
  }
  if (parsed && typeof parsed === 'object' && 'token' in parsed && typeof parsed.token === 'string') return parsed.token;
  return null;
}

export async function listInboxShares(client: DataClient): Promise<InboxShare[]> {
  const shares: InboxShare[] = [];
  let nextToken: string | null = null;
  do {
    const data: { listSharedAssistants: { items: (RawShare | null)[]; nextToken: string | null } } = await client.request(LIST_SHARES, {
      limit: STARTUP_PAGE_SIZE,
      nextToken,
    });
    for (const raw of data.listSharedAssistants.items) {
      if (!raw) continue;
      const { shareToken, ...rest } = raw;
      shares.push({ ...rest, isActive: raw.isActive !== false, token: shareTokenOf(shareToken) });
    }
    nextToken = data.listSharedAssistants.nextToken;
  } while (nextToken);
  return shares;
}
