import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { products } from '../../db/schema';
import type { JobHandlerContext } from '../../lib/job-queue';
import { saveGeneratedFile } from '../knowledge';
import { CATALOG_FILE_NAME, ensureCatalogStore } from './catalog-store';
import { fetchAllProducts, fetchShopInfo } from './fetch-products';
import { isListed, type ProductListItem, toProductListItem, toProductRow } from './product-record';
import { ShopReauthorizeError } from './reauthorize-error';
import { getConnectionByShop, type ShopConnection, updateConnection } from './shop-connections';
import type { ShopifyContext } from './shopify-context';

const UPSERT_BATCH = 200;

const excluded = (column: AnyPgColumn) => sql.raw(`excluded.${column.name}`);
/** What a sync overwrites on a product it already had: everything from Shopify. */
const PRODUCT_UPDATE = {
  title: excluded(products.title),
  url: excluded(products.url),
  imageUrl: excluded(products.imageUrl),
  price: excluded(products.price),
  currency: excluded(products.currency),
  variants: excluded(products.variants),
  handle: excluded(products.handle),
  vendor: excluded(products.vendor),
  productType: excluded(products.productType),
  tags: excluded(products.tags),
  available: excluded(products.available),
  totalInventory: excluded(products.totalInventory),
  record: excluded(products.record),
  sourceUpdatedAt: excluded(products.sourceUpdatedAt),
  updatedAt: sql`now()`,
};

/** A shop's catalog as the Admin API has it now: its name, currency and listed products. */
export interface ShopCatalog {
  shop: { name: string; currency: string };
  items: ProductListItem[];
}

/** Reads every active product (with variants, prices, stock and URLs) from the Admin API. */
export async function fetchCatalog(ctx: ShopifyContext, connection: ShopConnection, signal?: AbortSignal): Promise<ShopCatalog> {
  const shop = await fetchShopInfo(ctx, connection, { signal });
  const nodes = await fetchAllProducts(ctx, connection, { signal });
  const items = nodes.filter(isListed).map((node) => toProductListItem(node, { domain: connection.shopDomain, currency: shop.currency }));
  return { shop, items };
}

/**
 * Writes a fetched catalog into (a) the `products` records and (b) the product-list file of the
 * shop's knowledge store, which ingestion indexes as one passage per product. The whole state is
 * written each time, so a retry or a second run converges on what the shop has. Answers the file.
 */
export async function saveCatalog(ctx: ShopifyContext, connection: ShopConnection, catalog: ShopCatalog) {
  const { shop, items } = catalog;
  const named = (await updateConnection(ctx.db, connection.id, { shopName: shop.name, currency: shop.currency })) ?? connection;
  const storeId = await ensureCatalogStore(ctx, named);
  const file = await saveGeneratedFile(ctx.knowledge, {
    ownerEmail: connection.ownerEmail,
    storeId,
    fileName: CATALOG_FILE_NAME,
    contentType: 'application/json',
    bytes: Buffer.from(JSON.stringify({ products: items })),
  });
  await ctx.db.transaction(async (tx) => {
    for (let i = 0; i < items.length; i += UPSERT_BATCH) {
      const rows = items.slice(i, i + UPSERT_BATCH).map((item) => ({
        ownerEmail: connection.ownerEmail,
        shopConnectionId: connection.id,
        ...toProductRow(item),
      }));
      await tx
        .insert(products)
        .values(rows)
        .onConflictDoUpdate({
          target: [products.shopConnectionId, products.externalId],
          set: PRODUCT_UPDATE,
        });
    }
    const kept = items.map((item) => item.id);
    await tx
      .delete(products)
      .where(
        kept.length
          ? and(eq(products.shopConnectionId, connection.id), notInArray(products.externalId, kept))
          : eq(products.shopConnectionId, connection.id),
      );
  });
  await updateConnection(ctx.db, connection.id, { catalogSyncedAt: new Date() });
  return { storeId, fileId: file.fileId, products: items.length };
}

/**
 * The catalog-sync job: fetchCatalog then saveCatalog. A refused token ends the job (the owner
 * was told to reconnect); other failures are retried by the queue.
 */
export async function syncCatalog(ctx: ShopifyContext, input: { shopDomain: string }, job?: Pick<JobHandlerContext, 'signal'>) {
  const connection = await getConnectionByShop(ctx.db, input.shopDomain);
  if (!connection || connection.uninstalledAt) return;
  try {
    const saved = await saveCatalog(ctx, connection, await fetchCatalog(ctx, connection, job?.signal));
    ctx.logger.info({ shop: connection.shopDomain, products: saved.products }, 'Shopify catalog synced');
  } catch (error) {
    if (error instanceof ShopReauthorizeError) {
      ctx.logger.warn({ shop: connection.shopDomain }, 'catalog sync stopped: the store must be reconnected');
      return;
    }
    throw error;
  }
}
