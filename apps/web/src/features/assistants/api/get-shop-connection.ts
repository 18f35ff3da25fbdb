import type { OrderHelpShopResponse } from '@aisle/contracts/commerce';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAuth } from '@/app/auth/auth-provider';
import { apiRequest } from '@/lib/api-client';

/**
 * `GET /api/assistant/order-help/`: whether the owner has a connected Shopify store, which the
 * built-in order help needs (the editor says so, with a link to connect one, when there is none).
 * It answers on every server, Shopify configured or not (`/api/sh/` answers 404 without it).
 */
export const getShopConnected = async (token: string | null) =>
  (await apiRequest<OrderHelpShopResponse>('/api/assistant/order-help/', { token })).shopDomain !== null;

export const shopConnectionQueryOptions = (email: string | undefined, getToken: () => Promise<string | null>) =>
  queryOptions({
    queryKey: ['assistants', email, 'shop-connected'],
    queryFn: async () => getShopConnected(await getToken()),
    enabled: !!email,
    staleTime: 60_000,
  });

/** True or false once known; undefined while it loads or when it cannot be read (then no note is shown). */
export function useShopConnected(): boolean | undefined {
  const { user, sessionStore } = useAuth();
  return useQuery(shopConnectionQueryOptions(user?.email, () => sessionStore.getValidAccessToken())).data;
}
