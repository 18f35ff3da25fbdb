import type { DbOrTx } from '../../db/database';
import type { User } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import { accountMessages } from './account-messages';
import { loadActiveUser } from './load-active-user';
import { verifyPassword } from './password-hashing';

export interface CheckPasswordInput {
  db: DbOrTx;
  userId: string;
  password: string;
  /** The body field the password came in, which a wrong one is reported on. */
  field: string;
}

/**
 * The signed-in user's row, once the password they typed is theirs: account settings that change
 * the sign-in or remove the account ask for it again, so a session left open (or a stolen access
 * token) cannot take the account over. A wrong password is a 400 on `field`, and changes nothing.
 */
export async function checkPassword({ db, userId, password, field }: CheckPasswordInput): Promise<User> {
  const user = await loadActiveUser({ db, userId });
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw AppError.fields({
      [field]: [field === 'current_password' ? accountMessages.wrongCurrentPassword : accountMessages.wrongPassword],
    });
  }
  return user;
}
