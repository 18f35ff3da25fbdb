import { orders } from '../../db/schema';
import { getConnectionByShop } from './shop-connections';
import type { ShopifyContext } from './shopify-context';
import { orderPayload } from './shopify-payloads';

/**
 * orders/create: the order's id, customer e-mail, total, currency, time and note/cart attributes,
 * kept for the customer-value analytics. Upserted by (shop, order id): a repeat changes nothing.
 */
export async function recordOrder(ctx: ShopifyContext, input: { shop: string; payload: unknown }): Promise<void> {
  const connection = await getConnectionByShop(ctx.db, input.shop);
  const parsed = orderPayload.safeParse(input.payload);
  if (!connection || !parsed.success) return;
  const order = parsed.data;
  const createdAt = order.created_at && !Number.isNaN(Date.parse(order.created_at)) ? new Date(order.created_at) : null;
  await ctx.db
    .insert(orders)
    .values({
      ownerEmail: connection.ownerEmail,
      shopConnectionId: connection.id,
      externalId: order.id,
      name: order.name,
      customerEmail: (order.email ?? order.contact_email ?? order.customer?.email ?? null)?.toLowerCase() ?? null,
      totalPrice: order.total_price ?? null,
      currency: order.currency ?? null,
      orderCreatedAt: createdAt,
      note: order.note ?? null,
      attributes: order.note_attributes ?? [],
    })
    .onConflictDoNothing({ target: [orders.shopConnectionId, orders.externalId] });
}
