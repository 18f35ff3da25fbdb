import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/app/auth/auth-provider';
import { useAppSync } from '@/app/data-client/app-sync-provider';
import type { DataClient } from '@/lib/graphql-client';
import { getInboxThread, listThreadMessages } from '../api/inbox-api';
import { inboxKeys } from '../api/inbox-keys';
import { findThread, type InboxData } from '../inbox-cache';

/** The open thread: taken from a loaded list when it is there (no request), else fetched by id. */
export function useInboxThread(id: string | null) {
  const { client } = useAppSync();
  const { user } = useAuth();
  const ownerEmail = user?.email;
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: inboxKeys.thread(ownerEmail, id ?? ''),
    queryFn: () => getInboxThread(client as DataClient, id as string),
    enabled: !!client && !!id,
    initialData: () => {
      if (!id) return undefined;
      for (const [, data] of queryClient.getQueriesData<InboxData>({ queryKey: inboxKeys.threadLists(ownerEmail) })) {
        const found = findThread(data, id);
        if (found) return found;
      }
      return undefined;
    },
    // Live events and the owner's actions keep it current.
    staleTime: Number.POSITIVE_INFINITY,
  });
  return { thread: query.data ?? null, isLoading: query.isPending && !!id, error: query.error };
}

/** The open thread's messages, oldest first; new ones arrive through the live events. */
export function useThreadMessages(threadId: string) {
  const { client } = useAppSync();
  const { user } = useAuth();
  const query = useQuery({
    queryKey: inboxKeys.messages(user?.email, threadId),
    queryFn: () => listThreadMessages(client as DataClient, threadId),
    enabled: !!client,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
  });
  return { messages: query.data ?? [], isLoading: query.isPending, error: query.error };
}
