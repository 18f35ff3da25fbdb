import type { GetStartedResponse } from '@aisle/contracts/onboarding';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '@/app/auth/auth-provider';
import { useCollection } from '@/app/startup-data/startup-data-provider';
import { apiRequest } from '@/lib/api-client';

/** `GET /api/users/get-started/`: the merchant's progress, read from their data. */
export const getStarted = (token: string | null) => apiRequest<GetStartedResponse>('/api/users/get-started/', { token });

/** While steps remain, progress made elsewhere (another tab, the server indexing a file) shows within this. */
export const GET_STARTED_REREAD_MS = 5_000;

/**
 * The checklist's progress, ticked live: read again when the merchant's stores or assistants change
 * (the start-up collections' live events), when the page is shown again, and every few seconds while
 * steps remain (a file becoming ready, a channel connected in another tab). Nothing once all are done.
 */
export function useGetStarted() {
  const { user, sessionStore } = useAuth();
  const stores = useCollection<{ id: string }>('stores').items.length;
  const assistants = useCollection<{ id: string }>('assistants').items.length;
  return useQuery({
    queryKey: ['onboarding', 'get-started', user?.email, stores, assistants] as const,
    queryFn: async () => getStarted(await sessionStore.getValidAccessToken()),
    enabled: !!user?.email,
    placeholderData: (previous) => previous,
    refetchOnWindowFocus: 'always',
    refetchInterval: (query) => (query.state.data?.complete ? false : GET_STARTED_REREAD_MS),
  });
}
