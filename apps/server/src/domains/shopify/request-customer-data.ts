import { asc, inArray } from 'drizzle-orm';
import { orders, sharedMessages, sharedThreads } from '../../db/schema';
import { saveExport } from '../exports';
import { notifyOwner } from '../notifications';
import { customerOrdersCondition, customerThreadsCondition } from './customer-records';
import { getConnectionByShop } from './shop-connections';
import type { ShopifyContext } from './shopify-context';
import { customerPrivacyPayload } from './shopify-payloads';

export const DATA_REQUEST_TITLE = 'A customer asked for their data';

/**
 * customers/data_request (GDPR): everything we hold about the customer for that shop (their
 * conversations with the shop's assistants, with every message, and their recorded orders) as one
 * JSON file, and a notification to the owner with a short-lived download link to send on.
 */
export async function requestCustomerData(ctx: ShopifyContext, input: { shop: string; payload: unknown }): Promise<void> {
  const connection = await getConnectionByShop(ctx.db, input.shop);
  const parsed = customerPrivacyPayload.safeParse(input.payload);
  if (!connection || !parsed.success) return;
  const customer = { email: parsed.data.customer.email, phone: parsed.data.customer.phone };

  const threadsWhere = customerThreadsCondition(connection.ownerEmail, customer);
  const threads = threadsWhere ? await ctx.db.select().from(sharedThreads).where(threadsWhere).orderBy(asc(sharedThreads.createdAt)) : [];
  const messages = threads.length
    ? await ctx.db
        .select()
        .from(sharedMessages)
        .where(
          inArray(
            sharedMessages.sharedThreadId,
            threads.map((thread) => thread.id),
          ),
        )
        .orderBy(asc(sharedMessages.createdAt))
    : [];
  const ordersWhere = customerOrdersCondition(connection.id, customer, parsed.data.orders_requested);
  const orderRows = ordersWhere ? await ctx.db.select().from(orders).where(ordersWhere).orderBy(asc(orders.orderCreatedAt)) : [];

  const document = {
    shop: input.shop,
    dataRequestId: parsed.data.data_request?.id ?? null,
    customer: { id: parsed.data.customer.id ?? null, ...customer },
    preparedAt: new Date().toISOString(),
    conversations: threads.map((thread) => ({
      id: thread.id,
      startedAt: thread.createdAt.toISOString(),
      lastActivityAt: thread.lastActivityAt.toISOString(),
      channel: thread.origin ?? 'web',
      contact: thread.visitorContact,
      messages: messages
        .filter((message) => message.sharedThreadId === thread.id)
        .map((message) => ({ from: message.senderType, content: message.content, at: message.createdAt.toISOString() })),
    })),
    orders: orderRows.map((order) => ({
      id: order.externalId,
      name: order.name,
      email: order.customerEmail,
      total: order.totalPrice,
      currency: order.currency,
      createdAt: order.orderCreatedAt?.toISOString() ?? null,
      note: order.note,
      attributes: order.attributes,
    })),
  };
  const who = customer.email ?? customer.phone ?? `customer ${parsed.data.customer.id ?? ''}`.trim();
  const saved = await saveExport(ctx.exports, {
    ownerEmail: connection.ownerEmail,
    kind: 'shopify-customer-data',
    fileName: `customer-data-${input.shop}-${parsed.data.customer.id ?? 'unknown'}.json`,
    contentType: 'application/json',
    bytes: Buffer.from(JSON.stringify(document, null, 2)),
    subject: input.shop,
  });
  await notifyOwner({
    db: ctx.db,
    events: ctx.events,
    ownerEmail: connection.ownerEmail,
    title: DATA_REQUEST_TITLE,
    content: `${who} asked ${input.shop} for the data held about them. Download it (${document.conversations.length} conversation(s), ${document.orders.length} order(s)) and send it to them; the link works until ${saved.expiresAt.toISOString().slice(0, 10)}.`,
    presignedGet: saved.url,
  });
}
