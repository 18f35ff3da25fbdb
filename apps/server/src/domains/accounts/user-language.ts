import type { UpdateLanguageResponse } from '@aisle/contracts/accounts';
import { acceptedLanguages, DEFAULT_LANGUAGE, MERCHANT_LANGUAGES, type MerchantLanguage, matchLanguage } from '@aisle/contracts/languages';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { users } from '../../db/schema/users';
import { mailLanguage } from './account-mail-texts';
import { loadActiveUser } from './load-active-user';

/**
 * The language a new account starts with: the one the sign-up form sent, else the first of the
 * browser's Accept-Language that Aisle speaks (Japanese for `ja-JP,ja;q=0.9`), else English.
 */
export function signUpLanguage(chosen: MerchantLanguage | undefined, acceptLanguage: string | undefined): MerchantLanguage {
  return chosen ?? matchLanguage(acceptedLanguages(acceptLanguage), MERCHANT_LANGUAGES) ?? DEFAULT_LANGUAGE;
}

/** Sets the language of the signed-in user's e-mails. */
export async function updateLanguage({
  db,
  userId,
  language,
}: {
  db: DbOrTx;
  userId: string;
  language: MerchantLanguage;
}): Promise<UpdateLanguageResponse> {
  const user = await loadActiveUser({ db, userId });
  const [updated] = await db.update(users).set({ language }).where(eq(users.id, user.id)).returning({ language: users.language });
  return { language: mailLanguage(updated?.language ?? language) };
}
