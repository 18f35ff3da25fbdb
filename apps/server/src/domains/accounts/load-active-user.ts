import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { type User, users } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import { accountMessages } from './account-messages';

/**
 * The signed-in user's current row. Access tokens live a few minutes after an account is
 * deactivated (ending sessions, end-sessions.ts, is for password and staff changes); the users API
 * decides on the row, not on the token's claims.
 */
export async function loadActiveUser({ db, userId }: { db: DbOrTx; userId: string }): Promise<User> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('UNAUTHORIZED', accountMessages.userNotFound, { bodyCode: 'user_not_found' });
  if (!user.isActive) throw new AppError('UNAUTHORIZED', accountMessages.userInactive, { bodyCode: 'user_inactive' });
  return user;
}
