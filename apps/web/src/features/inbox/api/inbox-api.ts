import { graphql, type ResultOf } from '@/graphql/graphql';
import { type DataClient, required } from '@/lib/graphql-client';
import { filterInput, type InboxQuery, matchesFilters } from '../inbox-query';
import { type InboxMessage, type InboxThread, MessageFields, ThreadFields, toInboxMessage, toInboxThread } from './shared-thread-fields';

/** The inbox's reads from the data API (spec §7): the indexed thread list, search, one thread, its messages. */

/** Threads per page of the list ("Load more" asks for the next). */
export const INBOX_PAGE_SIZE = 30;
/** Spec §9: messages load 999 at a time. */
const MESSAGES_PAGE_SIZE = 999;

export interface InboxPage {
  items: InboxThread[];
  nextToken: string | null;
}

const THREADS_BY_ACTIVITY = graphql(
  `
  query InboxThreads($ownerEmail: String!, $filter: ModelSharedThreadFilterInput, $limit: Int, $nextToken: String) {
  sharedThreadsByOwnerEmailAndLastActivityAt(ownerEmail: $ownerEmail, sortDirection: DESC, filter: $filter, limit: $limit, nextToken: $nextToken) {
    items { ...ThreadFields } nextToken
  }
}`,
  [ThreadFields],
);

const SEARCH_THREADS = graphql(
  `
  query SearchInboxThreads($query: String!, $sharedAssistantID: ID, $origin: String, $needsHuman: Boolean, $limit: Int, $nextToken: String) {
  searchSharedThreads(query: $query, sharedAssistantID: $sharedAssistantID, origin: $origin, needsHuman: $needsHuman, limit: $limit, nextToken: $nextToken) {
    items { ...ThreadFields } nextToken
  }
}`,
  [ThreadFields],
);

const GET_THREAD = graphql(`query InboxThread($id: ID!) { getSharedThread(id: $id) { ...ThreadFields } }`, [ThreadFields]);

const MESSAGES_BY_THREAD = graphql(
  `
  query InboxMessages($sharedThreadID: ID!, $limit: Int, $nextToken: String) {
  sharedMessagesBySharedThreadID(sharedThreadID: $sharedThreadID, sortDirection: ASC, limit: $limit, nextToken: $nextToken) {
    items { ...MessageFields } nextToken
  }
}`,
  [MessageFields],
);

const present = <T>(items: (T | null)[]) => items.filter((item): item is T => item !== null);

/** One page of the owner's shared threads, most recent activity first, or of the search's matches. */
export async function listInboxPage(
  client: DataClient,
  ownerEmail: string,
  query: InboxQuery,
  nextToken: string | null,
): Promise<InboxPage> {
  if (!query.search) {
    const data = await client.request(THREADS_BY_ACTIVITY, {
      ownerEmail,
      filter: filterInput(query),
      limit: INBOX_PAGE_SIZE,
      nextToken,
    });
    const page = required(data.sharedThreadsByOwnerEmailAndLastActivityAt, 'sharedThreadsByOwnerEmailAndLastActivityAt');
    return { items: present(page.items).map((raw) => toInboxThread(raw)), nextToken: page.nextToken };
  }
  // The search takes one share; an assistant shared several times is narrowed here instead.
  const oneShare = query.shareIds?.length === 1 ? query.shareIds[0] : null;
  const data = await client.request(SEARCH_THREADS, {
    query: query.search,
    sharedAssistantID: oneShare,
    origin: query.origin,
    needsHuman: query.needsHuman || null,
    limit: INBOX_PAGE_SIZE,
    nextToken,
  });
  const page = required(data.searchSharedThreads, 'searchSharedThreads');
  const items = present(page.items)
    .map((raw) => toInboxThread(raw))
    .filter((thread) => matchesFilters(thread, query));
  return { items, nextToken: page.nextToken };
}

/** One thread with its list-row fields; null when it is not (or no longer) the owner's. */
export async function getInboxThread(client: DataClient, id: string): Promise<InboxThread | null> {
  const data = await client.request(GET_THREAD, { id });
  return data.getSharedThread ? toInboxThread(data.getSharedThread) : null;
}

/** A thread's messages, oldest first. */
export async function listThreadMessages(client: DataClient, threadId: string): Promise<InboxMessage[]> {
  const items: InboxMessage[] = [];
  let nextToken: string | null = null;
  do {
    const data: ResultOf<typeof MESSAGES_BY_THREAD> = await client.request(MESSAGES_BY_THREAD, {
      sharedThreadID: threadId,
      limit: MESSAGES_PAGE_SIZE,
      nextToken,
    });
    const page = required(data.sharedMessagesBySharedThreadID, 'sharedMessagesBySharedThreadID');
    for (const raw of present(page.items)) items.push(toInboxMessage(raw));
    nextToken = page.nextToken;
  } while (nextToken);
  return items;
}
