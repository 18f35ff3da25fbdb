import type { Thread } from '@aisle/contracts/assistants';
import { graphql, type ResultOf } from '@/graphql/graphql';
import { apiRequest } from '@/lib/api-client';
import { type DataClient, required } from '@/lib/graphql-client';

/** A thread as the list shows it. */
export type ChatThread = Pick<Thread, 'id' | 'name' | 'assistantID' | 'lastResponseID' | 'createdAt' | 'updatedAt'>;

const ChatThreadFields = graphql(`
  fragment ChatThreadFields on Thread { id name assistantID lastResponseID createdAt updatedAt }
`);

/** Spec §9: indexed queries page by 100 here; a merchant's test threads rarely pass one page. */
const THREADS_PAGE_SIZE = 100;

const THREADS_BY_ASSISTANT = graphql(
  `query ThreadsByAssistant($assistantID: ID!, $limit: Int, $nextToken: String) {
  threadsByAssistantID(assistantID: $assistantID, sortDirection: DESC, limit: $limit, nextToken: $nextToken) { items { ...ChatThreadFields } nextToken }
}`,
  [ChatThreadFields],
);

const RENAME_THREAD = graphql(`mutation RenameThread($input: UpdateThreadInput!) { updateThread(input: $input) { ...ChatThreadFields } }`, [
  ChatThreadFields,
]);

export const threadsQueryKey = (ownerEmail: string | undefined, assistantId: string | null) =>
  ['chat-threads', ownerEmail ?? '', assistantId ?? ''] as const;

/** The assistant's threads, newest first. */
export async function listThreads(client: DataClient, assistantId: string): Promise<ChatThread[]> {
  const items: ChatThread[] = [];
  let nextToken: string | null = null;
  do {
    const data: ResultOf<typeof THREADS_BY_ASSISTANT> = await client.request(THREADS_BY_ASSISTANT, {
      assistantID: assistantId,
      limit: THREADS_PAGE_SIZE,
      nextToken,
    });
    const page = required(data.threadsByAssistantID, 'threadsByAssistantID');
    for (const item of page.items) if (item) items.push(item);
    nextToken = page.nextToken;
  } while (nextToken);
  return items;
}

type Token = string | null;

export const createThread = (token: Token, assistantId: string, name?: string) =>
  apiRequest<ChatThread>('/api/thread/create/', { body: name ? { assistantId, name } : { assistantId }, token });

export const deleteThread = (token: Token, id: string) => apiRequest<null>('/api/thread/delete/', { body: { id }, token });

export async function renameThread(client: DataClient, id: string, name: string): Promise<ChatThread> {
  const data = await client.request(RENAME_THREAD, { input: { id, name } });
  return required(data.updateThread, 'updateThread');
}
