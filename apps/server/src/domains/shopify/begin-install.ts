import { requireShopDomain } from './shop-domain';
import { requireShopify, type ShopifyContext } from './shopify-context';
import { rewriteShopUrl } from './shopify-library';
import { verifyShopifyHmac } from './verify-shopify-hmac';

/** Where Shopify's grant page sends the merchant back: the web app's callback page (spec §2 `/sh/callback`). */
export const CALLBACK_PAGE_PATH = '/sh/callback';
/** The API call that page makes with the parameters it received (spec §7 "platform callback"). */
export const CALLBACK_API_PATH = '/api/sh/callback';

export interface InstallRedirect {
  status: number;
  location: string | null;
  setCookie: string[];
}

/**
 * `GET sh/install/`: Shopify opens it when a merchant installs the app. After the HMAC and
 * timestamp check, the library's OAuth begin redirects to the shop's grant page with a random
 * state nonce, kept in a signed cookie that the callback checks. The grant page sends the
 * merchant to the web app's callback page, which calls `GET sh/callback/`, so the cookie is
 * scoped to that API path rather than to the page.
 */
export async function beginInstall(ctx: ShopifyContext, input: { url: string; headers: Headers; query: Record<string, string> }) {
  const api = requireShopify(ctx);
  const shop = requireShopDomain(api, input.query.shop);
  await verifyShopifyHmac(api, input.query);
  // The Web API adapter answers a fetch Response.
  const response = (await api.auth.begin({
    shop,
    callbackPath: CALLBACK_PAGE_PATH,
    isOnline: false,
    rawRequest: new Request(input.url, { headers: input.headers }),
  })) as Response;
  const location = response.headers.get('location');
  return {
    status: response.status,
    // The grant page goes through SHOPIFY_ADMIN_API_ORIGIN too (a fake store in tests).
    location: location ? rewriteShopUrl(location, ctx.env.SHOPIFY_ADMIN_API_ORIGIN) : null,
    setCookie: response.headers.getSetCookie().map((cookie) => cookie.replace(/path=[^;]*/i, `path=${CALLBACK_API_PATH}`)),
  } satisfies InstallRedirect;
}
