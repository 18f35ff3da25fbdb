import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useAuth } from '@/app/auth/auth-provider';
import { useAppSync } from '@/app/data-client/app-sync-provider';
import { applyCollectionEvent, type CollectionEvent } from '@/app/startup-data/collection-events';
import { STARTUP_PAGE_SIZE } from '@/config/constants';
import { graphql, type ResultOf } from '@/graphql/graphql';
import { type DataClient, required } from '@/lib/graphql-client';
import { applyBufferedFileEvents } from '../file-events';
import { type StoreFile, StoreFileFields, toStoreFile } from '../store-file';

const LIST_FILES = graphql(
  `query ListStoreFiles($filter: ModelFileFilterInput, $limit: Int, $nextToken: String) {
  listFiles(filter: $filter, limit: $limit, nextToken: $nextToken) { items { ...StoreFileFields } nextToken }
}`,
  [StoreFileFields],
);

const ON_CREATE_FILE = graphql(
  `subscription ($ownerEmail: String, $filter: ModelSubscriptionFileFilterInput) { onCreateFile(ownerEmail: $ownerEmail, filter: $filter) { ...StoreFileFields } }`,
  [StoreFileFields],
);
const ON_UPDATE_FILE = graphql(
  `subscription ($ownerEmail: String, $filter: ModelSubscriptionFileFilterInput) { onUpdateFile(ownerEmail: $ownerEmail, filter: $filter) { ...StoreFileFields } }`,
  [StoreFileFields],
);
const ON_DELETE_FILE = graphql(
  `subscription ($ownerEmail: String, $filter: ModelSubscriptionFileFilterInput) { onDeleteFile(ownerEmail: $ownerEmail, filter: $filter) { ...StoreFileFields } }`,
  [StoreFileFields],
);

export const storeFilesQueryKey = (ownerEmail: string | undefined, storeId: string | null) =>
  ['store-files', ownerEmail ?? '', storeId ?? ''] as const;

async function loadStoreFiles(client: DataClient, storeId: string): Promise<StoreFile[]> {
  const items: StoreFile[] = [];
  let nextToken: string | null = null;
  do {
    const data: ResultOf<typeof LIST_FILES> = await client.request(LIST_FILES, {
      filter: { storeID: { eq: storeId } },
      limit: STARTUP_PAGE_SIZE,
      nextToken,
    });
    const page = required(data.listFiles, 'listFiles');
    for (const item of page.items) if (item) items.push(toStoreFile(item));
    nextToken = page.nextToken;
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
    const variables = { ownerEmail, filter: { storeID: { eq: storeId } } };
    const apply = (event: 'create' | 'update' | 'delete', raw: ResultOf<typeof StoreFileFields> | null) => {
      if (!raw) return;
      const item = toStoreFile(raw);
      const change: CollectionEvent<StoreFile> = event === 'delete' ? { type: 'delete', id: item.id } : { type: 'update', item };
      if (queryClient.getQueryData<StoreFile[]>(key) === undefined) {
        buffered.current.push(change);
        return;
      }
      queryClient.setQueryData<StoreFile[]>(key, (items) =>
        items ? applyCollectionEvent(items, change, { ignoreDuplicateCreates: false }) : items,
      );
    };
    const failed = (event: string) => (error: Error) => console.warn(`file ${event} subscription failed`, error);
    const unsubscribes = [
      client.subscribe(ON_CREATE_FILE, variables, { next: (data) => apply('create', data.onCreateFile), error: failed('create') }),
      client.subscribe(ON_UPDATE_FILE, variables, { next: (data) => apply('update', data.onUpdateFile), error: failed('update') }),
      client.subscribe(ON_DELETE_FILE, variables, { next: (data) => apply('delete', data.onDeleteFile), error: failed('delete') }),
    ];
    return () => {
      for (const unsubscribe of unsubscribes) unsubscribe();
    };
  }, [client, storeId, ownerEmail, queryClient]);

  return { files: query.data ?? [], isLoading: query.isPending && !!storeId, error: query.error };
}
