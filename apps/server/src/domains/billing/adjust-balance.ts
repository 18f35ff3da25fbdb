import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { type LedgerKind, users, userTransactions } from '../../db/schema';
import { rowsOf } from '../../db/sql-helpers';

export interface BalanceChange {
  ownerEmail: string;
  kind: Exclude<LedgerKind, 'generation_charge'>;
  /** Signed integer micro-USD: a top-up or a refund adds, an adjustment may take away. */
  amountMicroUsd: number;
  /** The change's own id (a payment's id, an operator's request id): a replay changes nothing. */
  idempotencyKey: string;
  reference?: string | null;
  description?: string | null;
}

/**
 * Adds a top-up, a refund or an adjustment to the owner's balance with its ledger row, in one
 * statement. Returns the balance it left, or null when the key was already used (nothing changed)
 * or the owner does not exist.
 */
export async function adjustBalance(db: DbOrTx, change: BalanceChange): Promise<number | null> {
  if (!Number.isSafeInteger(change.amountMicroUsd)) throw new Error('amounts are integer micro-USD');
  const [row] = await rowsOf<{ balance: string | null }>(
    db,
    sql`
      WITH changed AS (
        UPDATE ${users} SET balance_micro_usd = balance_micro_usd + ${change.amountMicroUsd}::bigint
        WHERE email = ${change.ownerEmail}
          AND NOT EXISTS (SELECT 1 FROM ${userTransactions} WHERE idempotency_key = ${change.idempotencyKey})
        RETURNING id, balance_micro_usd
      ), ledger AS (
        INSERT INTO ${userTransactions} (user_id, kind, amount_micro_usd, balance_after_micro_usd, reference, idempotency_key, description)
        SELECT id, ${change.kind}, ${change.amountMicroUsd}::bigint, balance_micro_usd, ${change.reference ?? null},
               ${change.idempotencyKey}, ${change.description ?? null}
        FROM changed
        RETURNING balance_after_micro_usd
      )
      SELECT (SELECT balance_after_micro_usd::text FROM ledger) AS balance`,
  );
  return row?.balance == null ? null : Number(row.balance);
}
