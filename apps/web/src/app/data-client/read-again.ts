import type { QueryClient } from '@tanstack/react-query';

/**
 * Whatever changed while the live connection was not up is read again, so nothing stays stale:
 * after it was lost, every list on screen; at the first connection, the lists read (or being read)
 * before it, since a change made between their read and their subscription reached neither (a
 * notification sent just as the app opened). After a macrotask, so that the subscriptions, sent
 * right after the connection, reach the server before these reads do.
 */
export function readAgainAfterConnecting(queryClient: QueryClient, again: boolean) {
  const connectedAt = Date.now();
  const fetching = new Set(
    queryClient
      .getQueryCache()
      .findAll({ fetchStatus: 'fetching' })
      .map((query) => query.queryHash),
  );
  setTimeout(() => {
    void queryClient.invalidateQueries(
      again
        ? undefined
        : {
            predicate: (query) =>
              fetching.has(query.queryHash) || (query.state.dataUpdatedAt > 0 && query.state.dataUpdatedAt < connectedAt),
          },
    );
  }, 0);
}
