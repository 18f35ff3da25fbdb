import { refreshProductJob } from './catalog-jobs';
import { getConnectionByShop } from './shop-connections';
import type { ShopifyContext } from './shopify-context';
import { productPayload } from './shopify-payloads';

/**
 * products/create, products/update, products/delete: the product is refreshed by a durable job
 * (refresh-product.ts), so the webhook is answered at once and a failure is retried, not lost.
 */
export async function queueProductRefresh(ctx: ShopifyContext, input: { shop: string; payload: unknown; deleted: boolean }) {
  const parsed = productPayload.safeParse(input.payload);
  const connection = await getConnectionByShop(ctx.db, input.shop);
  if (!parsed.success || !connection || connection.uninstalledAt) return;
  await ctx.jobs.send(refreshProductJob, { shopDomain: input.shop, productId: parsed.data.id, deleted: input.deleted });
}
