import type { UserRepresentation } from '@aisle/contracts/accounts';
import type { Db } from '../../db/database';
import type { Env } from '../../env';
import type { ObjectStorage } from '../../lib/object-storage/object-storage';
import { checkAvatarImage, storeAvatarImage } from './avatar-image';
import { loadActiveUser } from './load-active-user';
import { updateAvatar } from './update-avatar';

export interface UploadAvatarInput {
  db: Db;
  env: Env;
  storage: ObjectStorage;
  userId: string;
  bytes: Buffer;
}

/** Stores an uploaded avatar under a fresh name and makes it the user's avatar. */
export async function uploadAvatar({ db, env, storage, userId, bytes }: UploadAvatarInput): Promise<UserRepresentation> {
  await loadActiveUser({ db, userId });
  const stored = await storeAvatarImage({ env, storage }, await checkAvatarImage(env, bytes));
  try {
    return await updateAvatar({ db, env, storage, userId, avatarUrl: stored.url });
  } catch (error) {
    await stored.discard();
    throw error;
  }
}
