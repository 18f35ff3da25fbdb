import type { ShopSettings, ShopSettingsUpdate, UserStore } from '@aisle/contracts/shopify';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/app/auth/auth-provider';
import { type ShopRequestSession, shopRequest } from './shop-request';

export interface ShopInfo {
  shop: string;
  name: string;
  currency: string;
  catalogStoreId: string | null;
  catalogSyncedAt: string | null;
}

export const shopQueryKeys = {
  stores: ['shopify', 'user-stores'] as const,
  shop: ['shopify', 'shop'] as const,
  settings: ['shopify', 'settings'] as const,
};

const useShopSession = (): ShopRequestSession => useAuth().sessionStore;

/** GET sh/user-stores/: the connection and its status (needs reauthorisation, last sync). */
export function useUserStores() {
  const session = useShopSession();
  return useQuery({
    queryKey: shopQueryKeys.stores,
    queryFn: () => shopRequest<{ results: UserStore[] }>(session, '/api/sh/user-stores/').then((page) => page.results),
  });
}

/** GET sh/shop/: the shop as Shopify reports it now (a live call: the reauthorisation path). */
export function useShopInfo() {
  const session = useShopSession();
  return useQuery({ queryKey: shopQueryKeys.shop, queryFn: () => shopRequest<ShopInfo>(session, '/api/sh/shop/'), retry: false });
}

export function useShopSettings() {
  const session = useShopSession();
  return useQuery({ queryKey: shopQueryKeys.settings, queryFn: () => shopRequest<ShopSettings>(session, '/api/sh/settings/') });
}

export function useSaveShopSettings() {
  const session = useShopSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ShopSettingsUpdate) => shopRequest<ShopSettings>(session, '/api/sh/settings/', { body: changes }),
    onSuccess: (settings) => queryClient.setQueryData(shopQueryKeys.settings, settings),
  });
}

/** POST sh/sync/: read the catalog again now (a background job). */
export function useSyncCatalog() {
  const session = useShopSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => shopRequest<{ shop: string; queued: boolean }>(session, '/api/sh/sync/', { body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shopQueryKeys.stores }),
  });
}
