import { useSyncExternalStore } from 'react';
import { browserStorage } from '@/lib/browser-storage';

/**
 * What the client knows of the store connection (spec §3 "Integration context"): the shop
 * domain the platform passes (`?shop=…`) and whether the user has visited the store integration.
 * The Shopify integration fills these from its own API later; the sidebar reads them here.
 */
const SHOP_KEY = 'sh_shop_domain';
const VISITED_KEY = 'sh_integration_visited';
const listeners = new Set<() => void>();

const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

/** Remembers a `shop` query parameter that names a Shopify shop. */
export function captureShopFromUrl(href: string) {
  const shop = new URL(href).searchParams.get('shop')?.toLowerCase();
  if (shop && SHOP_DOMAIN.test(shop)) {
    browserStorage.setItem(SHOP_KEY, shop);
    for (const listener of listeners) listener();
  }
}

export function markIntegrationVisited() {
  if (browserStorage.getItem(VISITED_KEY) === 'true') return;
  browserStorage.setItem(VISITED_KEY, 'true');
  for (const listener of listeners) listener();
}

const snapshot = () => `${browserStorage.getItem(SHOP_KEY) ?? ''}|${browserStorage.getItem(VISITED_KEY) ?? ''}`;
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Spec §2: the Integrations section shows when there is a shop domain or the integration was visited. */
export function useShowIntegrations(): boolean {
  const [shop, visited] = useSyncExternalStore(subscribe, snapshot, snapshot).split('|');
  return !!shop || visited === 'true';
}
