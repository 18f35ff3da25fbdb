import type { ShopCallbackResponse } from '@aisle/contracts/shopify';
import { AppError } from '../../lib/app-error';
import { issueTokenPair } from '../accounts';
import { connectShop } from './connect-shop';
import { requireShopDomain } from './shop-domain';
import { requireShopify, type ShopifyContext } from './shopify-context';
import { shopifyLibrary, withAdminOrigin } from './shopify-library';
import { shopifyMessages } from './shopify-messages';
import { verifyShopifyHmac } from './verify-shopify-hmac';

/**
 * `GET sh/callback/`: the end of the OAuth install. The query's HMAC and timestamp are checked,
 * then the library checks the state against its signed cookie and exchanges the code for an
 * expiring offline token (with its refresh token); the shop's account is found or created and
 * signed in with our own token pair (spec §3 "Platform callback response", never staff).
 */
export async function completeInstall(
  ctx: ShopifyContext,
  input: { url: string; headers: Headers; query: Record<string, string> },
): Promise<{ body: ShopCallbackResponse; setCookie: string[] }> {
  const api = requireShopify(ctx);
  const shop = requireShopDomain(api, input.query.shop);
  await verifyShopifyHmac(api, input.query);
  if (!input.query.code || !input.query.state) throw new AppError('BAD_REQUEST', shopifyMessages.invalidState);
  let callback: Awaited<ReturnType<typeof api.auth.callback<Headers>>>;
  try {
    callback = await withAdminOrigin(ctx.env.SHOPIFY_ADMIN_API_ORIGIN, () =>
      api.auth.callback<Headers>({ rawRequest: new Request(input.url, { headers: input.headers }), expiring: true }),
    );
  } catch (error) {
    const { CookieNotFound, HttpResponseError, InvalidOAuthError } = shopifyLibrary();
    if (error instanceof CookieNotFound || error instanceof InvalidOAuthError) {
      throw new AppError('BAD_REQUEST', shopifyMessages.invalidState, { cause: error });
    }
    if (error instanceof HttpResponseError && error.response.code < 500) {
      // Shopify refused the code: used already, expired, or not this app's.
      throw new AppError('BAD_REQUEST', shopifyMessages.callbackFailed, { cause: error });
    }
    ctx.logger.warn({ err: error, shop }, 'completing a Shopify install failed');
    throw new AppError('UNAVAILABLE', shopifyMessages.unreachable, { cause: error, retryAfterSeconds: 30 });
  }
  const host = input.query.host ? api.utils.sanitizeHost(input.query.host) : null;
  const { user } = await connectShop(ctx, { shop, session: callback.session, host });
  const pair = await issueTokenPair({ db: ctx.db, tokens: ctx.tokens, user: { ...user, isStaff: false } });
  return {
    body: { access_token: pair.access, refresh_token: pair.refresh, email: user.email, tier: user.tier, shop, host },
    setCookie: callback.headers.getSetCookie(),
  };
}
