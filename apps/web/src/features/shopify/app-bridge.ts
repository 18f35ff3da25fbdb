/**
 * Shopify App Bridge as the admin's page loads it (the CDN script and the `shopify-api-key` meta,
 * put in the page by the server for embedded loads): `window.shopify`. Only what Aisle uses.
 */
export interface AppBridge {
  idToken(): Promise<string>;
}

declare global {
  interface Window {
    shopify?: AppBridge;
  }
}

/** Spec §9: a refresh in embedded mode waits for the bridge, up to 10 tries at 500 ms. */
export const BRIDGE_WAIT = { tries: 10, intervalMs: 500 } as const;
/** Spec §4 and §9: the bridge's session token is validated again every 180000 ms. */
export const SESSION_REVALIDATE_MS = 180_000;

const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

/** The admin opens the app with `embedded=1`, `host` and `shop` (spec §4 "Embedded mode"). */
export function embeddedLaunch(href: string): { shop: string; host: string } | null {
  const url = new URL(href);
  const shop = url.searchParams.get('shop')?.toLowerCase() ?? '';
  const host = url.searchParams.get('host') ?? '';
  return url.searchParams.get('embedded') === '1' && host && SHOP_DOMAIN.test(shop) ? { shop, host } : null;
}

/** The bridge once it is there: `tries` looks, `intervalMs` apart; null when it never came. */
export async function waitForAppBridge(options: { tries?: number; intervalMs?: number } = {}): Promise<AppBridge | null> {
  const tries = options.tries ?? BRIDGE_WAIT.tries;
  for (let attempt = 0; attempt < tries; attempt++) {
    if (typeof window !== 'undefined' && typeof window.shopify?.idToken === 'function') return window.shopify;
    if (attempt < tries - 1) await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? BRIDGE_WAIT.intervalMs));
  }
  return null;
}

/** The app's Shopify client id, from the meta tag the server adds while Shopify is configured. */
export function shopifyApiKey(doc: Document = document): string | null {
  return doc.querySelector<HTMLMetaElement>('meta[name="shopify-api-key"]')?.content || null;
}
