import type { InboxQuery } from '../inbox-query';

/** The inbox's query keys, all under one owner-scoped root so signing out or live events reach every list. */
export const inboxKeys = {
  root: (ownerEmail: string | undefined) => ['inbox', ownerEmail ?? ''] as const,
  threadLists: (ownerEmail: string | undefined) => ['inbox', ownerEmail ?? '', 'threads'] as const,
  threads: (ownerEmail: string | undefined, query: InboxQuery) => ['inbox', ownerEmail ?? '', 'threads', query] as const,
  thread: (ownerEmail: string | undefined, id: string) => ['inbox', ownerEmail ?? '', 'thread', id] as const,
  messages: (ownerEmail: string | undefined, threadId: string) => ['inbox', ownerEmail ?? '', 'messages', threadId] as const,
  needsPerson: (ownerEmail: string | undefined) => ['inbox', ownerEmail ?? '', 'needs-person'] as const,
  unanswered: (ownerEmail: string | undefined) => ['inbox', ownerEmail ?? '', 'unanswered'] as const,
  shares: (ownerEmail: string | undefined) => ['inbox', ownerEmail ?? '', 'shares'] as const,
};
