import { z } from 'zod';
import { defineJob } from '../../lib/job-queue';

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
  heartbeatSeconds: 60,
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
  heartbeatSeconds: 30,
  expireInSeconds: 5 * 60,
});

export function queueCatalogSync(ctx: { jobs: import('../../lib/job-queue').JobQueue }, shopDomain: string) {
  return ctx.jobs.send(syncCatalogJob, { shopDomain }, { singletonKey: `catalog:${shopDomain}` });
}
