import type { InboxThread } from './api/shared-thread-fields';

/**
 * What the inbox list shows: a search text and the assistant, origin and needs-a-person filters. `shareIds` are
 * the chosen assistant's shares (an assistant can be shared more than once), resolved by the
 * screen, so the query and the live updates need nothing else.
 */
export interface InboxQuery {
  search: string;
  assistantId: string | null;
  shareIds: readonly string[] | null;
  origin: string | null;
  /** Only the threads waiting for a person. */
  needsHuman: boolean;
}

export const emptyInboxQuery: InboxQuery = { search: '', assistantId: null, shareIds: null, origin: null, needsHuman: false };

export const isFiltered = (query: InboxQuery) => !!query.search || !!query.assistantId || !!query.origin || query.needsHuman;

/** Whether a thread belongs in a list by the filters alone (a search is the server's to answer). */
export function matchesFilters(thread: Pick<InboxThread, 'sharedAssistantID' | 'origin' | 'needsHuman'>, query: InboxQuery): boolean {
  if (query.origin && thread.origin !== query.origin) return false;
  if (query.needsHuman && !thread.needsHuman) return false;
  if (query.shareIds && !query.shareIds.includes(thread.sharedAssistantID)) return false;
  return true;
}

/** The filters as a data-API filter input (spec §7: `eq`, `or`, `and`). */
export function filterInput(query: InboxQuery): Record<string, unknown> | null {
  const parts: Record<string, unknown>[] = [];
  if (query.origin) parts.push({ origin: { eq: query.origin } });
  if (query.needsHuman) parts.push({ needsHuman: { eq: true } });
  if (query.shareIds) {
    // An assistant with no share matches nothing; an impossible id says so without a special case.
    const ids = query.shareIds.length ? query.shareIds : ['00000000-0000-0000-0000-000000000000'];
    parts.push(ids.length === 1 ? { sharedAssistantID: { eq: ids[0] } } : { or: ids.map((id) => ({ sharedAssistantID: { eq: id } })) });
  }
  if (parts.length === 0) return null;
  return parts.length === 1 ? (parts[0] as Record<string, unknown>) : { and: parts };
}
