import { and, eq, isNull } from 'drizzle-orm';
import { shopConnections } from '../../db/schema';
import { notifyOwner } from '../notifications';
import type { AdminApiContext } from './admin-api-context';
import type { ShopConnection } from './shop-connections';

export const RECONNECT_TITLE = 'Reconnect your Shopify store';

/**
 * Shopify refused the shop's token: the connection is marked (the next embedded session exchanges
 * a new token) and the owner is told once, however many calls fail before the store is reconnected.
 */
export async function markReauthorizeRequired(ctx: AdminApiContext, connection: Pick<ShopConnection, 'id' | 'ownerEmail' | 'shopDomain'>) {
  const [marked] = await ctx.db
    .update(shopConnections)
    .set({ reauthorizeRequiredAt: new Date(), updatedAt: new Date() })
    .where(and(eq(shopConnections.id, connection.id), isNull(shopConnections.reauthorizeRequiredAt)))
    .returning({ id: shopConnections.id });
  if (!marked) return;
  ctx.logger.warn({ shop: connection.shopDomain }, 'Shopify refused the shop token; the store must be reconnected');
  await notifyOwner({
    db: ctx.db,
    events: ctx.events,
    ownerEmail: connection.ownerEmail,
    title: RECONNECT_TITLE,
    content: `Shopify no longer accepts Aisle's connection to ${connection.shopDomain}. Open Aisle from your Shopify admin (Apps › Aisle) to reconnect it; until then the catalog is not kept up to date and order lookups fail.`,
  });
}
