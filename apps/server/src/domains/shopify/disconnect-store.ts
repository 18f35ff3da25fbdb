import { AppError } from '../../lib/app-error';
import { getOwnedConnection } from './shop-connections';
import type { ShopifyContext } from './shopify-context';
import { shopifyMessages } from './shopify-messages';
import { uninstallShop } from './uninstall-shop';

/**
 * `DELETE sh/user-stores/{shop_domain}/`: the owner disconnects a shop. As an uninstall: tokens
 * revoked, widget off, data kept (opening the app from the Shopify admin connects it again).
 * Another account's shop is 404, like one that does not exist.
 */
export async function disconnectStore(ctx: ShopifyContext, input: { ownerEmail: string; shopDomain: string }): Promise<void> {
  const connection = await getOwnedConnection(ctx.db, input.ownerEmail, input.shopDomain.trim().toLowerCase());
  if (!connection) throw new AppError('NOT_FOUND', shopifyMessages.notFound);
  await uninstallShop(ctx, connection);
}
