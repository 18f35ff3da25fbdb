import { eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { parseModelId } from '../../lib/model-id';
import { priceOf } from './pricing';

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

/** `canSpend`, as the 402 a merchant sees when it fails. */
export function requireCredit(modelId: string, balanceMicroUsd: number | string | null | undefined): void {
  if (!canSpend(modelId, balanceMicroUsd)) throw new AppError('PAYMENT_REQUIRED', NO_CREDIT, { bodyCode: 'no_credit' });
}

/** The owner's balance in micro-USD (as text: bigint), for a caller's own select list. */
export const balanceSql = (ownerEmail: SQL | string) =>
  sql<string | null>`(SELECT ${users.balanceMicroUsd}::text FROM ${users} WHERE ${users.email} = ${ownerEmail})`;

/** The owner's balance in micro-USD (0 for an unknown owner). */
export async function balanceOf(db: DbOrTx, ownerEmail: string): Promise<number> {
  const [row] = await db.select({ balance: users.balanceMicroUsd }).from(users).where(eq(users.email, ownerEmail)).limit(1);
  return row?.balance ?? 0;
}
