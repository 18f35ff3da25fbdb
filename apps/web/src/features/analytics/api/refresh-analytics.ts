import type { RefreshAnalyticsResponse } from '@aisle/contracts/analytics';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/app/auth/auth-provider';
import { apiRequest } from '@/lib/api-client';
import { dashboardKeys } from './dashboard-keys';

/** `quiet`: asked by the dashboard itself, not by a click; a refusal (429: refreshed too often) is not shown. */
export type RefreshAnalyticsRequest = { quiet?: boolean } | undefined;

/**
 * `POST /api/analytics/refresh/`: the server recomputes the owner's rows and answers once they are
 * written; the dashboard's rows are then read again (the rows' live events would too, a moment later).
 */
export function useRefreshAnalytics() {
  const { user, sessionStore } = useAuth();
  const queryClient = useQueryClient();
  return useMutation<RefreshAnalyticsResponse, Error, RefreshAnalyticsRequest>({
    mutationFn: async () =>
      apiRequest<RefreshAnalyticsResponse>('/api/analytics/refresh/', {
        method: 'POST',
        body: {},
        token: await sessionStore.getValidAccessToken(),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.all(user?.email) }),
  });
}
