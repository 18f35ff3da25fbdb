import type { SocialSummary } from '@aisle/contracts/channels';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAuth } from '@/app/auth/auth-provider';
import { apiRequest } from '@/lib/api-client';
import { channelsKeys } from './channels-keys';

type TokenSource = () => Promise<string | null>;

/** GET meta/social/: the owner's accounts per channel (spec §7 "Social"). */
export const getSocialSummary = async (getToken: TokenSource) =>
  apiRequest<SocialSummary>('/api/meta/social/', { token: await getToken() });

export const socialSummaryQueryOptions = (getToken: TokenSource, email: string | undefined) =>
  queryOptions({
    queryKey: channelsKeys.summary(email),
    queryFn: () => getSocialSummary(getToken),
    enabled: !!email,
    // Webhooks and sends change "last message" and "last send error" behind the screen's back.
    refetchInterval: 30_000,
  });

export function useSocialSummary() {
  const { user, sessionStore } = useAuth();
  return useQuery(socialSummaryQueryOptions(sessionStore.getValidAccessToken, user?.email));
}
