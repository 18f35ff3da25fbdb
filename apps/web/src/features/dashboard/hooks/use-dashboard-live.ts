import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuth } from '@/app/auth/auth-provider';
import { useAppSync } from '@/app/data-client/app-sync-provider';
import { dashboardKeys } from '../api/dashboard-keys';

const events = ['Create', 'Update'] as const;
const subscription = (event: (typeof events)[number]) =>
  `subscription ($ownerEmail: String) { on${event}CustomerValueAnalytics(ownerEmail: $ownerEmail) { id } }`;

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
    const stops = events.map((event) =>
      client.subscribe(
        subscription(event),
        { ownerEmail: email },
        { next: reread, error: (cause) => console.warn('analytics subscription failed', cause) },
      ),
    );
    return () => {
      clearTimeout(timer);
      for (const stop of stops) stop();
    };
  }, [client, email, queryClient]);
}
