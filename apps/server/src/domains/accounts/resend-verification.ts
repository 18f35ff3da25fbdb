import { and, eq, isNull } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/database';
import { emailConfirmations, users } from '../../db/schema/users';
import type { Env } from '../../env';
import type { Mailer } from '../../lib/mailer';
import { verificationMail } from './account-mails';
import { hashConfirmationKey, newConfirmationKey } from './email-confirmation-key';

export interface ResendVerificationInput {
  db: Db;
  env: Env;
  mailer: Mailer;
  logger: Pick<Logger, 'error'>;
  /** Normalised (trimmed, lower-cased) by the contract schema. */
  email: string;
}

/**
 * A new verification link for an active account whose address is not verified yet (the first mail
 * was lost, or its link expired), in the account's language. The account's earlier verification
 * links stop working, so only the newest one in the inbox does. Verified, deactivated and unknown
 * addresses get nothing; the caller answers the same in every case, and the mail is sent without
 * waiting for it (as a password reset's), so neither the answer nor its timing tells them apart.
 */
export async function resendVerification({ db, env, mailer, logger, email }: ResendVerificationInput): Promise<void> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email), eq(users.isActive, true), eq(users.emailVerified, false)))
    .limit(1);
  if (!user) return;
  const key = newConfirmationKey();
  await db.transaction(async (tx) => {
    // Unused sign-up keys only: a key that confirms a change of address is not this link's business.
    await tx
      .delete(emailConfirmations)
      .where(and(eq(emailConfirmations.userId, user.id), isNull(emailConfirmations.usedAt), isNull(emailConfirmations.newEmail)));
    await tx.insert(emailConfirmations).values({
      keyHash: hashConfirmationKey(key),
      userId: user.id,
      expiresAt: new Date(Date.now() + env.EMAIL_CONFIRMATION_LIFETIME * 1000),
    });
  });
  mailer
    .send(verificationMail(env, user.email, user.language, key))
    .catch((error: unknown) => logger.error({ err: error, userId: user.id }, 'verification e-mail could not be resent'));
}
