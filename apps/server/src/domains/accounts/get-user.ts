import type { UserRepresentation } from '@aisle/contracts/accounts';
import { eq } from 'drizzle-orm';
import { isUuid } from '../../data-api/model-fields';
import type { Db } from '../../db/database';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import { accountMessages } from './account-messages';
import { loadActiveUser } from './load-active-user';
import { toUserRepresentation } from './user-representation';

export interface GetUserInput {
  db: Db;
  viewerId: string;
  userId: string;
}

/**
 * One user, for that user or staff. Anyone else gets the same 404 as for an id that does not
 * exist, so user ids cannot be probed.
 */
export async function getUser({ db, viewerId, userId: rawId }: GetUserInput): Promise<UserRepresentation> {
  const viewer = await loadActiveUser({ db, userId: viewerId });
  const notFound = () => new AppError('NOT_FOUND', accountMessages.notFound);
  if (!isUuid(rawId)) throw notFound();
  const userId = rawId.toLowerCase();
  if (userId === viewer.id) return toUserRepresentation(viewer);
  if (!viewer.isStaff) throw notFound();
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound();
  return toUserRepresentation(user);
}
