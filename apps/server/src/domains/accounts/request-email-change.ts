import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { emailConfirmations, users } from '../../db/schema/users';
import type { Env } from '../../env';
import { AppError } from '../../lib/app-error';
import type { Mailer } from '../../lib/mailer';
import { emailChangeMail } from './account-mails';
import { accountMessages } from './account-messages';
import { checkPassword } from './check-password';
import { hashConfirmationKey, newConfirmationKey } from './email-confirmation-key';

export interface RequestEmailChangeInput {
  db: Db;
  env: Env;
  mailer: Mailer;
  userId: string;
  password: string;
  /** Normalised (trimmed, lower-cased) by the contract schema. */
  newEmail: string;
}

/**
 * The first half of changing the account's address: with the password typed again, a confirmation
 * key carrying the new address is stored and its link mailed to that address (in the account's
 * language). Nothing else changes until the link is followed (confirm-email.ts), which proves the
 * new address is the user's. A newer request replaces an older one still pending. An address
 * another account has is refused with the sign-up's message.
 */
export async function requestEmailChange({ db, env, mailer, userId, password, newEmail }: RequestEmailChangeInput): Promise<void> {
  const user = await checkPassword({ db, userId, password, field: 'password' });
  if (newEmail === user.email) throw AppError.fields({ new_email: [accountMessages.sameEmail] });
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, newEmail)).limit(1);
  if (taken) throw AppError.fields({ new_email: [accountMessages.duplicateEmail] });

  const key = newConfirmationKey();
  const keyHash = hashConfirmationKey(key);
  await db.transaction(async (tx) => {
    await tx
      .delete(emailConfirmations)
      .where(and(eq(emailConfirmations.userId, user.id), isNull(emailConfirmations.usedAt), isNotNull(emailConfirmations.newEmail)));
    await tx.insert(emailConfirmations).values({
      keyHash,
      userId: user.id,
      newEmail,
      expiresAt: new Date(Date.now() + env.EMAIL_CONFIRMATION_LIFETIME * 1000),
    });
  });
  try {
    await mailer.send(emailChangeMail(env, newEmail, user.language, key));
  } catch (error) {
    // A link nobody received must not stay usable.
    await db.delete(emailConfirmations).where(eq(emailConfirmations.keyHash, keyHash));
    throw new AppError('INTERNAL', 'The confirmation e-mail could not be sent. Please try again later.', { cause: error });
  }
}
