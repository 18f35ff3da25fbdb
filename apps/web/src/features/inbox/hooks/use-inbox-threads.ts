import { useInfiniteQuery } from '@tanstack/react-query';
import { useAuth } from '@/app/auth/auth-provider';
import { useAppSync } from '@/app/data-client/app-sync-provider';
import type { DataClient } from '@/lib/graphql-client';
import { listInboxPage } from '../api/inbox-api';
import { inboxKeys } from '../api/inbox-keys';
import type { InboxQuery } from '../inbox-query';

/**
 * The inbox list for a search and filters, page by page ("Load more"). Live events keep the
 * loaded pages current (use-inbox-live), so the list never polls; it reloads only when opened
 * again after other screens.
 */
export function useInboxThreads(query: InboxQuery) {
  const { client } = useAppSync();
  const { user } = useAuth();
  const ownerEmail = user?.email;
  const result = useInfiniteQuery({
    queryKey: inboxKeys.threads(ownerEmail, query),
    queryFn: ({ pageParam }) => listInboxPage(client as DataClient, ownerEmail as string, query, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextToken ?? undefined,
    enabled: !!client && !!ownerEmail,
    // Events keep it fresh while the screen is open; each visit starts from the server.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
  });
  return {
    threads: result.data?.pages.flatMap((page) => page.items) ?? [],
    isLoading: result.isPending,
    error: result.error,
    hasMore: result.hasNextPage,
    loadingMore: result.isFetchingNextPage,
    loadMore: () => void result.fetchNextPage(),
  };
}
