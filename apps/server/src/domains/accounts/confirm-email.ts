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

/**
 * Follows a verification link. The key is consumed by a conditional UPDATE, so it works once even
 * when the link is opened twice at the same moment; unknown, used and expired keys all get the same
 * answer.
 */
export async function confirmEmail({ db, key }: ConfirmEmailInput): Promise<void> {
  const confirmed = await db.transaction(async (tx) => {
    const [used] = await tx
      .update(emailConfirmations)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(emailConfirmations.keyHash, hashConfirmationKey(key)),
          isNull(emailConfirmations.usedAt),
          gt(emailConfirmations.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: emailConfirmations.userId });
    if (!used) return false;
    await tx.update(users).set({ emailVerified: true }).where(eq(users.id, used.userId));
    return true;
  });
  if (!confirmed) throw new AppError('BAD_REQUEST', accountMessages.invalidToken);
}
