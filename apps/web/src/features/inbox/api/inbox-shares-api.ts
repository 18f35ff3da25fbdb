import { STARTUP_PAGE_SIZE } from '@/config/constants';
import { graphql, type ResultOf } from '@/graphql/graphql';
import { type DataClient, required } from '@/lib/graphql-client';

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

const LIST_SHARES = graphql(`query InboxShares($limit: Int, $nextToken: String) {
  listSharedAssistants(limit: $limit, nextToken: $nextToken) { items { id originalAssistantID assistantName isActive expiresAt shareToken } nextToken }
}`);

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
    const data: ResultOf<typeof LIST_SHARES> = await client.request(LIST_SHARES, {
      limit: STARTUP_PAGE_SIZE,
      nextToken,
    });
    const page = required(data.listSharedAssistants, 'listSharedAssistants');
    for (const raw of page.items) {
      if (!raw) continue;
      const { shareToken, ...rest } = raw;
      shares.push({
        ...rest,
        originalAssistantID: rest.originalAssistantID ?? '',
        isActive: raw.isActive !== false,
        token: shareTokenOf(shareToken),
      });
    }
    nextToken = page.nextToken;
  } while (nextToken);
  return shares;
}
