import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import type { LedgerKind } from '../../db/schema';
import { rowsOf } from '../../db/sql-helpers';

/**
 * The money API: every change of a balance is one of these three, each one statement that moves
 * the balance and writes its ledger row together, and each idempotent by its key (a repeated call
 * with a key already used changes nothing and answers the first call's outcome).
 *
 * - `credit`: adds (a top-up, an operator's adjustment).
 * - `debit`: takes away, never below zero (DESIGN "Money"): when the balance is smaller than the
 *   amount, what is left is taken and the rest written off. The rule is written once, in
 *   `debitSql`, which a generation's charge also puts at the head of its own statement.
 * - `refund`: a debit of paid credit (`refund` row): credit already spent is not taken back.
 *
 * Keys are billing's: callers get theirs from `ledgerKeyFor`, and what a key says from the
 * functions below it, never by reading the key's text.
 */

/** Whose balance: by account id (payments know the user) or by e-mail (owners of chats and tasks). */
export type LedgerOwner = { userId: string } | { ownerEmail: string };

export interface LedgerEntry {
  owner: LedgerOwner;
  /** Integer micro-USD, not negative: how much to add or take. */
  amountMicroUsd: number;
  /** The change's own key (`ledgerKeyFor`): a second call with it changes nothing. */
  key: string;
  reference?: string | null;
  description?: string | null;
}

export interface LedgerOutcome {
  /** False when the key had been used already: nothing changed, and this is that first outcome. */
  applied: boolean;
  userId: string;
  ownerEmail: string;
  /** The ledger row's signed amount: what the balance moved by (a debit's is what could be taken). */
  amountMicroUsd: number;
  /** The balance the change left. */
  balanceMicroUsd: number;
}

const requireAmount = (amount: number) => {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new Error('ledger amounts are non-negative integer micro-USD');
};

const ownerWhere = (owner: LedgerOwner) => ('userId' in owner ? sql`id = ${owner.userId}::uuid` : sql`email = ${owner.ownerEmail}`);

/**
 * The one zero-clamped debit, as two common table expressions for the head of a statement (no
 * leading comma): `<name>` (the owner's row: `id, email, balance_micro_usd, amount` taken) and
 * `<name>_ledger` (its row). The check and the change are one UPDATE that locks the owner's row and
 * re-reads it, so concurrent debits never take the balance below zero. `onlyWithCredit`: nothing is
 * taken nor written when the balance is zero (a generation's charge: no credit, no answer).
 * `descriptionWhenShort`: the row's description when less than the amount could be taken.
 *
 * Its text names the tables and binds only values: every turn builds it (bench/billing.ts).
 */
export function debitSql(input: {
  name: string;
  owner: LedgerOwner;
  kind: LedgerKind;
  amountMicroUsd: number;
  key: string;
  reference?: string | null;
  description?: string | null;
  descriptionWhenShort?: string | null;
  onlyWithCredit?: boolean;
}): SQL {
  requireAmount(input.amountMicroUsd);
  const name = sql.raw(input.name);
  const ledger = sql.raw(`${input.name}_ledger`);
  const amount = input.amountMicroUsd;
  const description = input.description ?? null;
  const whenShort = input.descriptionWhenShort ?? description;
  return sql`
    ${name} AS (
      UPDATE users SET balance_micro_usd = users.balance_micro_usd - owner.amount
      FROM (
        SELECT id, least(balance_micro_usd, ${amount}::bigint) AS amount FROM users
        WHERE ${ownerWhere(input.owner)}${sql.raw(input.onlyWithCredit ? ' AND balance_micro_usd > 0' : '')}
          AND NOT EXISTS (SELECT 1 FROM user_transactions WHERE idempotency_key = ${input.key})
        FOR UPDATE
      ) owner
      WHERE users.id = owner.id
      RETURNING users.id, users.email, users.balance_micro_usd, owner.amount
    ), ${ledger} AS (
      INSERT INTO user_transactions (user_id, kind, amount_micro_usd, balance_after_micro_usd, reference, idempotency_key, description)
      SELECT id, ${input.kind}, -amount, balance_micro_usd, ${input.reference ?? null}, ${input.key},
             CASE WHEN amount < ${amount}::bigint THEN ${whenShort}::text ELSE ${description}::text END
      FROM ${name}
      RETURNING 1
    )`;
}

/** The credit's two CTEs, shaped like `debitSql`'s (`amount`: what was added). */
function creditSql(input: LedgerEntry & { name: string; kind: LedgerKind }): SQL {
  requireAmount(input.amountMicroUsd);
  const name = sql.raw(input.name);
  return sql`
    ${name} AS (
      UPDATE users SET balance_micro_usd = balance_micro_usd + ${input.amountMicroUsd}::bigint
      WHERE ${ownerWhere(input.owner)}
        AND NOT EXISTS (SELECT 1 FROM user_transactions WHERE idempotency_key = ${input.key})
      RETURNING id, email, balance_micro_usd, ${-input.amountMicroUsd}::bigint AS amount
    ), ${sql.raw(`${input.name}_ledger`)} AS (
      INSERT INTO user_transactions (user_id, kind, amount_micro_usd, balance_after_micro_usd, reference, idempotency_key, description)
      SELECT id, ${input.kind}, -amount, balance_micro_usd, ${input.reference ?? null}, ${input.key}, ${input.description ?? null}
      FROM ${name}
      RETURNING 1
    )`;
}

/**
 * Runs a change's CTEs and answers its outcome: the change, or, when its key was used before, the
 * row that first used it (same statement, same snapshot: exactly one of the two is there). Null
 * for an owner that does not exist.
 */
async function outcomeOf(db: DbOrTx, ctes: SQL, key: string): Promise<LedgerOutcome | null> {
  const [row] = await rowsOf<{ applied: boolean; user_id: string; email: string; amount: string; balance: string }>(
    db,
    sql`
      WITH ${ctes}
      SELECT true AS applied, id::text AS user_id, email, (-amount)::text AS amount, balance_micro_usd::text AS balance FROM ledger_change
      UNION ALL
      SELECT false, t.user_id::text, u.email, t.amount_micro_usd::text, t.balance_after_micro_usd::text
      FROM user_transactions t JOIN users u ON u.id = t.user_id WHERE t.idempotency_key = ${key}
      LIMIT 1`,
  );
  if (!row) return null;
  return {
    applied: row.applied,
    userId: row.user_id,
    ownerEmail: row.email,
    amountMicroUsd: Number(row.amount),
    balanceMicroUsd: Number(row.balance),
  };
}

/** Adds to the owner's balance (a top-up, an adjustment), once per key. */
export function credit(db: DbOrTx, entry: LedgerEntry & { kind: 'top_up' | 'adjustment' }): Promise<LedgerOutcome | null> {
  return outcomeOf(db, creditSql({ ...entry, name: 'ledger_change' }), entry.key);
}

/**
 * Takes from the owner's balance, never below zero (`debitSql`), once per key. A debit from an
 * empty balance still writes its (zero) row, so its key is spent and a replay answers the same.
 */
export function debit(
  db: DbOrTx,
  entry: LedgerEntry & { kind: 'adjustment' | 'generation_charge'; descriptionWhenShort?: string | null },
): Promise<LedgerOutcome | null> {
  return outcomeOf(db, debitSql({ ...entry, name: 'ledger_change' }), entry.key);
}

/** Takes back refunded credit: a debit recorded as `refund`, never below zero (spent credit stays spent). */
export function refund(db: DbOrTx, entry: LedgerEntry): Promise<LedgerOutcome | null> {
  return outcomeOf(db, debitSql({ ...entry, kind: 'refund', name: 'ledger_change' }), entry.key);
}

/** What a ledger change is for; its key is derived from it, here and nowhere else. */
export type LedgerSource =
  /** A generation's charge, by what it produced (`message:<id>`, `task:<id>`). */
  | { generation: string }
  /** A Stripe Checkout session that paid for credit. */
  | { stripeCheckout: string }
  /** A Stripe charge's refunds, up to `refundedTotal` (Stripe's running total, in cents). */
  | { stripeRefund: string; refundedTotal: number }
  /** A Shopify one-time purchase of credit. */
  | { shopifyPurchase: string };

/** Every refund key of one Stripe charge starts so; the running total follows. */
const stripeRefundPrefix = (chargeId: string) => `stripe:refund:${chargeId}:`;

/** The idempotency key of a change (the formats are the ledger's since it opened: keep them). */
export function ledgerKeyFor(source: LedgerSource): string {
  if ('generation' in source) return `generation:${source.generation}`;
  if ('stripeCheckout' in source) return `stripe:checkout:${source.stripeCheckout}`;
  if ('stripeRefund' in source) {
    if (!Number.isSafeInteger(source.refundedTotal) || source.refundedTotal < 0) throw new Error('a refunded total is whole cents');
    return `${stripeRefundPrefix(source.stripeRefund)}${source.refundedTotal}`;
  }
  return `shopify:purchase:${source.shopifyPurchase}`;
}

/** How much of a Stripe charge the ledger has refunded so far (the `refundedTotal` of its last refund key; 0 for none). */
export async function stripeRefundedTotal(db: DbOrTx, chargeId: string): Promise<number> {
  const prefix = stripeRefundPrefix(chargeId);
  const [row] = await rowsOf<{ total: string | null }>(
    db,
    sql`SELECT max(substr(idempotency_key, ${prefix.length + 1})::bigint)::text AS total FROM user_transactions
        WHERE starts_with(idempotency_key, ${prefix})`,
  );
  return Number(row?.total ?? 0);
}

/** The account a top-up with this reference credited, if any (a payment's refund takes credit back only from a top-up). */
export async function topUpOwner(db: DbOrTx, reference: string): Promise<{ userId: string } | undefined> {
  const [row] = await rowsOf<{ user_id: string }>(
    db,
    sql`SELECT user_id::text FROM user_transactions WHERE kind = 'top_up' AND reference = ${reference} LIMIT 1`,
  );
  return row ? { userId: row.user_id } : undefined;
}
