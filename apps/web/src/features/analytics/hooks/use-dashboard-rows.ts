import { useQuery } from '@tanstack/react-query';
import { useAuth } from '@/app/auth/auth-provider';
import { useAppSync } from '@/app/data-client/app-sync-provider';
import type { DataClient } from '@/lib/graphql-client';
import { dashboardKeys } from '../api/dashboard-keys';
import { listAnalyticsRows } from '../api/list-analytics-rows';

/** Live events bring new rows (use-dashboard-live); this re-read covers a dropped subscription. */
const REREAD_MS = 5 * 60_000;

/** The owner's day rows from `since` on (the window shown and the one before it). */
export function useDashboardRows(since: string) {
  const { client } = useAppSync();
  const { user } = useAuth();
  return useQuery({
    queryKey: dashboardKeys.rows(user?.email, since),
    queryFn: () => listAnalyticsRows(client as DataClient, since),
    enabled: !!client && !!user?.email,
    refetchInterval: REREAD_MS,
    placeholderData: (previous) => previous,
  });
}
