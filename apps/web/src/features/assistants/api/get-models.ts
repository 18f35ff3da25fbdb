import type { ModelsResponse } from '@aisle/contracts/models';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAuth } from '@/app/auth/auth-provider';
import { apiRequest } from '@/lib/api-client';

export type { ModelOption } from '@aisle/contracts/models';

/** `GET /api/models/`: the models assistants can use here, with USD prices per million tokens. */
export const getModels = (token: string | null) => apiRequest<ModelsResponse>('/api/models/', { token });

export const modelsQueryOptions = (getToken: () => Promise<string | null>) =>
  queryOptions({
    queryKey: ['models'],
    queryFn: async () => (await getModels(await getToken())).models,
    // Configuration is fixed at the server's boot, so the list is too.
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useModels() {
  const { sessionStore } = useAuth();
  return useQuery(modelsQueryOptions(() => sessionStore.getValidAccessToken()));
}
