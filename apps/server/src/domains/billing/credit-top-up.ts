import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { users, userTransactions } from '../../db/schema';
import { rowsOf } from '../../db/sql-helpers';
import type { EventBus } from '../../lib/event-bus';
import { publishAccount } from './account-events';
import { adjustBalance } from './adjust-balance';

/**
 * A confirmed payment of credit: one `top_up` row, once per payment however often it is reported
 * (`idempotencyKey`: the provider's own id). Answers the balance it left, or null for a replay.
 */
export async function creditTopUp(
  ctx: { db: DbOrTx; events: EventBus },
  input: { userId: string; amountMicroUsd: number; idempotencyKey: string; reference: string; description: string },
): Promise<number | null> {
  const [user] = await rowsOf<{ email: string }>(ctx.db, sql`SELECT email FROM ${users} WHERE id = ${input.userId}`);
  if (!user) return null;
  const balance = await adjustBalance(ctx.db, {
    ownerEmail: user.email,
    kind: 'top_up',
    amountMicroUsd: input.amountMicroUsd,
    idempotencyKey: input.idempotencyKey,
    reference: input.reference,
    description: input.description,
  });
  if (balance !== null) publishAccount(ctx, { ownerEmail: user.email, balanceMicroUsd: balance });
  return balance;
}

/**
 * A refund of paid credit: one negative `refund` row, once per refund. Credit already spent is not
 * taken back below zero (the balance never goes negative): the row records what was taken, and
 * its description what was refunded. Answers the balance it left, or null for a replay.
 */
export async function refundTopUp(
  ctx: { db: DbOrTx; events: EventBus },
  input: { userId: string; amountMicroUsd: number; idempotencyKey: string; reference: string; description: string },
): Promise<number | null> {
  const [row] = await rowsOf<{ email: string; balance: string }>(
    ctx.db,
    sql`
      WITH taken AS (
        UPDATE ${users} SET balance_micro_usd = ${users}.balance_micro_usd - owner.amount
        FROM (
          SELECT id, least(balance_micro_usd, ${input.amountMicroUsd}::bigint) AS amount FROM ${users}
          WHERE id = ${input.userId} AND NOT EXISTS (SELECT 1 FROM ${userTransactions} WHERE idempotency_key = ${input.idempotencyKey})
          FOR UPDATE
        ) owner
        WHERE ${users}.id = owner.id
        RETURNING ${users}.id, ${users}.email, ${users}.balance_micro_usd, owner.amount
      ), ledger AS (
        INSERT INTO ${userTransactions} (user_id, kind, amount_micro_usd, balance_after_micro_usd, reference, idempotency_key, description)
        SELECT id, 'refund', -amount, balance_micro_usd, ${input.reference}, ${input.idempotencyKey}, ${input.description}
        FROM taken
        RETURNING 1
      )
      SELECT email, balance_micro_usd::text AS balance FROM taken`,
  );
  if (!row) return null;
  publishAccount(ctx, { ownerEmail: row.email, balanceMicroUsd: Number(row.balance) });
  return Number(row.balance);
}
