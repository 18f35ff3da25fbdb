import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAuth } from '@/features/auth/auth-provider';
import { apiRequest } from '@/lib/api-client';

/**
 * `GET /api/models/`: the models assistants can use here, with USD prices per million tokens.
 * The shape is the server's (apps/server/src/domains/ai/model-routes.ts) until it moves to the
 * contracts package.
 */
export interface ModelOption {
  id: string;
  provider: 'openai' | 'anthropic' | 'local' | (string & {});
  name: string;
  pricing: { inputPerMillion: number; outputPerMillion: number; cachedInputPerMillion: number; asOf: string; priced?: boolean };
  default: boolean;
}

export const getModels = (token: string | null) => apiRequest<{ models: ModelOption[] }>('/api/models/', { token });

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
