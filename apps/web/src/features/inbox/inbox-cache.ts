import type { InfiniteData } from '@tanstack/react-query';
import type { InboxPage } from './api/inbox-api';
import { type InboxMessage, type InboxThread, isLater, latest, VISITOR_SENDER } from './api/shared-thread-fields';

/**
 * How live events change what the inbox holds (pure functions over the TanStack Query data):
 * threads stay ordered by last activity, newest first, across the loaded pages; applying the
 * same event twice changes nothing; timestamps that only move forward (activity, last read,
 * newest visitor message) never go back when events arrive out of order.
 */
export type InboxData = InfiniteData<InboxPage, string | null>;

export function findThread(data: InboxData | undefined, id: string): InboxThread | undefined {
  for (const page of data?.pages ?? []) {
    const found = page.items.find((thread) => thread.id === id);
    if (found) return found;
  }
  return undefined;
}

/** `next` over `previous`, keeping the later of the forward-only timestamps and the newer preview. */
export function mergeThread(previous: InboxThread | undefined, next: InboxThread): InboxThread {
  if (!previous) return next;
  return {
    ...next,
    lastActivityAt: latest(previous.lastActivityAt, next.lastActivityAt) ?? next.lastActivityAt,
    ownerLastReadAt: latest(previous.ownerLastReadAt, next.ownerLastReadAt),
    lastVisitorMessageAt: latest(previous.lastVisitorMessageAt, next.lastVisitorMessageAt),
    lastMessage:
      previous.lastMessage && (!next.lastMessage || isLater(previous.lastMessage.createdAt, next.lastMessage.createdAt))
        ? previous.lastMessage
        : next.lastMessage,
  };
}

/** A thread after one of its messages: newer activity, preview and (for a visitor's message) unread time. */
export function withMessage(thread: InboxThread, message: InboxMessage): InboxThread {
  const newest = !thread.lastMessage || !isLater(thread.lastMessage.createdAt, message.createdAt);
  return {
    ...thread,
    lastActivityAt: latest(thread.lastActivityAt, message.createdAt) ?? thread.lastActivityAt,
    lastMessage: newest
      ? {
          content: message.content,
          senderType: message.senderType,
          isManualResponse: message.isManualResponse,
          createdAt: message.createdAt,
        }
      : thread.lastMessage,
    lastVisitorMessageAt:
      message.senderType === VISITOR_SENDER ? latest(thread.lastVisitorMessageAt, message.createdAt) : thread.lastVisitorMessageAt,
  };
}

/** Newest first; the same tie-break as the server's index (id, descending). */
const comesBefore = (a: InboxThread, b: InboxThread) =>
  isLater(a.lastActivityAt, b.lastActivityAt) || (a.lastActivityAt === b.lastActivityAt && a.id > b.id);

/**
 * Puts `thread` where its last activity places it, replacing any copy of it. A thread new to the
 * list goes in only when `insert` is set, and only within the loaded range: one older than the
 * last loaded row, with more pages to load, is left for "Load more" to bring.
 */
export function placeThread(data: InboxData, thread: InboxThread, { insert }: { insert: boolean }): InboxData {
  const known = findThread(data, thread.id);
  if (!known && !insert) return data;
  const pages = data.pages.map((page) => ({ ...page, items: page.items.filter((item) => item.id !== thread.id) }));
  for (const page of pages) {
    const index = page.items.findIndex((item) => comesBefore(thread, item));
    if (index !== -1) {
      page.items.splice(index, 0, thread);
      return { ...data, pages };
    }
  }
  const last = pages.at(-1);
  if (!last) return { ...data, pages: [{ items: [thread], nextToken: null }], pageParams: [null] };
  // Past every loaded row: the end of the list only when nothing is left to load.
  if (last.nextToken === null || known) last.items.push(thread);
  return { ...data, pages };
}

/** Changes one thread in place (no reordering unless its activity moved); unknown ids change nothing. */
export function patchThread(data: InboxData, id: string, change: (thread: InboxThread) => InboxThread): InboxData {
  const current = findThread(data, id);
  if (!current) return data;
  const next = change(current);
  if (next.lastActivityAt !== current.lastActivityAt) return placeThread(data, next, { insert: false });
  return { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map((item) => (item.id === id ? next : item)) })) };
}

/** A thread's messages with `message` added once, in time order. */
export function addMessage(messages: readonly InboxMessage[], message: InboxMessage): InboxMessage[] {
  if (messages.some((item) => item.id === message.id)) return [...messages];
  const index = messages.findIndex((item) => isLater(item.createdAt, message.createdAt));
  if (index === -1) return [...messages, message];
  return [...messages.slice(0, index), message, ...messages.slice(index)];
}

/** A thread's messages with `message` (a new state of one of them: a channel reply's delivery) in place. */
export function replaceMessage(messages: readonly InboxMessage[], message: InboxMessage): InboxMessage[] {
  return messages.map((item) => (item.id === message.id ? message : item));
}
