import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamps } from './columns';

/** Server-side user (spec §3 User). E-mails are stored lower-cased; uniqueness is on that value. */
export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    isStaff: boolean('is_staff').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    emailVerified: boolean('email_verified').notNull().default(false),
    tier: text('tier').notNull().default('basic'),
    availableUsd: numeric('available_usd', { precision: 14, scale: 6, mode: 'number' }).notNull().default(0),
    avatar: text('avatar'),
    tierTrack: jsonb('tier_track').$type<Record<string, unknown>>().notNull().default({}),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email)],
);

/** E-mail verification keys (link `${PUBLIC_URL}/users/verify-email?key=<key>`); only a hash is stored. */
export const emailConfirmations = pgTable(
  'email_confirmations',
  {
    keyHash: text('key_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_confirmations_user_idx').on(t.userId)],
);

/**
 * Outstanding refresh tokens (Simple-JWT's outstanding/blacklist pair in one table): a token is
 * usable while `revoked_at` is null; rotation revokes the used one, a password reset revokes all.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    jti: uuid('jti').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_user_idx').on(t.userId)],
);

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

/** Money movements on a user's USD balance: top-ups (+) and usage charges (-). */
export const userTransactions = pgTable(
  'user_transactions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    amountUsd: numeric('amount_usd', { precision: 14, scale: 6, mode: 'number' }).notNull(),
    description: text('description'),
    externalId: text('external_id'),
    createdAt: createdAt(),
  },
  (t) => [index('user_transactions_user_idx').on(t.userId, t.createdAt), uniqueIndex('user_transactions_external_unique').on(t.externalId)],
);

/** Usage per user and day, counted against tier limits. */
export const dailyUsage = pgTable(
  'daily_usage',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    costUsd: numeric('cost_usd', { precision: 14, scale: 6, mode: 'number' }).notNull().default(0),
    inputTokens: integer('input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    messages: integer('messages').notNull().default(0),
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

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
