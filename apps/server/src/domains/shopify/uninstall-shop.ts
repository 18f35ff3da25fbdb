import { eq } from 'drizzle-orm';
import { shopSettings } from '../../db/schema';
import { type ShopConnection, updateConnection } from './shop-connections';
import type { ShopifyContext } from './shopify-context';
import { revokedTokens } from './token-vault';

/**
 * The app was uninstalled (app/uninstalled) or the owner disconnected the shop: its tokens are
 * revoked and the storefront widget turned off; the owner's data (catalog, knowledge, assistants,
 * conversations, orders) stays, for a reinstall and until Shopify asks for it to be erased
 * (shop/redact). Idempotent: a second call finds nothing left to revoke.
 */
export async function uninstallShop(ctx: ShopifyContext, connection: ShopConnection): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await updateConnection(tx, connection.id, { ...revokedTokens, uninstalledAt: connection.uninstalledAt ?? new Date() });
    await tx
      .update(shopSettings)
      .set({ widgetEnabled: false, updatedAt: new Date() })
      .where(eq(shopSettings.shopConnectionId, connection.id));
  });
  ctx.logger.info({ shop: connection.shopDomain }, 'Shopify shop uninstalled: tokens revoked, widget off');
}
