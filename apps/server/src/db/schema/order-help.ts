import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ownerEmail, timestamps } from './columns';

/**
 * What the chat did for a shopper (issue 32), for the owner: an order looked up, a return started,
 * an address changed, a confirmation resent, a product added to the cart from a card
 * (`commerceActionKinds`). Failed and refused tries are kept too (`ok` false, `outcome` says why):
 * lookups that matched nothing are what the guessing limits count, per visitor and per shop.
 */
export const commerceActions = pgTable(
  'commerce_actions',
  {
    id: id(),
    ownerEmail: ownerEmail(),
    createdAt: createdAt(),
    kind: text('kind').notNull(),
    ok: boolean('ok').notNull(),
    /** The order tool's outcome (`orderToolOutcomes`), or `added` for a cart addition. */
    outcome: text('outcome').notNull(),
    assistantId: uuid('assistant_id'),
    /** The visitor's or channel customer's thread; null in the owner's own chat. */
    sharedThreadId: uuid('shared_thread_id'),
    /** Who asked, as a digest (a shared thread, the owner's thread): what the per-visitor limit counts. */
    visitorKey: text('visitor_key').notNull(),
    shopDomain: text('shop_domain'),
    /** "#1001" for order actions; null for a cart addition. */
    orderName: text('order_name'),
    /** What the owner may see of it: the product and variant added, the return's id, the tracking numbers. */
    detail: jsonb('detail'),
  },
  (t) => [
    index('commerce_actions_owner_idx').on(t.ownerEmail, t.createdAt),
    index('commerce_actions_visitor_idx').on(t.visitorKey, t.createdAt),
    index('commerce_actions_shop_idx').on(t.shopDomain, t.createdAt),
    index('commerce_actions_thread_idx').on(t.sharedThreadId),
  ],
);

/**
 * A one-time code sent to an order's e-mail before an action that changes or reveals more (a
 * return, an address change, a resent confirmation): only its hash is kept. One row per thread
 * and order; a right code sets `verifiedAt`, which counts for ORDER_VERIFIED_MINUTES.
 */
export const orderVerifications = pgTable(
  'order_verifications',
  {
    id: id(),
    ownerEmail: ownerEmail(),
    ...timestamps(),
    shopDomain: text('shop_domain').notNull(),
    /** Shopify's order gid. */
    orderId: text('order_id').notNull(),
    orderName: text('order_name').notNull(),
    visitorKey: text('visitor_key').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    tries: integer('tries').notNull().default(0),
    verifiedAt: timestamp('verified_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [index('order_verifications_visitor_idx').on(t.visitorKey, t.orderId)],
);
