import { getConnectionByShop } from './shop-connections';
import type { ShopifyContext } from './shopify-context';
import { uninstallShop } from './uninstall-shop';

/** app/uninstalled: the shop's tokens are revoked and its widget turned off; the owner's data stays. */
export async function handleAppUninstalled(ctx: ShopifyContext, input: { shop: string }): Promise<void> {
  const connection = await getConnectionByShop(ctx.db, input.shop);
  if (connection) await uninstallShop(ctx, connection);
}
