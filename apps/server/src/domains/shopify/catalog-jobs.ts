import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { shopConnections } from '../../db/schema';
import { defineJob, type JobQueue } from '../../lib/job-queue';

/**
 * Reading a shop's whole catalog into its product records and knowledge file (sync-catalog.ts;
 * jobs/job-list.ts runs it). Idempotent: a run replaces the records and the file with what the
 * shop has now, so a retried or repeated sync converges on the same state.
 */
export const syncCatalogJob = defineJob({
  name: 'shopify-catalog-sync',
  payload: z.object({ shopDomain: z.string().max(255) }),
  retryLimit: 3,
  retryDelay: 30,
  expireInSeconds: 30 * 60,
});

/**
 * One product changed (products/create, update, delete webhooks): its record and its passages are
 * brought to the product's current state in Shopify, the rest of the catalog is left alone.
 * Idempotent: it reads the product's latest state, and an older state never overwrites a newer one.
 */
export const refreshProductJob = defineJob({
  name: 'shopify-product-refresh',
  payload: z.object({
    shopDomain: z.string().max(255),
    /** The product's numeric id (webhook payloads carry the REST id). */
    productId: z.string().regex(/^\d{1,20}$/),
    deleted: z.boolean(),
  }),
  retryLimit: 5,
  retryDelay: 5,
  expireInSeconds: 5 * 60,
});

export function queueCatalogSync(ctx: { jobs: JobQueue }, shopDomain: string) {
  return ctx.jobs.send(syncCatalogJob, { shopDomain }, { singletonKey: `catalog:${shopDomain}` });
}

/**
 * When workers start: an installed shop whose first sync never finished (the process died before
 * its job was written, or Shopify was not configured then) gets one; a waiting one is kept.
 */
export async function resumeCatalogSyncs(ctx: { db: Db; jobs: JobQueue; api: unknown }) {
  if (!ctx.api) return 0;
  const pending = await ctx.db
    .select({ shopDomain: shopConnections.shopDomain })
    .from(shopConnections)
    .where(
      and(
        eq(shopConnections.platform, 'shopify'),
        isNull(shopConnections.uninstalledAt),
        isNull(shopConnections.catalogSyncedAt),
        isNotNull(shopConnections.accessToken),
      ),
    );
  for (const shop of pending) await queueCatalogSync(ctx, shop.shopDomain);
  return pending.length;
}

/**
 * The storefront embed's app-data metafields brought to the shop's current settings (after the
 * merchant saves Preferences). Idempotent: it writes the whole configuration each time.
 */
export const storefrontConfigurationJob = defineJob({
  name: 'shopify-storefront-configuration',
  payload: z.object({ shopDomain: z.string().max(255) }),
  retryLimit: 5,
  retryDelay: 10,
  expireInSeconds: 5 * 60,
});

export function queueStorefrontConfiguration(ctx: { jobs: JobQueue }, shopDomain: string) {
  return ctx.jobs.send(storefrontConfigurationJob, { shopDomain }, { singletonKey: `storefront:${shopDomain}` });
}
