import { STARTUP_PAGE_SIZE } from '@/config/constants';
import { graphql } from '@/graphql/graphql';
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

const LIST_STORES = graphql(`query ListAssistantStores($limit: Int, $nextToken: String) {
  listAssistantStores(limit: $limit, nextToken: $nextToken) { items { id assistantId storeId } nextToken }
}`);
const LIST_FUNCTIONS = graphql(`query ListAssistantFunctions($limit: Int, $nextToken: String) {
  listAssistantFunctions(limit: $limit, nextToken: $nextToken) { items { id assistantId functionId } nextToken }
}`);
const LIST_TEMPLATES = graphql(`query ListAssistantTemplates($limit: Int, $nextToken: String) {
  listAssistantTemplates(limit: $limit, nextToken: $nextToken) { items { id assistantId templateId } nextToken }
}`);

/** A page of one kind's link records, read alike whatever the kind's id field. */
interface LinkPage {
  items: (LinkRecord | null)[];
  nextToken: string | null;
}

/** One page of a kind's link records, each with the id it points to as `targetId`. */
const linkPage: Record<LinkKind, (client: DataClient, nextToken: string | null) => Promise<LinkPage | null>> = {
  store: async (client, nextToken) => {
    const page = (await client.request(LIST_STORES, { limit: STARTUP_PAGE_SIZE, nextToken })).listAssistantStores;
    return (
      page && {
        items: page.items.map((item) => item && { assistantId: item.assistantId, targetId: item.storeId }),
        nextToken: page.nextToken,
      }
    );
  },
  function: async (client, nextToken) => {
    const page = (await client.request(LIST_FUNCTIONS, { limit: STARTUP_PAGE_SIZE, nextToken })).listAssistantFunctions;
    return (
      page && {
        items: page.items.map((item) => item && { assistantId: item.assistantId, targetId: item.functionId }),
        nextToken: page.nextToken,
      }
    );
  },
  template: async (client, nextToken) => {
    const page = (await client.request(LIST_TEMPLATES, { limit: STARTUP_PAGE_SIZE, nextToken })).listAssistantTemplates;
    return (
      page && {
        items: page.items.map((item) => item && { assistantId: item.assistantId, targetId: item.templateId }),
        nextToken: page.nextToken,
      }
    );
  },
};

/** Every link record of one kind the merchant owns, following nextToken (spec §9: 999 a page). */
async function loadLinks(client: DataClient, kind: LinkKind): Promise<LinkRecord[]> {
  const records: LinkRecord[] = [];
  let nextToken: string | null = null;
  do {
    const page: LinkPage | null = await linkPage[kind](client, nextToken);
    for (const item of page?.items ?? []) {
      if (item?.assistantId && item.targetId) records.push({ assistantId: item.assistantId, targetId: item.targetId });
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
