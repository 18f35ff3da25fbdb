import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    /** The USD credit balance in integer micro-USD; only `domains/billing` writes it, with a ledger row. */
    balanceMicroUsd: bigint('balance_micro_usd', { mode: 'number' }).notNull().default(0),
    avatar: text('avatar'),
    /**
     * How the owner's manual replies are signed to shoppers (accounts/reply-signature.ts): `team`
     * ("The shop’s team"), `name` (display_name) or `shop` (shop_name).
     */
    replySignedAs: text('reply_signed_as').notNull().default('team'),
    displayName: text('display_name'),
    shopName: text('shop_name'),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Carried in every token as `ver`; raised when the account's sessions must end (password set,
     * staff flag removed), which makes every token signed before it invalid at once
     * (accounts/end-sessions.ts, auth/token-versions.ts).
     */
    tokenVersion: integer('token_version').notNull().default(0),
    /**
     * The language the account's e-mails are written in (one of contracts' MERCHANT_LANGUAGES):
     * chosen at sign-up (or read from the browser's Accept-Language), changed on the account page.
     */
    language: text('language').notNull().default('en'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email)],
);

/**
 * E-mail verification keys (link `${PUBLIC_URL}/users/verify-email?key=<key>`); only a hash is stored.
 * A key with `new_email` confirms a change of the account's address to that one
 * (accounts/request-email-change.ts); without it, it verifies the address the account signed up with.
 */
export const emailConfirmations = pgTable(
  'email_confirmations',
  {
    keyHash: text('key_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The address the account moves to when the key is followed; null for a sign-up verification. */
    newEmail: text('new_email'),
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

/**
 * Consecutive failed sign-ins per throttling key (accounts/login-throttle.ts): the e-mail for
 * unknown clients, the e-mail plus device for a known one. Only a hash of the key is kept, so the
 * table holds no e-mail addresses, and it covers addresses without an account alike (a 429 must
 * not tell whether an account exists). A success deletes the row.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    keyHash: text('key_hash').primaryKey(),
    failures: integer('failures').notNull(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [index('login_failures_last_failure_idx').on(t.lastFailureAt)],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
