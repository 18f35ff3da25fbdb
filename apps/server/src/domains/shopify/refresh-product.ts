import { and, eq } from 'drizzle-orm';
import { products } from '../../db/schema';
import type { JobHandlerContext } from '../../lib/job-queue';
import { findStoreFile, replaceListedProduct } from '../knowledge';
import { queueCatalogSync } from './catalog-jobs';
import { CATALOG_FILE_NAME } from './catalog-store';
import { fetchProduct } from './fetch-products';
import { isListed, productGid, toProductListItem, toProductRow } from './product-record';
import { ShopReauthorizeError } from './reauthorize-error';
import { getConnectionByShop } from './shop-connections';
import type { ShopifyContext } from './shopify-context';

/**
 * The product-refresh job (products/* webhooks): the product's current state is read from the
 * Admin API (so deliveries arriving out of order cannot roll it back), then its record and only its
 * passage are replaced, added or removed. A product that is no longer active leaves the catalog.
 * Before the first full sync there is no list to edit: the full sync is queued instead.
 */
export async function refreshProduct(
  ctx: ShopifyContext,
  input: { shopDomain: string; productId: string; deleted: boolean },
  job?: Pick<JobHandlerContext, 'signal'>,
): Promise<string> {
  const connection = await getConnectionByShop(ctx.db, input.shopDomain);
  if (!connection || connection.uninstalledAt) return 'skipped';
  const gid = productGid(input.productId);
  let node: Awaited<ReturnType<typeof fetchProduct>> = null;
  try {
    node = input.deleted ? null : await fetchProduct(ctx, connection, gid, { signal: job?.signal });
  } catch (error) {
    if (error instanceof ShopReauthorizeError) return 'reauthorize';
    throw error;
  }
  const item = node && isListed(node) ? toProductListItem(node, { domain: connection.shopDomain, currency: connection.currency }) : null;

  const ours = and(eq(products.shopConnectionId, connection.id), eq(products.externalId, gid));
  const [current] = await ctx.db.select({ sourceUpdatedAt: products.sourceUpdatedAt }).from(products).where(ours).limit(1);
  // Two refreshes of one product raced: the one that read the newer state has already won.
  if (item && current?.sourceUpdatedAt && current.sourceUpdatedAt > new Date(item.updatedAt)) return 'stale';

  const fileId = connection.catalogStoreId
    ? await findStoreFile(ctx.knowledge, { storeId: connection.catalogStoreId, fileName: CATALOG_FILE_NAME })
    : null;
  if (!fileId) {
    await queueCatalogSync(ctx, connection.shopDomain);
    return 'full-sync';
  }
  // The product's row first: once search finds the new passage, the row already says the same
  // (a failure in between is retried whole by the job, and the row's time does not make it stale).
  if (item) {
    const row = { ownerEmail: connection.ownerEmail, shopConnectionId: connection.id, ...toProductRow(item) };
    await ctx.db
      .insert(products)
      .values(row)
      .onConflictDoUpdate({
        target: [products.shopConnectionId, products.externalId],
        set: { ...toProductRow(item), updatedAt: new Date() },
      });
  } else {
    await ctx.db.delete(products).where(ours);
  }
  return replaceListedProduct(ctx.knowledge, {
    fileId,
    keyField: 'id',
    key: gid,
    product: item as unknown as Record<string, unknown> | null,
  });
}
