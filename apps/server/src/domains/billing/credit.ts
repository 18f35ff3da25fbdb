import { eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { parseModelId } from '../../lib/model-id';
import { limitReached } from './limit-reached';
import { priceOf } from './pricing';
import { tierPlanOf } from './tiers';

export const NO_CREDIT = 'You have no credit left. Top up your balance to keep chatting with this model.';

/** The built-in local model and unpriced self-hosted models cost nothing and need no credit. */
export function isFreeModel(modelId: string): boolean {
  const { provider, model } = parseModelId(modelId);
  const price = priceOf(provider, model);
  return price.inputPerMillion + price.outputPerMillion === 0;
}

/**
 * The one can-spend check of every turn and generation: a paid model needs a positive balance.
 * `balanceMicroUsd` is the owner's balance as the caller's first query read it (`balanceSql`), so
 * a turn pays for no extra round trip.
 */
export function canSpend(modelId: string, balanceMicroUsd: number | string | null | undefined): boolean {
  return isFreeModel(modelId) || Number(balanceMicroUsd ?? 0) > 0;
}

/** The 402 a merchant sees when a paid model has no credit left to spend (spec-style `{detail, code}`). */
export const noCredit = () => new AppError('PAYMENT_REQUIRED', NO_CREDIT, { bodyCode: 'no_credit' });

/** `canSpend`, as the 402 a merchant sees when it fails. */
export function requireCredit(modelId: string, balanceMicroUsd: number | string | null | undefined): void {
  if (!canSpend(modelId, balanceMicroUsd)) throw noCredit();
}

/** What a turn's first query reads of its owner's account (`spendingSql`): the credit and the month's messages. */
export interface Spending {
  balance: number | string | null;
  messages: number;
  messageLimit: number;
  tier: string;
}

/**
 * The owner's balance and this period's messages against the tier's limit, as one JSON value for a
 * caller's own select list: a turn checks both without an extra round trip.
 */
export const spendingSql = (ownerEmail: SQL | string) => sql<Spending | null>`${SPENDING[0]}${ownerEmail}${SPENDING[1]}`;

/**
 * Whether a turn of any model is surely allowed, from `spendingSql`'s value: a positive balance and
 * messages left this period (stricter than `answerRefusal`, which lets a free model answer without
 * credit). Lets a turn's first statement store its question when nothing could refuse it.
 */
export const surelyPayableSql = (spending: SQL) =>
  sql`((${spending} ->> 'balance')::numeric > 0 AND (${spending} ->> 'messages')::int < (${spending} ->> 'messageLimit')::int)`;

/** Its fixed text, written once (every turn's first query carries it). */
const SPENDING = [
  sql.raw(`(
  SELECT json_build_object(
    'balance', u.balance_micro_usd::text,
    'messages', CASE WHEN t.period_end > now() THEN t.messages ELSE 0 END,
    'messageLimit', coalesce((
      SELECT (limits ->> 'messagesPerMonth')::int FROM tier_plans
      WHERE tier = u.tier AND effective_from <= now() ORDER BY version DESC LIMIT 1), 0),
    'tier', u.tier)
  FROM users u LEFT JOIN tier_tracks t ON t.user_id = u.id
  WHERE u.email = `),
  sql.raw(')'),
] as const;

/**
 * Why a turn may not be answered, or null: the tier's messages for this period are used up (403,
 * naming the limit), or a paid model has no credit (402). The one check every turn makes; only a
 * refusal for the limit reads more (the tier's name, for its message).
 */
export async function answerRefusal(db: DbOrTx, modelId: string, spending: Spending | null | undefined): Promise<AppError | null> {
  if (spending && spending.messages >= spending.messageLimit) {
    const { plan, topTier } = await tierPlanOf(db, spending.tier);
    return limitReached({ limit: 'messagesPerMonth', max: spending.messageLimit, tierName: plan.name, topTier });
  }
  return canSpend(modelId, spending?.balance) ? null : noCredit();
}

export async function requireCanAnswer(db: DbOrTx, modelId: string, spending: Spending | null | undefined): Promise<void> {
  const refusal = await answerRefusal(db, modelId, spending);
  if (refusal) throw refusal;
}

/** The owner's balance in micro-USD (as text: bigint), for a caller's own select list. */
export const balanceSql = (ownerEmail: SQL | string) =>
  sql<string | null>`(SELECT ${users.balanceMicroUsd}::text FROM ${users} WHERE ${users.email} = ${ownerEmail})`;

/** The owner's balance in micro-USD (0 for an unknown owner). */
export async function balanceOf(db: DbOrTx, ownerEmail: string): Promise<number> {
  const [row] = await db.select({ balance: users.balanceMicroUsd }).from(users).where(eq(users.email, ownerEmail)).limit(1);
  return row?.balance ?? 0;
}
