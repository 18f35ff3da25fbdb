import type { QueryClient } from '@tanstack/react-query';
import { inboxKeys } from './api/inbox-keys';
import {
  type InboxMessage,
  type InboxThread,
  type RawMessage,
  type RawThread,
  toInboxMessage,
  toInboxThread,
} from './api/shared-thread-fields';
import { addMessage, findThread, type InboxData, mergeThread, patchThread, placeThread, replaceMessage, withMessage } from './inbox-cache';
import { type InboxQuery, matchesFilters } from './inbox-query';

/**
 * Applies live events and the owner's own changes to every cached inbox list (each filter and
 * search has its own), to the open thread and to its messages. A thread an event names but no
 * list holds yet (its create event was missed, or it sat on a page not loaded) is fetched once
 * through `fetchThread` and placed, so a busy older conversation still comes to the top.
 */
export type FetchThread = (id: string) => Promise<InboxThread | null>;

function threadLists(queryClient: QueryClient, ownerEmail: string) {
  return queryClient
    .getQueryCache()
    .findAll({ queryKey: inboxKeys.threadLists(ownerEmail) })
    .map((query) => ({ key: query.queryKey, query: query.queryKey[3] as InboxQuery, data: query.state.data as InboxData | undefined }));
}

/** Whether a list may take a thread it does not hold: filters match, and no search (only the server can judge that). */
const accepts = (query: InboxQuery, thread: InboxThread) => !query.search && matchesFilters(thread, query);

/** Changes one thread wherever it is cached; lists that do not hold it are left alone. */
export function patchThreadEverywhere(
  queryClient: QueryClient,
  ownerEmail: string,
  id: string,
  change: (thread: InboxThread) => InboxThread,
): void {
  for (const list of threadLists(queryClient, ownerEmail)) {
    if (list.data) queryClient.setQueryData<InboxData>(list.key, patchThread(list.data, id, change));
  }
  queryClient.setQueryData<InboxThread | null>(inboxKeys.thread(ownerEmail, id), (thread) => (thread ? change(thread) : thread));
}

/** Puts a complete thread (a create event's, or one just fetched) in every list that accepts it. */
export function placeThreadEverywhere(queryClient: QueryClient, ownerEmail: string, thread: InboxThread): void {
  for (const list of threadLists(queryClient, ownerEmail)) {
    if (!list.data) continue;
    const merged = mergeThread(findThread(list.data, thread.id), thread);
    queryClient.setQueryData<InboxData>(list.key, placeThread(list.data, merged, { insert: accepts(list.query, merged) }));
  }
  queryClient.setQueryData<InboxThread | null>(inboxKeys.thread(ownerEmail, thread.id), (current) =>
    current ? mergeThread(current, thread) : current,
  );
}

/**
 * `onCreateSharedThread` (`complete`: the event carries the list-row fields) or
 * `onUpdateSharedThread` (the thread's own fields only: preview and assistant name are kept).
 */
export async function applyThreadEvent(
  queryClient: QueryClient,
  ownerEmail: string,
  raw: RawThread,
  { complete, fetchThread }: { complete: boolean; fetchThread: FetchThread },
): Promise<void> {
  let missing = false;
  for (const list of threadLists(queryClient, ownerEmail)) {
    if (!list.data) continue;
    const previous = findThread(list.data, raw.id);
    const thread = mergeThread(previous, toInboxThread(raw, previous));
    if (previous || complete) {
      queryClient.setQueryData<InboxData>(list.key, placeThread(list.data, thread, { insert: accepts(list.query, thread) }));
    } else if (accepts(list.query, thread)) {
      missing = true;
    }
  }
  queryClient.setQueryData<InboxThread | null>(inboxKeys.thread(ownerEmail, raw.id), (current) =>
    current ? mergeThread(current, toInboxThread(raw, current)) : current,
  );
  if (missing) await fetchAndPlace(queryClient, ownerEmail, raw.id, fetchThread);
}

/** `onCreateSharedMessage`: into the thread's messages (once), and the thread's preview, unread state and place. */
export async function applyMessageEvent(
  queryClient: QueryClient,
  ownerEmail: string,
  raw: RawMessage,
  { fetchThread }: { fetchThread: FetchThread },
): Promise<InboxMessage> {
  const message = toInboxMessage(raw);
  queryClient.setQueryData<InboxMessage[]>(inboxKeys.messages(ownerEmail, message.sharedThreadID), (messages) =>
    messages ? addMessage(messages, message) : messages,
  );
  let missing = false;
  for (const list of threadLists(queryClient, ownerEmail)) {
    if (!list.data) continue;
    if (findThread(list.data, message.sharedThreadID)) {
      queryClient.setQueryData<InboxData>(
        list.key,
        patchThread(list.data, message.sharedThreadID, (thread) => withMessage(thread, message)),
      );
    } else if (!list.query.search) {
      missing = true;
    }
  }
  queryClient.setQueryData<InboxThread | null>(inboxKeys.thread(ownerEmail, message.sharedThreadID), (thread) =>
    thread ? withMessage(thread, message) : thread,
  );
  if (missing) await fetchAndPlace(queryClient, ownerEmail, message.sharedThreadID, fetchThread);
  return message;
}

async function fetchAndPlace(queryClient: QueryClient, ownerEmail: string, id: string, fetchThread: FetchThread) {
  const thread = await fetchThread(id);
  if (thread) placeThreadEverywhere(queryClient, ownerEmail, thread);
}

/** `onUpdateSharedMessage`: a channel reply's delivery changed (sent, or failed and why). */
export function applyMessageUpdate(queryClient: QueryClient, ownerEmail: string, raw: RawMessage): void {
  const message = toInboxMessage(raw);
  queryClient.setQueryData<InboxMessage[]>(inboxKeys.messages(ownerEmail, message.sharedThreadID), (messages) =>
    messages ? replaceMessage(messages, message) : messages,
  );
}
