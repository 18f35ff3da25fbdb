import { orders, sharedThreads } from '../../db/schema';
import { customerOrdersCondition, customerThreadsCondition, deleteWhere } from './customer-records';
import { getConnectionByShop } from './shop-connections';
import type { ShopifyContext } from './shopify-context';
import { customerPrivacyPayload } from './shopify-payloads';

/**
 * customers/redact (GDPR): the customer's conversations with the shop's assistants (the shared
 * threads holding their contact, with every message) and their recorded orders are deleted.
 * Idempotent: a repeat finds nothing left.
 */
export async function redactCustomer(ctx: ShopifyContext, input: { shop: string; payload: unknown }): Promise<void> {
  const connection = await getConnectionByShop(ctx.db, input.shop);
  const parsed = customerPrivacyPayload.safeParse(input.payload);
  if (!connection || !parsed.success) return;
  const customer = { email: parsed.data.customer.email, phone: parsed.data.customer.phone };
  const removed = await ctx.db.transaction(async (tx) => ({
    threads: await deleteWhere(tx, sharedThreads, customerThreadsCondition(connection.ownerEmail, customer)),
    orders: await deleteWhere(tx, orders, customerOrdersCondition(connection.id, customer, parsed.data.orders_to_redact)),
  }));
  ctx.logger.info({ shop: input.shop, ...removed }, 'customer data redacted (customers/redact)');
}
