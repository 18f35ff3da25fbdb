import type { Thread } from '@aisle/contracts/assistants';
import { apiRequest } from '@/lib/api-client';
import type { DataClient } from '@/lib/graphql-client';

/** A thread as the list shows it. */
export type ChatThread = Pick<Thread, 'id' | 'name' | 'assistantID' | 'lastResponseID' | 'createdAt' | 'updatedAt'>;

const threadFields = 'id name assistantID lastResponseID createdAt updatedAt';

/** Spec §9: indexed queries page by 100 here; a merchant's test threads rarely pass one page. */
const THREADS_PAGE_SIZE = 100;

const THREADS_BY_ASSISTANT = `query ThreadsByAssistant($assistantID: ID!, $limit: Int, $nextToken: String) {
  threadsByAssistantID(assistantID: $assistantID, sortDirection: DESC, limit: $limit, nextToken: $nextToken) { items { ${threadFields} } nextToken }
}`;

const RENAME_THREAD = `mutation RenameThread($input: UpdateThreadInput!) { updateThread(input: $input) { ${threadFields} } }`;

export const threadsQueryKey = (ownerEmail: string | undefined, assistantId: string | null) =>
  ['chat-threads', ownerEmail ?? '', assistantId ?? ''] as const;

/** The assistant's threads, newest first. */
export async function listThreads(client: DataClient, assistantId: string): Promise<ChatThread[]> {
  const items: ChatThread[] = [];
  let nextToken: string | null = null;
  do {
    const data: { threadsByAssistantID: { items: (ChatThread | null)[]; nextToken: string | null } } = await client.request(
      THREADS_BY_ASSISTANT,
      { assistantID: assistantId, limit: THREADS_PAGE_SIZE, nextToken },
    );
    for (const item of data.threadsByAssistantID.items) if (item) items.push(item);
    nextToken = data.threadsByAssistantID.nextToken;
  } while (nextToken);
  return items;
}

type Token = string | null;

export const createThread = (token: Token, assistantId: string, name?: string) =>
  apiRequest<ChatThread>('/api/thread/create/', { body: name ? { assistantId, name } : { assistantId }, token });

export const deleteThread = (token: Token, id: string) => apiRequest<null>('/api/thread/delete/', { body: { id }, token });

export async function renameThread(client: DataClient, id: string, name: string): Promise<ChatThread> {
  const data = await client.request<{ updateThread: ChatThread }>(RENAME_THREAD, { input: { id, name } });
  return data.updateThread;
}
