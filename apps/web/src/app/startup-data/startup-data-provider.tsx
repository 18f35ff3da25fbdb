import { skipToken, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useAuth } from '@/app/auth/auth-provider';
import { useAppSync } from '@/app/data-client/app-sync-provider';
import { showAlert } from '@/components/alerts/alert-store';
import { STARTUP_ERROR_THROTTLE_MS, STARTUP_PAGE_SIZE } from '@/config/constants';
import { isPlatformAuthPath } from '@/config/paths';
import type { ResultOf } from '@/graphql/graphql';
import { i18n } from '@/i18n/i18n';
import type { DataClient } from '@/lib/graphql-client';
import { applyCollectionEvent, type CollectionStatus, collectionStatus, type Identified, subscriptionErrorText } from './collection-events';
import {
  type CollectionDef,
  type CollectionEventType,
  type CollectionName,
  collectionNames,
  collections,
  initialCollectionFlags,
  subscriptionField,
} from './collections';

/** Spec §8 "Start-up": the load-failure alert, in the interface's language when it is shown. */
export const startupErrorAlert = () =>
  ({
    variant: 'destructive',
    title: i18n.t('common:errors.startupTitle'),
    message: i18n.t('common:errors.startup'),
  }) as const;

export const startupQueryKey = (name: CollectionName, ownerEmail: string | undefined) => ['startup', name, ownerEmail ?? ''] as const;

/** Loads every page of a collection (limit 999 each, spec §9), following nextToken. */
export async function loadCollection(client: DataClient, def: CollectionDef): Promise<Identified[]> {
  const items: Identified[] = [];
  let nextToken: string | null = null;
  do {
    const data: ResultOf<CollectionDef['list']> = await client.request(def.list, { limit: STARTUP_PAGE_SIZE, nextToken });
    const page = data[`list${def.plural}`];
    for (const item of page?.items ?? []) if (item) items.push(item);
    nextToken = page?.nextToken ?? null;
  } while (nextToken);
  return items;
}

type SubscriptionErrors = Partial<Record<CollectionName, string>>;

const StartupDataContext = createContext<{ subscriptionErrors: SubscriptionErrors } | null>(null);

/**
 * Start-up data (spec §4): once the data client is ready and the user signed in, each of the seven
 * collections loads once and then follows its create, update and delete events. Skipped on the
 * platform install and callback paths. A load failure logs the user out (at most once per 5 s).
 */
export function StartupDataProvider({ children }: { children: ReactNode }) {
  const { client } = useAppSync();
  const auth = useAuth();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const ownerEmail = auth.user?.email;
  const enabled = !!client && auth.isAuthenticated && !isPlatformAuthPath(pathname);
  const [subscriptionErrors, setSubscriptionErrors] = useState<SubscriptionErrors>({});
  const lastErrorAt = useRef(Number.NEGATIVE_INFINITY);
  const { logout, isAuthenticated } = auth;

  const results = useQueries({
    queries: collectionNames.map((name) => ({
      queryKey: startupQueryKey(name, ownerEmail),
      queryFn: () => loadCollection(client as DataClient, collections[name]),
      enabled: enabled && initialCollectionFlags[name],
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: Number.POSITIVE_INFINITY,
      retry: false,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
    })),
  });

  const failed = results.find((result) => result.isError);
  useEffect(() => {
    if (!failed) return;
    console.error('start-up data failed to load', failed.error);
    const now = Date.now();
    if (now - lastErrorAt.current < STARTUP_ERROR_THROTTLE_MS) return;
    lastErrorAt.current = now;
    showAlert(startupErrorAlert());
    if (isAuthenticated) logout();
  }, [failed, isAuthenticated, logout]);

  useEffect(() => {
    if (!enabled || !client) return;
    setSubscriptionErrors({});
    const unsubscribes: (() => void)[] = [];
    for (const name of collectionNames) {
      const def = collections[name];
      for (const type of ['create', 'update', 'delete'] as CollectionEventType[]) {
        unsubscribes.push(
          client.subscribe(def.events[type], def.owned ? { ownerEmail } : undefined, {
            next: (data) => {
              const item = data[subscriptionField(def, type)];
              if (!item) return;
              queryClient.setQueryData<Identified[]>(startupQueryKey(name, ownerEmail), (items) =>
                items ? applyCollectionEvent(items, type === 'delete' ? { type, id: item.id } : { type, item }, def) : items,
              );
            },
            error: (error) => {
              console.warn(`${name} ${type} subscription failed`, error);
              setSubscriptionErrors((current) => ({ ...current, [name]: subscriptionErrorText(name) }));
            },
          }),
        );
      }
    }
    return () => {
      for (const unsubscribe of unsubscribes) unsubscribe();
    };
  }, [enabled, client, ownerEmail, queryClient]);

  // Signing out forgets the last user's data.
  useEffect(() => {
    if (!auth.loading && !auth.isAuthenticated) queryClient.removeQueries({ queryKey: ['startup'] });
  }, [auth.loading, auth.isAuthenticated, queryClient]);

  const value = useMemo(() => ({ subscriptionErrors }), [subscriptionErrors]);
  return <StartupDataContext.Provider value={value}>{children}</StartupDataContext.Provider>;
}

export interface CollectionState<T> {
  status: CollectionStatus;
  items: T[];
}

/** One start-up collection with its status (spec §4: not initialised, loading, initialised, error). */
export function useCollection<T extends Identified>(name: CollectionName): CollectionState<T> {
  const context = useContext(StartupDataContext);
  if (!context) throw new Error('useCollection must be used within a StartupDataProvider');
  const { user } = useAuth();
  const { client } = useAppSync();
  // Reads the cache the provider fills; this observer never fetches by itself. It still names the
  // real loader: a query keeps the options of the observer that rendered last, and a read started
  // from outside (the lists read again after the live connection came back) runs with those.
  const query = useQuery<T[]>({
    queryKey: startupQueryKey(name, user?.email),
    queryFn: client ? () => loadCollection(client, collections[name]) as Promise<T[]> : skipToken,
    enabled: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return {
    status: collectionStatus({ ...query, subscriptionError: context.subscriptionErrors[name] }),
    items: (query.data as T[] | undefined) ?? [],
  };
}
