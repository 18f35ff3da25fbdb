import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { shopConnections } from '../../db/schema';
import { shopAccountEmail } from './connect-shop';

/**
 * Whether an account is a shop's own (`owner@{shop}`, made when the shop first opened the app from
 * its admin, ensure-platform-account.ts): nobody knows its password, the only way in is through
 * Shopify, and its data goes when the shop uninstalls the app (shop/redact, redact-shop.ts).
 */
export async function isShopOwnAccount(db: DbOrTx, email: string): Promise<boolean> {
  const shops = await db
    .select({ shopDomain: shopConnections.shopDomain })
    .from(shopConnections)
    .where(eq(shopConnections.ownerEmail, email));
  return shops.some((shop) => shopAccountEmail(shop.shopDomain) === email);
}
