import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAuth } from '@/app/auth/auth-provider';
import { useAppSync } from '@/app/data-client/app-sync-provider';
import type { DataClient } from '@/lib/graphql-client';
import { listMessages, messagesQueryKey, type ThreadMessage } from '../api/messages-api';

/** A thread's stored messages, oldest first; `append` adds a finished turn without a reload. */
export function useMessages(threadId: string | null) {
  const { client } = useAppSync();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const ownerEmail = user?.email;

  const query = useQuery({
    queryKey: messagesQueryKey(ownerEmail, threadId),
    queryFn: () => listMessages(client as DataClient, threadId as string),
    enabled: !!client && !!threadId,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

  const append = useCallback(
    (forThread: string, added: ThreadMessage[]) =>
      queryClient.setQueryData<ThreadMessage[]>(messagesQueryKey(ownerEmail, forThread), (messages) => {
        const known = new Set((messages ?? []).map((message) => message.id));
        return [...(messages ?? []), ...added.filter((message) => !known.has(message.id))];
      }),
    [queryClient, ownerEmail],
  );

  return { messages: query.data ?? [], isLoading: query.isPending && !!threadId, error: query.error, append };
}
