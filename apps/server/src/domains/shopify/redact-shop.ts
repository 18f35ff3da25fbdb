import { and, eq, ne } from 'drizzle-orm';
import { eraseOwnedRows } from '../../db/erase-owned-rows';
import { shopConnections, stores } from '../../db/schema';
import { users } from '../../db/schema/users';
import { eraseOwnerExports, eraseSubjectExports } from '../exports';
import { deleteStore } from '../knowledge';
import { shopAccountEmail } from './connect-shop';
import { getConnectionByShop } from './shop-connections';
import type { ShopifyContext } from './shopify-context';

/**
 * shop/redact (GDPR, 48 hours after an uninstall): everything of that shop is deleted. Its
 * connection with the synced products, orders and settings, its catalog's knowledge store and the
 * exports about it. When the shop signed in with its own account (`owner@{shop}`, nobody else's)
 * and that account has no other shop, the account goes too, with everything it owned: assistants,
 * stores and files, conversations, notifications. A regular account that connected the shop keeps
 * its own work. Idempotent: a repeat finds nothing.
 */
export async function redactShop(ctx: ShopifyContext, input: { shop: string }): Promise<void> {
  const connection = await getConnectionByShop(ctx.db, input.shop);
  await eraseSubjectExports(ctx.exports, input.shop);
  if (!connection) return;
  const { ownerEmail } = connection;
  if (connection.catalogStoreId) await deleteOwnedStore(ctx, ownerEmail, connection.catalogStoreId);
  await ctx.db.delete(shopConnections).where(eq(shopConnections.id, connection.id));

  const otherShops = await ctx.db
    .select({ id: shopConnections.id })
    .from(shopConnections)
    .where(and(eq(shopConnections.ownerEmail, ownerEmail), ne(shopConnections.id, connection.id)))
    .limit(1);
  if (ownerEmail !== shopAccountEmail(input.shop) || otherShops.length) {
    ctx.logger.info({ shop: input.shop }, 'shop data erased (shop/redact)');
    return;
  }
  // Stores first, through the knowledge domain: their files live on disk too.
  const owned = await ctx.db.select({ id: stores.id }).from(stores).where(eq(stores.ownerEmail, ownerEmail));
  for (const store of owned) await deleteOwnedStore(ctx, ownerEmail, store.id);
  await eraseOwnerExports(ctx.exports, ownerEmail);
  const { rows: erased, deleted } = await ctx.db.transaction(async (tx) => {
    const rows = await eraseOwnedRows(tx, ownerEmail);
    const gone = await tx.delete(users).where(eq(users.email, ownerEmail)).returning({ id: users.id });
    return { rows, deleted: gone };
  });
  // The account's tokens stop working on every process now, not when they expire.
  for (const user of deleted) ctx.tokens.sessionsEnded(user.id);
  ctx.logger.info({ shop: input.shop, erased }, 'shop and its account erased (shop/redact)');
}

async function deleteOwnedStore(ctx: ShopifyContext, ownerEmail: string, storeId: string) {
  try {
    await deleteStore(ctx.knowledge, { ownerEmail, id: storeId });
  } catch (error) {
    // Already gone (a repeated delivery): nothing to delete.
    if ((error as { code?: string }).code !== 'NOT_FOUND') throw error;
  }
}
