import type { DbOrTx } from '../../db/database';
import type { EventBus } from '../../lib/event-bus';
import { publishAccount } from './account-events';
import { credit, type LedgerOutcome, refund } from './ledger';

interface PaymentChange {
  userId: string;
  amountMicroUsd: number;
  /** From `ledgerKeyFor` (the provider's own id of the payment or refund). */
  idempotencyKey: string;
  reference: string;
  description: string;
}

/** Tells the owner's open Account page the new balance, once: a replay moved nothing. */
function published(ctx: { events: EventBus }, outcome: LedgerOutcome | null): LedgerOutcome | null {
  if (outcome?.applied) publishAccount(ctx, { ownerEmail: outcome.ownerEmail, balanceMicroUsd: outcome.balanceMicroUsd });
  return outcome;
}

/**
 * A confirmed payment of credit: one `top_up` row, once per payment however often it is reported.
 * Answers the outcome (the first one, `applied: false`, for a replay), or null for an unknown user.
 */
export async function creditTopUp(ctx: { db: DbOrTx; events: EventBus }, input: PaymentChange): Promise<LedgerOutcome | null> {
  return published(
    ctx,
    await credit(ctx.db, {
      owner: { userId: input.userId },
      kind: 'top_up',
      amountMicroUsd: input.amountMicroUsd,
      key: input.idempotencyKey,
      reference: input.reference,
      description: input.description,
    }),
  );
}

/**
 * A refund of paid credit: one negative `refund` row, once per refund. Credit already spent is not
 * taken back below zero (the money API's debit): the row records what was taken, and its
 * description what was refunded.
 */
export async function refundTopUp(ctx: { db: DbOrTx; events: EventBus }, input: PaymentChange): Promise<LedgerOutcome | null> {
  return published(
    ctx,
    await refund(ctx.db, {
      owner: { userId: input.userId },
      amountMicroUsd: input.amountMicroUsd,
      key: input.idempotencyKey,
      reference: input.reference,
      description: input.description,
    }),
  );
}
