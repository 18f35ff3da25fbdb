import type { ValidateSessionResponse } from '@aisle/contracts/shopify';
import type { JwtPayload, Shopify } from '@shopify/shopify-api';
import { AppError } from '../../lib/app-error';
import { ensurePlatformAccount, issueAccessToken, toLoginUser } from '../accounts';
import { connectShop } from './connect-shop';
import { getConnectionByShop, type ShopConnection } from './shop-connections';
import { cleanShopDomain } from './shop-domain';
import { requireShopify, type ShopifyContext } from './shopify-context';
import { shopifyLibrary, withAdminOrigin } from './shopify-library';
import { shopifyMessages } from './shopify-messages';

/**
 * `GET sh/validate_session/?shopify_token=`: the embedded app's sign-in, renewed every 3 minutes
 * (spec §4). The App Bridge id token is checked by the library (HS256 with the app secret, `aud`
 * our API key, `exp`/`nbf`), and here its `iss` and `dest` must name the same `*.myshopify.com`
 * shop. When that shop has no usable offline token, one is obtained by token exchange. Answers our
 * access token for the shop's account (never staff).
 */
export async function validateEmbeddedSession(ctx: ShopifyContext, input: { sessionToken: string }): Promise<ValidateSessionResponse> {
  const api = requireShopify(ctx);
  const payload = await decode(api, input.sessionToken);
  const shop = shopOf(api, payload);
  const existing = await getConnectionByShop(ctx.db, shop);
  const user =
    existing && hasUsableToken(existing)
      ? await ensurePlatformAccount({ db: ctx.db, email: existing.ownerEmail })
      : (await exchangeToken(ctx, api, shop, input.sessionToken)).user;
  const token = await issueAccessToken({ tokens: ctx.tokens, user: { ...user, isStaff: false } });
  return { internal_token: token, user: { ...toLoginUser(user), is_staff: false } };
}

async function decode(api: Shopify, token: string): Promise<JwtPayload> {
  try {
    return await api.session.decodeSessionToken(token);
  } catch {
    // The library's message quotes the token: it stays out of the error (and so of any log).
    throw new AppError('UNAUTHORIZED', shopifyMessages.invalidSessionToken, { bodyCode: 'shopify_session_invalid' });
  }
}

/** The shop a session token is for: `dest` (the shop) and `iss` (its admin) must agree. */
function shopOf(api: Shopify, payload: JwtPayload): string {
  const host = (value: unknown) => {
    if (typeof value !== 'string' || !URL.canParse(value)) return null;
    return cleanShopDomain(api, new URL(value).host);
  };
  const dest = host(payload.dest);
  const issuer = host(payload.iss);
  if (!dest || !issuer) throw new AppError('UNAUTHORIZED', shopifyMessages.invalidSessionToken, { bodyCode: 'shopify_session_invalid' });
  if (dest !== issuer) throw new AppError('UNAUTHORIZED', shopifyMessages.wrongShopSessionToken, { bodyCode: 'shopify_session_invalid' });
  return dest;
}

/** A token we can use now or refresh: installed, not refused, and not expired beyond its refresh token. */
function hasUsableToken(connection: ShopConnection): boolean {
  if (connection.uninstalledAt || connection.reauthorizeRequiredAt || !connection.accessToken) return false;
  const now = Date.now();
  if (!connection.accessTokenExpiresAt || connection.accessTokenExpiresAt.getTime() > now) return true;
  return Boolean(connection.refreshToken && (!connection.refreshTokenExpiresAt || connection.refreshTokenExpiresAt.getTime() > now));
}

async function exchangeToken(ctx: ShopifyContext, api: Shopify, shop: string, sessionToken: string) {
  let session: Awaited<ReturnType<Shopify['auth']['tokenExchange']>>['session'];
  try {
    ({ session } = await withAdminOrigin(ctx.env.SHOPIFY_ADMIN_API_ORIGIN, () =>
      api.auth.tokenExchange({
        shop,
        sessionToken,
        requestedTokenType: shopifyLibrary().RequestedTokenType.OfflineAccessToken,
        expiring: true,
      }),
    ));
  } catch (error) {
    if (error instanceof shopifyLibrary().HttpResponseError && error.response.code < 500) {
      throw new AppError('UNAUTHORIZED', shopifyMessages.invalidSessionToken, { bodyCode: 'shopify_session_invalid', cause: error });
    }
    ctx.logger.warn({ err: error, shop }, 'a Shopify token exchange failed');
    throw new AppError('UNAVAILABLE', shopifyMessages.unreachable, { cause: error, retryAfterSeconds: 30 });
  }
  return connectShop(ctx, { shop, session });
}
