import { AppError } from '../../lib/app-error';
import type { AdminApiContext } from './admin-api-context';
import { markReauthorizeRequired } from './mark-reauthorize-required';
import { ShopReauthorizeError } from './reauthorize-error';
import { getConnectionByShop, type ShopConnection, updateConnection } from './shop-connections';
import { shopifyLibrary, withAdminOrigin } from './shopify-library';
import { shopifyMessages } from './shopify-messages';
import { openAccessToken, openRefreshToken, sealSession } from './token-vault';

/** Refresh this long before expiry, so a token never expires in the middle of a sync. */
export const REFRESH_MARGIN_MS = 5 * 60_000;

/** One refresh per connection at a time in this process: a rotated refresh token is single-use. */
const refreshing = new Map<string, Promise<string>>();

/**
 * A usable access token for the shop: the stored one, or, when it expires within the margin, a new
 * pair from the refresh token (Shopify's expiring offline tokens last an hour). A connection that
 * was uninstalled, refused or cannot be refreshed needs reauthorisation.
 */
export async function freshAccessToken(ctx: AdminApiContext, connection: ShopConnection): Promise<string> {
  if (connection.uninstalledAt || !connection.accessToken || connection.reauthorizeRequiredAt) {
    throw new ShopReauthorizeError(connection.shopDomain);
  }
  const expiresAt = connection.accessTokenExpiresAt?.getTime();
  if (expiresAt === undefined || expiresAt - Date.now() > REFRESH_MARGIN_MS) {
    return openAccessToken(ctx.key, connection) as string;
  }
  let pending = refreshing.get(connection.id);
  if (!pending) {
    pending = refresh(ctx, connection).finally(() => refreshing.delete(connection.id));
    refreshing.set(connection.id, pending);
  }
  return pending;
}

async function refresh(ctx: AdminApiContext, connection: ShopConnection): Promise<string> {
  const api = ctx.api;
  const refreshToken = openRefreshToken(ctx.key, connection);
  const refreshExpired = connection.refreshTokenExpiresAt && connection.refreshTokenExpiresAt.getTime() <= Date.now();
  if (!api || !refreshToken || refreshExpired) {
    await markReauthorizeRequired(ctx, connection);
    throw new ShopReauthorizeError(connection.shopDomain);
  }
  try {
    const { session } = await withAdminOrigin(ctx.env.SHOPIFY_ADMIN_API_ORIGIN, () =>
      api.auth.refreshToken({ shop: connection.shopDomain, refreshToken }),
    );
    const saved = await updateConnection(ctx.db, connection.id, sealSession(ctx.key, connection, session));
    if (!saved) throw new ShopReauthorizeError(connection.shopDomain);
    return session.accessToken as string;
  } catch (error) {
    if (error instanceof ShopReauthorizeError) throw error;
    if (error instanceof shopifyLibrary().HttpResponseError && error.response.code >= 400 && error.response.code < 500) {
      // Another process may have used the (single-use) refresh token first: its new pair stands.
      const current = await getConnectionByShop(ctx.db, connection.shopDomain);
      if (current && current.accessToken !== connection.accessToken && current.accessTokenExpiresAt) {
        if (current.accessTokenExpiresAt.getTime() - Date.now() > REFRESH_MARGIN_MS) return openAccessToken(ctx.key, current) as string;
      }
      await markReauthorizeRequired(ctx, connection);
      throw new ShopReauthorizeError(connection.shopDomain, { cause: error });
    }
    ctx.logger.warn({ err: error, shop: connection.shopDomain }, 'refreshing a Shopify token failed');
    throw new AppError('UNAVAILABLE', shopifyMessages.unreachable, { cause: error, retryAfterSeconds: 30 });
  }
}
