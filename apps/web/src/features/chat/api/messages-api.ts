import type { ChatMessage } from '@aisle/contracts/chat';
import type { DataClient } from '@/lib/graphql-client';

/** A stored message as the conversation needs it. */
export type ThreadMessage = Pick<ChatMessage, 'id' | 'content' | 'senderType' | 'provider' | 'model' | 'llmUsage' | 'createdAt'>;

/** Spec §9: messages load 999 at a time. */
const MESSAGES_PAGE_SIZE = 999;

const MESSAGES_BY_THREAD = `query MessagesByThread($threadID: ID!, $limit: Int, $nextToken: String) {
  messagesByThreadID(threadID: $threadID, sortDirection: ASC, limit: $limit, nextToken: $nextToken) {
    items { id content senderType provider model llmUsage createdAt } nextToken
  }
}`;

export const messagesQueryKey = (ownerEmail: string | undefined, threadId: string | null) =>
  ['chat-messages', ownerEmail ?? '', threadId ?? ''] as const;

/** The thread's messages, oldest first. */
export async function listMessages(client: DataClient, threadId: string): Promise<ThreadMessage[]> {
  const items: ThreadMessage[] = [];
  let nextToken: string | null = null;
  do {
    const data: { messagesByThreadID: { items: (ThreadMessage | null)[]; nextToken: string | null } } = await client.request(
      MESSAGES_BY_THREAD,
      { threadID: threadId, limit: MESSAGES_PAGE_SIZE, nextToken },
    );
    for (const item of data.messagesByThreadID.items) if (item) items.push(item);
    nextToken = data.messagesByThreadID.nextToken;
  } while (nextToken);
  return items;
}
