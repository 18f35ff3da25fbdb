import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamps } from './columns';
import { users } from './users';

/*
 * Money (DESIGN "Money"): amounts are integer micro-USD, never binary floats. Every change of a
 * user's balance (`users.balance_micro_usd`) is one row of `user_transactions`, written by
 * `domains/billing` in the same statement or transaction as what caused it.
 */

/** Paid subscriptions (card provider or commerce platform billing); filled by the billing issue. */
export const userSubscriptions = pgTable(
  'user_subscriptions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    externalId: text('external_id'),
    productId: text('product_id'),
    tier: text('tier').notNull(),
    status: text('status').notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [index('user_subscriptions_user_idx').on(t.userId)],
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

/** Limits per tier (JSON so later issues can add limits without a redesign). */
export const tierLimits = pgTable('tier_limits', {
  tier: text('tier').primaryKey(),
  limits: jsonb('limits').$type<Record<string, number>>().notNull().default(sql`'{}'::jsonb`),
  ...timestamps(),
});
