import type { SignUpResponse } from '@aisle/contracts/accounts';
import type { MerchantLanguage } from '@aisle/contracts/languages';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database';
import { emailConfirmations, users } from '../../db/schema/users';
import type { Env } from '../../env';
import { AppError } from '../../lib/app-error';
import type { Mailer } from '../../lib/mailer';
import { verificationMail } from './account-mails';
import { createUser } from './create-user';
import { hashConfirmationKey, newConfirmationKey } from './email-confirmation-key';
import { hashPassword } from './password-hashing';

export interface SignUpUserInput {
  db: Db;
  env: Env;
  mailer: Mailer;
  email: string;
  password: string;
  /** The language of the account's e-mails, from the body or the request's Accept-Language (user-language.ts). */
  language: MerchantLanguage;
}

/**
 * Fixed and arbitrary (next to db/database.ts's migration lock): held by a sign-up, for the rest of
 * its transaction, while the database has no user yet.
 */
const FIRST_USER_LOCK = 7_231_906_114;

/**
 * Public sign-up: an unverified `basic` user plus a verification key, mailed as a link to the web
 * app's verify page in the user's language. The user cannot sign in until the link is followed.
 *
 * The first account of a fresh install becomes staff, so whoever installs Aisle can run it without
 * the `user:create` command; every later sign-up is a regular account.
 */
export async function signUpUser({ db, env, mailer, email, password, language }: SignUpUserInput): Promise<SignUpResponse> {
  const passwordHash = await hashPassword(password);
  const key = newConfirmationKey();
  const user = await db.transaction(async (tx) => {
    const created = await createUser({ db: tx, email, passwordHash, language, isStaff: await isFirstUser(tx) });
    await tx.insert(emailConfirmations).values({
      keyHash: hashConfirmationKey(key),
      userId: created.id,
      expiresAt: new Date(Date.now() + env.EMAIL_CONFIRMATION_LIFETIME * 1000),
    });
    return created;
  });

  try {
    await mailer.send(verificationMail(env, user.email, user.language, key));
  } catch (error) {
    // Without the mail the account could never be verified and its e-mail would stay taken:
    // remove it so the person can simply try again.
    await db.delete(users).where(eq(users.id, user.id));
    throw new AppError('INTERNAL', 'The verification e-mail could not be sent. Please try again later.', { cause: error });
  }
  return { email: user.email, tier: user.tier };
}

/**
 * Whether the user this transaction creates is the database's first. Once anyone exists that is
 * settled without a lock (the common case). While nobody does, sign-ups take turns on an advisory
 * lock held until their commit, and look again once they have it: of two simultaneous first
 * sign-ups the second sees the first's committed row (each statement of a READ COMMITTED
 * transaction reads what is committed when it starts), so exactly one becomes staff. Works alike
 * on PGlite and Postgres.
 */
export async function isFirstUser(tx: Tx): Promise<boolean> {
  const anyone = async () => (await tx.select({ id: users.id }).from(users).limit(1)).length > 0;
  if (await anyone()) return false;
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${FIRST_USER_LOCK})`);
  return !(await anyone());
}
