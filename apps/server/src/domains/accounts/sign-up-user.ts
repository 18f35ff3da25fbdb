import type { SignUpResponse } from '@aisle/contracts/accounts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { emailConfirmations, users } from '../../db/schema/users';
import type { Env } from '../../env';
import { AppError } from '../../lib/app-error';
import type { Mailer } from '../../lib/mailer';
import { createUser } from './create-user';
import { describeDuration } from './describe-duration';
import { hashConfirmationKey, newConfirmationKey } from './email-confirmation-key';
import { hashPassword } from './password-hashing';

export interface SignUpUserInput {
  db: Db;
  env: Env;
  mailer: Mailer;
  email: string;
  password: string;
}

/**
 * Public sign-up: an unverified `basic` user plus a verification key, mailed as a link to the web
 * app's verify page. The user cannot sign in until the link is followed.
 */
export async function signUpUser({ db, env, mailer, email, password }: SignUpUserInput): Promise<SignUpResponse> {
  const passwordHash = await hashPassword(password);
  const key = newConfirmationKey();
  const user = await db.transaction(async (tx) => {
    const created = await createUser({ db: tx, email, passwordHash });
    await tx.insert(emailConfirmations).values({
      keyHash: hashConfirmationKey(key),
      userId: created.id,
      expiresAt: new Date(Date.now() + env.EMAIL_CONFIRMATION_LIFETIME * 1000),
    });
    return created;
  });

  const link = `${env.PUBLIC_URL}/users/verify-email?key=${encodeURIComponent(key)}`;
  try {
    await mailer.send({
      to: user.email,
      subject: 'Confirm your e-mail address',
      text: `Welcome to Aisle!\n\nConfirm your e-mail address to finish signing up:\n${link}\n\nThe link is valid for ${describeDuration(env.EMAIL_CONFIRMATION_LIFETIME)}. If you did not sign up, ignore this e-mail.`,
      link,
    });
  } catch (error) {
    // Without the mail the account could never be verified and its e-mail would stay taken:
    // remove it so the person can simply try again.
    await db.delete(users).where(eq(users.id, user.id));
    throw new AppError('INTERNAL', 'The verification e-mail could not be sent. Please try again later.', { cause: error });
  }
  return { email: user.email, tier: user.tier };
}
