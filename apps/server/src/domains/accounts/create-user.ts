import { DEFAULT_LANGUAGE, type MerchantLanguage } from '@aisle/contracts/languages';
import type { DbOrTx } from '../../db/database';
import { type User, users } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import { accountMessages } from './account-messages';

export interface CreateUserInput {
  db: DbOrTx;
  /** Already normalised (trimmed, lower-cased) by the contract schema. */
  email: string;
  /** From `hashPassword`, computed before any transaction is opened (argon2 takes tens of ms). */
  passwordHash: string;
  isStaff?: boolean;
  emailVerified?: boolean;
  /** The language of the account's e-mails (MERCHANT_LANGUAGES); English when not given. */
  language?: MerchantLanguage;
}

/**
 * Inserts a user. A taken e-mail is the field error the sign-up form
 * shows; `ON CONFLICT DO NOTHING` makes two simultaneous sign-ups for one e-mail end the same way
 * instead of one of them failing with a unique-violation 500.
 */
export async function createUser({
  db,
  email,
  passwordHash,
  isStaff = false,
  emailVerified = false,
  language = DEFAULT_LANGUAGE,
}: CreateUserInput): Promise<User> {
  const [user] = await db
    .insert(users)
    .values({ email, passwordHash, isStaff, emailVerified, language, tier: 'basic' })
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (!user) throw AppError.fields({ email: [accountMessages.duplicateEmail] });
  return user;
}
