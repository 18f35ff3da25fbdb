import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { dailyUsage, tasks, users, userTransactions } from '../../db/schema';
import { rowsOf } from '../../db/sql-helpers';
import type { GenerationUsage } from './generation-usage';
import { toMicroUsd } from './money';

/** What a charge reads of a generation's usage (a chat reply's usage, with its citations, fits too). */
export type ChargedUsage = Pick<GenerationUsage, 'model' | 'inputTokens' | 'outputTokens' | 'costUsd' | 'refused'> & {
  provider: string;
};

export interface GenerationCharge {
  ownerEmail: string;
  usage: ChargedUsage;
  /**
   * What the generation produced, as an SQL text expression of the caller's statement
   * (`'message:' || reply.id`): the ledger row's reference, and its idempotency key, so one
   * artifact is never charged twice.
   */
  reference: SQL;
}

/**
 * A generation's charge as common table expressions to append to the caller's own `WITH` list
 * (they start with a comma), after the CTE that `reference` reads: the owner's balance goes down by
 * the cost, a ledger row records it with the balance it left, and the day's usage is counted. All
 * in the statement that stores what the generation produced, so the work and its charge commit
 * together or not at all, in one round trip (under load, turns share one embedded database
 * connection, so every CTE left out is time saved for every visitor).
 *
 * The balance is updated before the ledger row is written so `balance_after_micro_usd` is the
 * row's real value under concurrent charges (the UPDATE re-reads the locked row). A replayed
 * reference charges nothing; a concurrent replay fails on the idempotency key's unique index and
 * rolls its whole statement back. A free generation writes no ledger row (the balance did not
 * move), and a refusal is no usage either.
 */
export function generationChargeCtes(charge: GenerationCharge): SQL {
  const { usage, ownerEmail } = charge;
  const micro = toMicroUsd(usage.costUsd);
  const key = sql`('generation:' || ${charge.reference})`;
  const parts: SQL[] = [];
  if (micro > 0) {
    parts.push(sql`
    billing_charged AS (
      UPDATE ${users} SET balance_micro_usd = balance_micro_usd - ${micro}::bigint
      WHERE email = ${ownerEmail} AND NOT EXISTS (SELECT 1 FROM ${userTransactions} WHERE idempotency_key = ${key})
      RETURNING id, balance_micro_usd
    ), billing_ledger AS (
      INSERT INTO ${userTransactions} (user_id, kind, amount_micro_usd, balance_after_micro_usd, reference, idempotency_key, description)
      SELECT id, 'generation_charge', ${-micro}::bigint, balance_micro_usd, ${charge.reference}, ${key},
             ${`${usage.provider}:${usage.model}`}
      FROM billing_charged
      RETURNING 1
    )`);
  }
  if (!usage.refused) {
    parts.push(sql`
    billing_usage AS (
      INSERT INTO ${dailyUsage} (user_id, day, cost_micro_usd, input_tokens, output_tokens, generations)
      SELECT id, (now() AT TIME ZONE 'UTC')::date, ${micro}::bigint, ${usage.inputTokens}::bigint, ${usage.outputTokens}::bigint, 1
      FROM ${users} WHERE email = ${ownerEmail}
      ON CONFLICT (user_id, day) DO UPDATE SET
        cost_micro_usd = ${dailyUsage}.cost_micro_usd + excluded.cost_micro_usd,
        input_tokens = ${dailyUsage}.input_tokens + excluded.input_tokens,
        output_tokens = ${dailyUsage}.output_tokens + excluded.output_tokens,
        generations = ${dailyUsage}.generations + 1,
        updated_at = now()
      RETURNING 1
    )`);
  }
  return parts.length ? sql`, ${sql.join(parts, sql`, `)}` : sql``;
}

/**
 * Records a generation that produced no message of its own (a function's code, a summary, a
 * conversation reply) as a Task with its usage, and charges its owner, in one statement. Call it
 * inside the transaction that stores what the generation produced. Returns the Task's id.
 */
export async function chargeGeneration(
  tx: DbOrTx,
  input: {
    ownerEmail: string;
    type: string;
    result: unknown;
    usage: ChargedUsage;
    assistantId?: string | null;
    functionId?: string | null;
  },
): Promise<string> {
  const { usage } = input;
  const [row] = await rowsOf<{ task_id: string }>(
    tx,
    sql`
      WITH task AS (
        INSERT INTO ${tasks} (owner_email, type, result, llm_usage, provider, model, assistant_id, function_id)
        VALUES (${input.ownerEmail}, ${input.type}, ${JSON.stringify(input.result ?? null)}::jsonb, ${JSON.stringify(usage)}::jsonb,
                ${usage.provider}, ${usage.model}, ${input.assistantId ?? null}, ${input.functionId ?? null})
        RETURNING id
      )${generationChargeCtes({ ownerEmail: input.ownerEmail, usage, reference: sql`(SELECT 'task:' || id FROM task)` })}
      SELECT (SELECT id::text FROM task) AS task_id`,
  );
  if (!row?.task_id) throw new Error('the generation was not recorded');
  return row.task_id;
}
