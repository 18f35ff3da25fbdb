import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { emailConfirmations, users } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import { accountMessages } from './account-messages';
import { hashConfirmationKey } from './email-confirmation-key';

export interface ConfirmEmailInput {
  db: Db;
  key: string;
}

/** `verified` now, or `already-verified`: the link was followed before (or the address verified since). */
export type ConfirmEmailOutcome = 'verified' | 'already-verified';

/**
 * Follows a verification link. The key is consumed by a conditional UPDATE, so it works once even
 * when the link is opened twice at the same moment. Opening it again later is what people do (a
 * second click in the mail, a bookmarked tab): a key of an address that is verified by now says so,
 * rather than calling a good link invalid. Unknown keys, and expired keys of unverified addresses,
 * get the same invalid-token answer.
 */
export async function confirmEmail({ db, key }: ConfirmEmailInput): Promise<ConfirmEmailOutcome> {
  const keyHash = hashConfirmationKey(key);
  const confirmed = await db.transaction(async (tx) => {
    const [used] = await tx
      .update(emailConfirmations)
      .set({ usedAt: sql`now()` })
      .where(and(eq(emailConfirmations.keyHash, keyHash), isNull(emailConfirmations.usedAt), gt(emailConfirmations.expiresAt, sql`now()`)))
      .returning({ userId: emailConfirmations.userId });
    if (!used) return false;
    await tx.update(users).set({ emailVerified: true }).where(eq(users.id, used.userId));
    return true;
  });
  if (confirmed) return 'verified';
  const [owner] = await db
    .select({ emailVerified: users.emailVerified })
    .from(emailConfirmations)
    .innerJoin(users, eq(users.id, emailConfirmations.userId))
    .where(eq(emailConfirmations.keyHash, keyHash))
    .limit(1);
  if (owner?.emailVerified) return 'already-verified';
  throw new AppError('BAD_REQUEST', accountMessages.invalidToken);
}
