import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamps } from './columns';
import { users } from './users';

/*
 * Money (DESIGN "Money"): amounts are integer micro-USD, never binary floats. Every change of a
 * user's balance (`users.balance_micro_usd`) is one row of `user_transactions`, written by
 * `domains/billing` in the same statement or transaction as what caused it.
 */

/**
 * Paid subscriptions (Stripe, or Shopify's app subscriptions), one row per provider subscription.
 * `last_event_at` is the provider's time of the newest event applied: an older event arriving late
 * (webhooks come in any order) never overwrites a newer state.
 */
export const userSubscriptions = pgTable(
  'user_subscriptions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `stripe` or `shopify`. */
    provider: text('provider').notNull(),
    /** Stripe's `sub_…`, Shopify's `gid://shopify/AppSubscription/…`. */
    externalId: text('external_id'),
    /** The provider's price or plan (Stripe `price_…`, the Shopify plan name). */
    productId: text('product_id'),
    tier: text('tier').notNull(),
    /** The provider's status, lower-cased (`active`, `past_due`, `canceled`, `pending`, `declined`, …). */
    status: text('status').notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    index('user_subscriptions_user_idx').on(t.userId),
    uniqueIndex('user_subscriptions_provider_external_unique').on(t.provider, t.externalId),
  ],
);

/** What a ledger row records: a charge for a generation, a top-up, a refund, or an operator's adjustment. */
export const LEDGER_KINDS = ['generation_charge', 'top_up', 'refund', 'adjustment'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * The ledger: one row per balance change. `amount_micro_usd` is signed (charges are negative),
 * `balance_after_micro_usd` is the balance the change left, `reference` names what caused it
 * (`message:<id>`, `task:<id>`, a payment id) and `idempotency_key` makes a replayed change a no-op.
 */
export const userTransactions = pgTable(
  'user_transactions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<LedgerKind>().notNull(),
    amountMicroUsd: bigint('amount_micro_usd', { mode: 'number' }).notNull(),
    balanceAfterMicroUsd: bigint('balance_after_micro_usd', { mode: 'number' }).notNull(),
    reference: text('reference'),
    idempotencyKey: text('idempotency_key').notNull(),
    description: text('description'),
    createdAt: createdAt(),
  },
  (t) => [
    index('user_transactions_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('user_transactions_idempotency_unique').on(t.idempotencyKey),
  ],
);

/** Usage per user and UTC day, counted against tier limits; written with every generation's charge. */
export const dailyUsage = pgTable(
  'daily_usage',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    costMicroUsd: bigint('cost_micro_usd', { mode: 'number' }).notNull().default(0),
    inputTokens: bigint('input_tokens', { mode: 'number' }).notNull().default(0),
    outputTokens: bigint('output_tokens', { mode: 'number' }).notNull().default(0),
    generations: integer('generations').notNull().default(0),
    ...timestamps(),
  },
  (t) => [uniqueIndex('daily_usage_user_day_unique').on(t.userId, t.day)],
);

/** What a tier limits (domains/billing/tiers.ts names and explains each). */
export type TierLimitValues = Record<string, number>;

/**
 * Superseded by `tier_plans` (versioned); nothing reads it. It is left in place because dropping
 * it in the migration that creates `tier_plans` makes drizzle-kit ask whether that is a rename;
 * a later migration drops it.
 */
export const tierLimits = pgTable('tier_limits', {
  tier: text('tier').primaryKey(),
  limits: jsonb('limits').$type<Record<string, number>>().notNull().default(sql`'{}'::jsonb`),
  ...timestamps(),
});

/**
 * The tiers: their price and limits, versioned (domains/billing/tiers.ts; docs/architecture.md "Billing"). The
 * row in force for a tier is its highest version whose `effective_from` has come: an operator
 * changes a price or a limit by inserting a new version, without code and without a deploy, and
 * the history of what applied when is kept. Seeded with version 1 at boot when the table is empty.
 */
export const tierPlans = pgTable(
  'tier_plans',
  {
    tier: text('tier').notNull(),
    version: integer('version').notNull(),
    /** Shown to merchants ("Pro"). */
    name: text('name').notNull(),
    /** Order of the tiers (basic 0): an upgrade is a tier of a higher rank. */
    rank: integer('rank').notNull(),
    /** Monthly price in US cents (0 for the free tier): Shopify's recurring charge and Stripe's price. */
    monthlyPriceCents: integer('monthly_price_cents').notNull(),
    limits: jsonb('limits').$type<TierLimitValues>().notNull(),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tier, t.version] })],
);

/**
 * Each user's tier track: the billing period in force and what was used in it that is not a count
 * of stored things (messages answered, setup-wizard runs). Rolled over to the next period by the
 * scheduled reset (tier-periods.ts), and by the first use after the period ended if that comes
 * first; `notified` remembers which 80 % / 100 % notices this period already sent.
 */
export const tierTracks = pgTable('tier_tracks', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
  periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
  messages: integer('messages').notNull().default(0),
  wizardRuns: integer('wizard_runs').notNull().default(0),
  notified: jsonb('notified').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  ...timestamps(),
});

/**
 * A checkout the user started (a Stripe Checkout session, a Shopify charge awaiting approval), so
 * the Account page can say "pending" until the provider's webhook (or Shopify's confirmed charge)
 * has credited it, and so a confirmation finds whom and what it was for. Never credits by itself.
 */
export const billingCheckouts = pgTable(
  'billing_checkouts',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** `subscription` (a tier) or `top_up` (credit). */
    kind: text('kind').notNull(),
    tier: text('tier'),
    amountMicroUsd: bigint('amount_micro_usd', { mode: 'number' }),
    /** Stripe's `cs_…`, Shopify's charge GID. */
    externalId: text('external_id'),
    shopDomain: text('shop_domain'),
    /** `pending`, `completed`, `declined`. */
    status: text('status').notNull().default('pending'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    index('billing_checkouts_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('billing_checkouts_provider_external_unique').on(t.provider, t.externalId),
  ],
);

/** The user's customer record at a payment provider (Stripe `cus_…`): one per user and provider. */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.provider] }),
    uniqueIndex('payment_customers_provider_customer_unique').on(t.provider, t.customerId),
  ],
);
