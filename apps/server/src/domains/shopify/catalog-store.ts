import { eq } from 'drizzle-orm';
import { stores } from '../../db/schema';
import { createStore } from '../knowledge/manage-stores';
import { type ShopConnection, updateConnection } from './shop-connections';
import type { ShopifyContext } from './shopify-context';

/** The product list's name in the shop's knowledge store. */
export const CATALOG_FILE_NAME = 'shopify-products.json';

/**
 * The knowledge store the catalog is kept in: the one the connection names (the setup wizard
 * creates it), or a new one named after the shop when there is none (or it was deleted).
 */
export async function ensureCatalogStore(ctx: ShopifyContext, connection: ShopConnection): Promise<string> {
  if (connection.catalogStoreId) {
    const [store] = await ctx.db.select({ id: stores.id }).from(stores).where(eq(stores.id, connection.catalogStoreId)).limit(1);
    if (store) return store.id;
  }
  const created = (await createStore(ctx.knowledge, {
    ownerEmail: connection.ownerEmail,
    name: connection.shopName ?? connection.shopDomain,
    system: true,
  })) as { id: string };
  await updateConnection(ctx.db, connection.id, { catalogStoreId: created.id });
  return created.id;
}
