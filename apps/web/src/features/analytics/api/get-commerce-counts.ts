import type { CommerceCountsResponse, CommerceDayCounts } from '@aisle/contracts/analytics';
import { commerceCountsResponseSchema } from '@aisle/contracts/analytics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAuth } from '@/app/auth/auth-provider';
import { apiRequest } from '@/lib/api-client';
import type { DashboardFilter } from '../dashboard-summary';
import { dashboardKeys } from './dashboard-keys';

/** Live events and refreshes read the counts again (they are under the dashboard's key); this covers a dropped subscription. */
const REREAD_MS = 5 * 60_000;

/** The dashboard's filter as the counts call takes it: one assistant, or one channel. */
export function commerceFilterParams(filter: DashboardFilter): Record<string, string> {
  if (filter.kind === 'assistant') return { assistantId: filter.id };
  if (filter.kind === 'channel') return { channel: filter.channel };
  return {};
}

/** `GET /api/analytics/commerce/`: the owner's orders helped, returns started and cart additions from chat, per UTC day. */
export async function getCommerceCounts(token: string | null, since: string, filter: Record<string, string>): Promise<CommerceDayCounts[]> {
  const query = new URLSearchParams({ since, ...filter });
  const answer = await apiRequest<CommerceCountsResponse>(`/api/analytics/commerce/?${query}`, { token });
  return commerceCountsResponseSchema.parse(answer).days;
}

export const commerceCountsQueryOptions = (
  email: string | undefined,
  since: string,
  filter: DashboardFilter,
  getToken: () => Promise<string | null>,
) => {
  const params = commerceFilterParams(filter);
  return queryOptions({
    queryKey: dashboardKeys.commerce(email, since, params),
    queryFn: async () => getCommerceCounts(await getToken(), since, params),
    enabled: !!email,
    refetchInterval: REREAD_MS,
    placeholderData: (previous) => previous,
  });
};

/** The counts from `since` (ISO) on, for the dashboard's filter: the window shown and the one before. */
export function useCommerceCounts(since: string, filter: DashboardFilter) {
  const { user, sessionStore } = useAuth();
  return useQuery(commerceCountsQueryOptions(user?.email, since, filter, () => sessionStore.getValidAccessToken()));
}
