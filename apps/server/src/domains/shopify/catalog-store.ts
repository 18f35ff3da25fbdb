import { eq } from 'drizzle-orm';
import { shopConnections, stores } from '../../db/schema';
import { transactionWithEvents } from '../../lib/deferred-events';
import { createStore } from '../knowledge';
import type { ShopConnection } from './shop-connections';
import type { ShopifyContext } from './shopify-context';

/** The product list's name in the shop's knowledge store. */
export const CATALOG_FILE_NAME = 'shopify-products.json';

/**
 * The knowledge store the catalog is kept in: the one the connection names (the setup wizard
 * creates it through here), or a new one named after the shop when there is none (or it was
 * deleted). The connection's row is locked while it is decided, so the wizard and a catalog sync
 * running at the same time (or a step retried after a crash) make one store, never two.
 */
export async function ensureCatalogStore(ctx: ShopifyContext, connection: ShopConnection): Promise<string> {
  return transactionWithEvents(ctx, async ({ tx, events }) => {
    const [locked] = await tx.select().from(shopConnections).where(eq(shopConnections.id, connection.id)).for('update');
    const current = locked ?? connection;
    if (current.catalogStoreId) {
      const [store] = await tx.select({ id: stores.id }).from(stores).where(eq(stores.id, current.catalogStoreId)).limit(1);
      if (store) return store.id;
    }
    const created = (await createStore(
      { ...ctx.knowledge, db: tx, events },
      { ownerEmail: current.ownerEmail, name: current.shopName ?? current.shopDomain, system: true },
    )) as { id: string };
    await tx.update(shopConnections).set({ catalogStoreId: created.id, updatedAt: new Date() }).where(eq(shopConnections.id, current.id));
    return created.id;
  });
}
