import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useAuth } from '@/app/auth/auth-provider';
import { useAppSync } from '@/app/data-client/app-sync-provider';
import { applyCollectionEvent, type CollectionEvent } from '@/app/startup-data/collection-events';
import { STARTUP_PAGE_SIZE } from '@/config/constants';
import type { DataClient } from '@/lib/graphql-client';
import { applyBufferedFileEvents } from '../file-events';
import { type StoreFile, storeFileFields } from '../store-file';

const LIST_FILES = `query ListStoreFiles($filter: ModelFileFilterInput, $limit: Int, $nextToken: String) {
  listFiles(filter: $filter, limit: $limit, nextToken: $nextToken) { items { ${storeFileFields} } nextToken }
}`;

const events = ['Create', 'Update', 'Delete'] as const;
const subscription = (event: (typeof events)[number]) =>
  `subscription ($ownerEmail: String, $filter: ModelSubscriptionFileFilterInput) { on${event}File(ownerEmail: $ownerEmail, filter: $filter) { ${storeFileFields} } }`;

export const storeFilesQueryKey = (ownerEmail: string | undefined, storeId: string | null) =>
  ['store-files', ownerEmail ?? '', storeId ?? ''] as const;

async function loadStoreFiles(client: DataClient, storeId: string): Promise<StoreFile[]> {
  const items: StoreFile[] = [];
  let nextToken: string | null = null;
  do {
    const data: { listFiles: { items: (StoreFile | null)[]; nextToken: string | null } } = await client.request(LIST_FILES, {
      filter: { storeID: { eq: storeId } },
      limit: STARTUP_PAGE_SIZE,
      nextToken,
    });
    for (const item of data.listFiles.items) if (item) items.push(item);
    nextToken = data.listFiles.nextToken;
  } while (nextToken);
  return items;
}

/**
 * A store's files, live: loaded once, then kept current by the File create, update and delete
 * events for that store (processing progress, ready, failed), so the list never needs a refresh.
 */
export function useStoreFiles(storeId: string | null) {
  const { client } = useAppSync();
  const { user } = useAuth();
  const ownerEmail = user?.email;
  const queryClient = useQueryClient();
  const queryKey = storeFilesQueryKey(ownerEmail, storeId);
  // Events that arrive before the list has loaded wait here, then apply on top of it.
  const buffered = useRef<CollectionEvent<StoreFile>[]>([]);

  const query = useQuery({
    queryKey,
    queryFn: async () => {
      buffered.current = [];
      const items = await loadStoreFiles(client as DataClient, storeId as string);
      const events = buffered.current;
      buffered.current = [];
      return applyBufferedFileEvents(items, events);
    },
    enabled: !!client && !!storeId,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

  useEffect(() => {
    if (!client || !storeId) return;
    const key = storeFilesQueryKey(ownerEmail, storeId);
    const unsubscribes = events.map((event) =>
      client.subscribe<Record<string, StoreFile | null>>(
        subscription(event),
        { ownerEmail, filter: { storeID: { eq: storeId } } },
        {
          next: (data) => {
            const item = data[`on${event}File`];
            if (!item) return;
            const change: CollectionEvent<StoreFile> = event === 'Delete' ? { type: 'delete', id: item.id } : { type: 'update', item };
            if (queryClient.getQueryData<StoreFile[]>(key) === undefined) {
              buffered.current.push(change);
              return;
            }
            queryClient.setQueryData<StoreFile[]>(key, (items) =>
              items ? applyCollectionEvent(items, change, { ignoreDuplicateCreates: false }) : items,
            );
          },
          error: (error) => console.warn(`file ${event.toLowerCase()} subscription failed`, error),
        },
      ),
    );
    return () => {
      for (const unsubscribe of unsubscribes) unsubscribe();
    };
  }, [client, storeId, ownerEmail, queryClient]);

  return { files: query.data ?? [], isLoading: query.isPending && !!storeId, error: query.error };
}
