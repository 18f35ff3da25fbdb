import { STARTUP_PAGE_SIZE } from '@/config/constants';
import { apiRequest } from '@/lib/api-client';
import type { DataClient } from '@/lib/graphql-client';
import type { LinkChange } from '../link-diff';
import { type LinkedIds, type LinkKind, linkKindDefs, linkKinds, noLinks } from '../link-kinds';

type Token = string | null;

/** `POST /api/assistant/<kind>-add/` or `-remove/` for one link (spec §7). */
export const applyLinkChange = (token: Token, assistantId: string, change: LinkChange) =>
  apiRequest<unknown>(`/api/assistant/${change.kind}-${change.action}/`, {
    body: { assistantId, [linkKindDefs[change.kind].idField]: change.targetId },
    token,
  });

interface LinkRecord {
  assistantId: string;
  targetId: string;
}

const listQuery = (kind: LinkKind) => {
  const { plural, idField } = linkKindDefs[kind];
  return `query List${plural}($limit: Int, $nextToken: String) { list${plural}(limit: $limit, nextToken: $nextToken) { items { id assistantId ${idField} } nextToken } }`;
};

/** Every link record of one kind the merchant owns, following nextToken (spec §9: 999 a page). */
async function loadLinks(client: DataClient, kind: LinkKind): Promise<LinkRecord[]> {
  const { plural, idField } = linkKindDefs[kind];
  const records: LinkRecord[] = [];
  let nextToken: string | null = null;
  do {
    const data: Record<string, { items: (Record<string, string> | null)[]; nextToken: string | null }> = await client.request(
      listQuery(kind),
      { limit: STARTUP_PAGE_SIZE, nextToken },
    );
    const page = data[`list${plural}`];
    for (const item of page?.items ?? []) {
      const targetId = item?.[idField];
      if (item?.assistantId && targetId) records.push({ assistantId: item.assistantId, targetId });
    }
    nextToken = page?.nextToken ?? null;
  } while (nextToken);
  return records;
}

/** All the merchant's links, grouped by assistant: one load for the whole list of cards. */
export type LinksByAssistant = Record<string, LinkedIds>;

export async function loadAllLinks(client: DataClient): Promise<LinksByAssistant> {
  const byKind = await Promise.all(linkKinds.map((kind) => loadLinks(client, kind)));
  const result: LinksByAssistant = {};
  linkKinds.forEach((kind, index) => {
    for (const record of byKind[index] ?? []) {
      result[record.assistantId] ??= noLinks();
      const ids = result[record.assistantId]?.[kind];
      if (ids && !ids.includes(record.targetId)) ids.push(record.targetId);
    }
  });
  return result;
}

export const assistantLinksQueryKey = (ownerEmail: string | undefined) => ['assistant-links', ownerEmail ?? ''] as const;
