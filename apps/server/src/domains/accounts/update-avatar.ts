import type { UserRepresentation } from '@aisle/contracts/accounts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users } from '../../db/schema/users';
import type { Env } from '../../env';
import type { ObjectStorage } from '../../lib/object-storage/object-storage';
import { removeReplacedAvatar } from './avatar-files';
import { loadActiveUser } from './load-active-user';
import { toUserRepresentation } from './user-representation';

export interface UpdateAvatarInput {
  db: Db;
  env: Env;
  storage: ObjectStorage;
  userId: string;
  /** An http(s) URL (checked by the contract schema) or the URL of a fresh upload. */
  avatarUrl: string;
}

/** Sets the user's avatar URL; a previously uploaded file that nobody shows any more is deleted. */
export async function updateAvatar({ db, env, storage, userId, avatarUrl }: UpdateAvatarInput): Promise<UserRepresentation> {
  const user = await loadActiveUser({ db, userId });
  const [updated] = await db.update(users).set({ avatar: avatarUrl }).where(eq(users.id, user.id)).returning();
  if (user.avatar !== avatarUrl) await removeReplacedAvatar({ db, env, storage, previousUrl: user.avatar });
  return toUserRepresentation(updated ?? { ...user, avatar: avatarUrl });
}
