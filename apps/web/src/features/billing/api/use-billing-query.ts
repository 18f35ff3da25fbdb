import { type QueryKey, useQuery } from '@tanstack/react-query';
import { useAuth } from '@/app/auth/auth-provider';
import { apiRequest } from '@/lib/api-client';

/** A GET of the billing calls for the signed-in user, with a valid token. */
export function useBillingQuery<T>(key: (email: string | undefined) => QueryKey, path: string, options: { enabled?: boolean } = {}) {
  const { user, sessionStore } = useAuth();
  return useQuery({
    queryKey: key(user?.email),
    queryFn: async () => apiRequest<T>(path, { token: await sessionStore.getValidAccessToken() }),
    enabled: !!user?.email && (options.enabled ?? true),
  });
}
