import type { ChatMessage } from '@aisle/contracts/chat';
import { graphql, type ResultOf } from '@/graphql/graphql';
import { type DataClient, required } from '@/lib/graphql-client';

/** A stored message as the conversation needs it. */
export type ThreadMessage = Pick<ChatMessage, 'id' | 'content' | 'senderType' | 'provider' | 'model' | 'llmUsage' | 'createdAt'>;

/** Spec §9: messages load 999 at a time. */
const MESSAGES_PAGE_SIZE = 999;

const MESSAGES_BY_THREAD = graphql(`query MessagesByThread($threadID: ID!, $limit: Int, $nextToken: String) {
  messagesByThreadID(threadID: $threadID, sortDirection: ASC, limit: $limit, nextToken: $nextToken) {
    items { id content senderType provider model llmUsage createdAt } nextToken
  }
}`);

export const messagesQueryKey = (ownerEmail: string | undefined, threadId: string | null) =>
  ['chat-messages', ownerEmail ?? '', threadId ?? ''] as const;

/** The thread's messages, oldest first. */
export async function listMessages(client: DataClient, threadId: string): Promise<ThreadMessage[]> {
  const items: ThreadMessage[] = [];
  let nextToken: string | null = null;
  do {
    const data: ResultOf<typeof MESSAGES_BY_THREAD> = await client.request(MESSAGES_BY_THREAD, {
      threadID: threadId,
      limit: MESSAGES_PAGE_SIZE,
      nextToken,
    });
    const page = required(data.messagesByThreadID, 'messagesByThreadID');
    for (const item of page.items) if (item) items.push(item);
    nextToken = page.nextToken;
  } while (nextToken);
  return items;
}
