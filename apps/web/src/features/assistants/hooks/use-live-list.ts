import { hashKey, type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useAppSync } from '@/app/data-client/app-sync-provider';
import { applyCollectionEvent, type CollectionEvent } from '@/app/startup-data/collection-events';
import type { DataClient } from '@/lib/graphql-client';

/** A row of a live list: its id, and when it last changed (an older copy never replaces a newer one). */
export interface LiveItem {
  id: string;
  updatedAt: string;
}

/** Applies a live change, unless the list already holds a newer copy of the row (an event and a read can cross). */
export function applyLiveChange<T extends LiveItem>(items: readonly T[], change: CollectionEvent<T>): T[] {
  if (change.type !== 'delete') {
    const current = items.find((item) => item.id === change.item.id);
    if (current && current.updatedAt > change.item.updatedAt) return [...items];
  }
  return applyCollectionEvent(items, change, { ignoreDuplicateCreates: false });
}

export interface LiveListSource<T extends LiveItem> {
  queryKey: QueryKey;
  /** False while there is nothing to read yet (no run to read results of). */
  enabled: boolean;
  load: (client: DataClient) => Promise<T[]>;
  /** Subscribes to the list's events; returns the unsubscribe functions. */
  listen: (client: DataClient, apply: (change: CollectionEvent<T>) => void, failed: (error: Error) => void) => (() => void)[];
  order: (a: T, b: T) => number;
}

/**
 * A list read once and then kept current by its subscriptions, in the TanStack Query cache, so it
 * never needs a refresh. Events that arrive before the read has answered wait, then apply on top
 * of it. `liveError` is set when a subscription fails (the socket itself reconnects, and the lists
 * on screen are read again then).
 */
export function useLiveList<T extends LiveItem>(source: LiveListSource<T>) {
  const { client } = useAppSync();
  const queryClient = useQueryClient();
  const buffered = useRef<CollectionEvent<T>[]>([]);
  const [liveError, setLiveError] = useState<Error | null>(null);
  // The callers' functions change every render; the subscriptions follow the list's key, not them.
  const latest = useRef(source);
  latest.current = source;
  const key = hashKey(source.queryKey);
  const active = !!client && source.enabled;

  const query = useQuery({
    queryKey: source.queryKey,
    queryFn: async () => {
      buffered.current = [];
      const items = await latest.current.load(client as DataClient);
      return buffered.current.splice(0).reduce(applyLiveChange, items).sort(latest.current.order);
    },
    enabled: active,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

  useEffect(() => {
    if (!client || !active) return;
    // The key's hash is its JSON: the same key, without depending on the caller's array.
    const queryKey = JSON.parse(key) as QueryKey;
    setLiveError(null);
    const apply = (change: CollectionEvent<T>) => {
      if (queryClient.getQueryData(queryKey) === undefined) {
        buffered.current.push(change);
        return;
      }
      queryClient.setQueryData<T[]>(queryKey, (items) => (items ? applyLiveChange(items, change).sort(latest.current.order) : items));
    };
    const failed = (error: Error) => {
      console.warn('a test suite subscription failed', error);
      setLiveError(error);
    };
    const unsubscribes = latest.current.listen(client, apply, failed);
    return () => {
      for (const unsubscribe of unsubscribes) unsubscribe();
    };
  }, [client, active, key, queryClient]);

  return {
    items: query.data ?? [],
    isLoading: source.enabled && (!client || query.isPending),
    error: query.error,
    liveError,
  };
}
