import { and, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { shopConnections } from '../../db/schema';

export type ShopConnection = typeof shopConnections.$inferSelect;

/** Data access for `shop_connections`, named by intent. */
export async function getConnectionByShop(db: DbOrTx, shopDomain: string): Promise<ShopConnection | undefined> {
  const [row] = await db
    .select()
    .from(shopConnections)
    .where(and(eq(shopConnections.platform, 'shopify'), eq(shopConnections.shopDomain, shopDomain)))
    .limit(1);
  return row;
}

/** The owner's installed shop: the one named, or the most recently installed one. */
export async function getOwnedConnection(db: DbOrTx, ownerEmail: string, shopDomain?: string): Promise<ShopConnection | undefined> {
  const [row] = await db
    .select()
    .from(shopConnections)
    .where(
      and(
        eq(shopConnections.ownerEmail, ownerEmail),
        eq(shopConnections.platform, 'shopify'),
        isNull(shopConnections.uninstalledAt),
        shopDomain ? eq(shopConnections.shopDomain, shopDomain) : undefined,
      ),
    )
    .orderBy(desc(shopConnections.installedAt), desc(shopConnections.createdAt))
    .limit(1);
  return row;
}

export async function updateConnection(db: DbOrTx, id: string, values: Partial<typeof shopConnections.$inferInsert>) {
  const [row] = await db
    .update(shopConnections)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(shopConnections.id, id))
    .returning();
  return row;
}

/**
 * The connection's row, locked until the transaction ends: steps that create something for a shop
 * (its store, its assistant, its share) decide and record it under this lock, so a retry or a
 * concurrent run finds what the first one made instead of making a second.
 */
export async function lockConnection(tx: DbOrTx, id: string): Promise<ShopConnection | undefined> {
  const [row] = await tx.select().from(shopConnections).where(eq(shopConnections.id, id)).for('update');
  return row;
}
