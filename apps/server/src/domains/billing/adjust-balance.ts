import type { DbOrTx } from '../../db/database';
import type { LedgerKind } from '../../db/schema';
import { credit, debit, refund } from './ledger';

export interface BalanceChange {
  ownerEmail: string;
  kind: Exclude<LedgerKind, 'generation_charge'>;
  /** Signed integer micro-USD: a top-up adds, a refund takes back, an adjustment may do either. */
  amountMicroUsd: number;
  /** The change's own id (a payment's id, an operator's request id): a replay changes nothing. */
  idempotencyKey: string;
  reference?: string | null;
  description?: string | null;
}

/**
 * An operator's (or a test's) signed change of a balance, through the money API (ledger.ts): a
 * positive amount is a `credit`, a negative one a `debit` (or `refund`), clamped at zero like every
 * debit. Returns the balance it left, or null when the key was already used (nothing changed) or
 * the owner does not exist.
 */
export async function adjustBalance(db: DbOrTx, change: BalanceChange): Promise<number | null> {
  if (!Number.isSafeInteger(change.amountMicroUsd)) throw new Error('amounts are integer micro-USD');
  if (change.kind === 'top_up' && change.amountMicroUsd < 0) throw new Error('a top-up adds');
  const entry = {
    owner: { ownerEmail: change.ownerEmail },
    amountMicroUsd: Math.abs(change.amountMicroUsd),
    key: change.idempotencyKey,
    reference: change.reference,
    description: change.description,
  };
  const outcome =
    change.kind === 'refund'
      ? await refund(db, entry)
      : change.amountMicroUsd < 0
        ? await debit(db, { ...entry, kind: 'adjustment' })
        : await credit(db, { ...entry, kind: change.kind === 'top_up' ? 'top_up' : 'adjustment' });
  return outcome?.applied ? outcome.balanceMicroUsd : null;
}
