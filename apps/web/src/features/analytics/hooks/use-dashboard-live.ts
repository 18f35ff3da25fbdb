import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuth } from '@/app/auth/auth-provider';
import { useAppSync } from '@/app/data-client/app-sync-provider';
import { graphql } from '@/graphql/graphql';
import { dashboardKeys } from '../api/dashboard-keys';

const ON_CREATE = graphql(`subscription ($ownerEmail: String) { onCreateCustomerValueAnalytics(ownerEmail: $ownerEmail) { id } }`);
const ON_UPDATE = graphql(`subscription ($ownerEmail: String) { onUpdateCustomerValueAnalytics(ownerEmail: $ownerEmail) { id } }`);

/** A refresh writes its rows in one burst: the dashboard reads them once it has settled. */
const SETTLE_MS = 300;

/**
 * The dashboard, live: when the worker (a thread went quiet, the hourly round) or a refresh writes
 * rows, the owner's rows are read again, once per burst.
 */
export function useDashboardLive() {
  const { client } = useAppSync();
  const { user } = useAuth();
  const email = user?.email;
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!client || !email) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reread = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: dashboardKeys.all(email) }), SETTLE_MS);
    };
    const variables = { ownerEmail: email };
    const sink = { next: reread, error: (cause: Error) => console.warn('analytics subscription failed', cause) };
    const stops = [client.subscribe(ON_CREATE, variables, sink), client.subscribe(ON_UPDATE, variables, sink)];
    return () => {
      clearTimeout(timer);
      for (const stop of stops) stop();
    };
  }, [client, email, queryClient]);
}
