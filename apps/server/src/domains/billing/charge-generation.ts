import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { tasks } from '../../db/schema';
import { rowsOf } from '../../db/sql-helpers';
import { toMicroUsd } from '../../lib/money';
import type { ChargeOutcome } from './billing-notices';
import { noCredit } from './credit';
import type { GenerationUsage } from './generation-usage';
import { debitSql, ledgerKeyFor } from './ledger';
import { countInPeriodSql } from './tier-periods';

/** What a charge reads of a generation's usage (a chat reply's usage, with its citations, fits too). */
export type ChargedUsage = Pick<GenerationUsage, 'model' | 'inputTokens' | 'outputTokens' | 'costUsd' | 'refused'> & {
  provider: string;
};

export interface GenerationCharge {
  ownerEmail: string;
  usage: ChargedUsage;
  /**
   * What the generation produced (`message:<id>`, `task:<id>`, with an id the caller chose before
   * the statement): the ledger row's reference, and its idempotency key, so one artifact is never
   * charged twice.
   */
  reference: string;
  /** A reply to a message (a turn of any chat): counted against the tier's messages per month. */
  countsAsMessage?: boolean;
}

export interface GenerationChargeSql {
  /** Common table expressions to put first in the caller's `WITH` list (no leading comma). */
  ctes: SQL;
  /**
   * True when the generation may be kept: it was free, or its charge went through. Guard what the
   * statement stores with it (`INSERT ... SELECT ... WHERE ${allowed}`), and refuse the turn when
   * nothing was stored: the owner's credit ran out while the model was writing.
   */
  allowed: SQL;
  /** For the caller's select list: what happened, for `afterCharge` (notices, live balance). */
  outcome: SQL;
}

/**
 * A generation's charge as common table expressions that lead the statement storing what the
 * generation produced, so the work and its charge commit together or not at all, in one round trip
 * (under load, turns share one embedded database connection, so every CTE left out is time saved
 * for every visitor).
 *
 * The balance never goes below zero, however many turns end at once (DESIGN "Money"): the check
 * and the charge are one UPDATE that locks the owner's row and re-reads it, taking the cost only
 * while the balance is positive. When the balance is smaller than the cost, the rest is written
 * off: the turn was admitted with credit, and the next one will be refused up front. When it is
 * zero, nothing is charged, `allowed` is false and the caller stores nothing. A free generation
 * writes no ledger row (the balance did not move), and a refusal is no usage either.
 */
export function generationCharge(charge: GenerationCharge): GenerationChargeSql {
  const { usage, ownerEmail } = charge;
  const micro = toMicroUsd(usage.costUsd);
  const key = ledgerKeyFor({ generation: charge.reference });
  const paid = micro > 0;
  const counted = Boolean(charge.countsAsMessage && !usage.refused);
  // Every turn builds this statement, so it names its tables in the text and binds only values:
  // composing it from table objects took longer than running it (bench/billing.ts).
  const allowed = paid ? sql.raw('EXISTS (SELECT 1 FROM billing_charged)') : sql.raw('true');
  const parts: SQL[] = [];
  if (paid) {
    // The one zero-clamped debit of the money API (ledger.ts), at the head of the caller's statement.
    parts.push(
      debitSql({
        name: 'billing_charged',
        owner: { ownerEmail },
        kind: 'generation_charge',
        amountMicroUsd: micro,
        key,
        reference: charge.reference,
        description: `${usage.provider}:${usage.model}`,
        descriptionWhenShort: `${usage.provider}:${usage.model} (cost ${micro} µ$; the rest of the credit)`,
        onlyWithCredit: true,
      }),
    );
  }
  if (!usage.refused) {
    parts.push(sql`
    billing_usage AS (
      INSERT INTO daily_usage (user_id, day, cost_micro_usd, input_tokens, output_tokens, generations)
      SELECT id, (now() AT TIME ZONE 'UTC')::date, ${micro}::bigint, ${usage.inputTokens}::bigint, ${usage.outputTokens}::bigint, 1
      FROM users WHERE email = ${ownerEmail} AND ${allowed}
      ON CONFLICT (user_id, day) DO UPDATE SET
        cost_micro_usd = daily_usage.cost_micro_usd + excluded.cost_micro_usd,
        input_tokens = daily_usage.input_tokens + excluded.input_tokens,
        output_tokens = daily_usage.output_tokens + excluded.output_tokens,
        generations = daily_usage.generations + 1,
        updated_at = now()
      RETURNING 1
    )`);
  }
  if (counted) parts.push(sql`billing_track AS (${countInPeriodSql({ ownerEmail, counter: 'messages', where: allowed })})`);
  return {
    ctes: parts.length ? sql.join(parts, sql.raw(', ')) : sql.raw('billing_noop AS (SELECT 1)'),
    allowed,
    outcome: sql.raw(`json_build_object(
      'allowed', ${paid ? 'EXISTS (SELECT 1 FROM billing_charged)' : 'true'},
      'charged', ${paid ? '(SELECT amount FROM billing_charged)' : '0'},
      'balance', ${paid ? '(SELECT balance_micro_usd FROM billing_charged)' : 'null'},
      'messages', ${counted ? '(SELECT used FROM billing_track)' : 'null'})`),
  };
}

/**
 * Records a generation that produced no message of its own (a function's code, a summary, a
 * conversation reply) as a Task with its usage, and charges its owner, in one statement. Call it
 * inside the transaction that stores what the generation produced: when the owner's credit ran out
 * meanwhile it throws the no-credit refusal, which rolls that back too. Returns the Task's id.
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
    /** A reply to a message (the conversation API's): counted against the month's messages. */
    countsAsMessage?: boolean;
  },
  /** Receives what the charge did; pass it to `afterCharge` once the transaction has committed. */
  report?: (outcome: ChargeOutcome) => void,
): Promise<string> {
  const { usage } = input;
  const taskId = randomUUID();
  const charge = generationCharge({
    ownerEmail: input.ownerEmail,
    usage,
    reference: `task:${taskId}`,
    countsAsMessage: input.countsAsMessage,
  });
  const [row] = await rowsOf<{ task_id: string | null; billing: ChargeOutcome }>(
    tx,
    sql`
      WITH ${charge.ctes}, task AS (
        INSERT INTO ${tasks} (id, owner_email, type, result, llm_usage, provider, model, assistant_id, function_id)
        SELECT ${taskId}, ${input.ownerEmail}, ${input.type}, ${JSON.stringify(input.result ?? null)}::jsonb, ${JSON.stringify(usage)}::jsonb,
               ${usage.provider}, ${usage.model}, ${input.assistantId ?? null}, ${input.functionId ?? null}
        WHERE ${charge.allowed}
        RETURNING id
      )
      SELECT (SELECT id::text FROM task) AS task_id, ${charge.outcome} AS billing`,
  );
  if (!row?.task_id) throw noCredit();
  report?.(row.billing);
  return row.task_id;
}
