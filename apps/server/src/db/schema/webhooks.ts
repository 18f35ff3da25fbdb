import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id } from './columns';

/**
 * Inbound webhook deliveries already handled (webhooks/receive-webhook.ts), by the platform's own
 * delivery id: every platform delivers more than once, and a delivery seen here has no second
 * effect. One table for every source (Shopify, and later Meta, LINE, Stripe).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    /** `shopify`, `meta`, `line`, `stripe`. */
    source: text('source').notNull(),
    deliveryId: text('delivery_id').notNull(),
    topic: text('topic').notNull(),
    /** Whom the delivery is about (a shop domain, a page id): for support and pruning, never trusted. */
    subject: text('subject'),
    receivedAt: timestamp('received_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_source_delivery_unique').on(t.source, t.deliveryId),
    index('webhook_deliveries_received_idx').on(t.receivedAt),
  ],
);
