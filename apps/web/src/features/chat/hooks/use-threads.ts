import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/app/auth/auth-provider';
import { useAppSync } from '@/app/data-client/app-sync-provider';
import { i18n } from '@/i18n/i18n';
import type { DataClient } from '@/lib/graphql-client';
import { type ChatThread, createThread, deleteThread, listThreads, renameThread, threadsQueryKey } from '../api/threads-api';

const byNewest = (a: ChatThread, b: ChatThread) => b.createdAt.localeCompare(a.createdAt);

/**
 * An assistant's threads, newest first, with create, rename and delete that update the list at
 * once (threads have no live events: only this screen changes them).
 */
export function useThreads(assistantId: string | null) {
  const { client } = useAppSync();
  const { user, sessionStore } = useAuth();
  const queryClient = useQueryClient();
  const queryKey = threadsQueryKey(user?.email, assistantId);

  const query = useQuery({
    queryKey,
    queryFn: () => listThreads(client as DataClient, assistantId as string),
    enabled: !!client && !!assistantId,
    staleTime: 30_000,
  });

  const update = (change: (threads: ChatThread[]) => ChatThread[]) =>
    queryClient.setQueryData<ChatThread[]>(queryKey, (threads) => change(threads ?? []).sort(byNewest));

  return {
    threads: query.data ?? [],
    isLoading: query.isPending && !!assistantId,
    error: query.error,
    async create(name?: string): Promise<ChatThread> {
      const thread = await createThread(await sessionStore.getValidAccessToken(), assistantId as string, name);
      update((threads) => [thread, ...threads.filter((t) => t.id !== thread.id)]);
      return thread;
    },
    async rename(id: string, name: string): Promise<void> {
      if (!client) throw new Error(i18n.t('chat:errors.notConnected'));
      const renamed = await renameThread(client, id, name);
      update((threads) => threads.map((t) => (t.id === id ? { ...t, ...renamed } : t)));
    },
    async remove(id: string): Promise<void> {
      await deleteThread(await sessionStore.getValidAccessToken(), id);
      update((threads) => threads.filter((t) => t.id !== id));
    },
  };
}
