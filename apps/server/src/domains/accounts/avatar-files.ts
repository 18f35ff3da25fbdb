import { eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { assistants } from '../../db/schema/assistants';
import { users } from '../../db/schema/users';
import type { Env } from '../../env';
import type { ObjectStorage } from '../../lib/object-storage/object-storage';

/**
 * Uploaded avatars are the objects `media/avatars/<uuid>.<ext>` (`${DATA_DIR}/media/avatars/` on
 * disk, the same key in the bucket), which the app serves at `/media/avatars/` either way
 * (avatar-media-routes.ts). These helpers are the only place that maps between the two.
 */
const UPLOADED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(?:png|jpg|webp|gif)$/;

/** Whether `name` is one our uploads are stored under: the only names ever read or deleted. */
export const isUploadedAvatarName = (name: string) => UPLOADED_NAME.test(name);

export function avatarKey(fileName: string): string {
  return `media/avatars/${fileName}`;
}

export function avatarUrl(env: Env, fileName: string): string {
  return `${env.PUBLIC_URL}/media/avatars/${fileName}`;
}

/**
 * The file name when `url` is one of our uploads. The strict pattern matters: users can set any
 * URL as their avatar, and a crafted one (`.../avatars/../../jwt-secret`) must never name a file
 * outside the avatars folder.
 */
export function uploadedAvatarFile(env: Env, url: string | null): string | undefined {
  const prefix = avatarUrl(env, '');
  if (!url?.startsWith(prefix)) return undefined;
  const name = url.slice(prefix.length);
  return isUploadedAvatarName(name) ? name : undefined;
}

/**
 * Deletes a replaced upload, unless some user or assistant still shows it (anyone may point an
 * avatar URL at someone else's upload; that must not let them delete it).
 */
export async function removeReplacedAvatar({
  db,
  env,
  storage,
  previousUrl,
}: {
  db: DbOrTx;
  env: Env;
  storage: ObjectStorage;
  previousUrl: string | null;
}) {
  const fileName = uploadedAvatarFile(env, previousUrl);
  if (!fileName || !previousUrl) return;
  const [userShowing] = await db.select({ id: users.id }).from(users).where(eq(users.avatar, previousUrl)).limit(1);
  if (userShowing) return;
  const [assistantShowing] = await db
    .select({ id: assistants.id })
    .from(assistants)
    .where(or(eq(assistants.assistantAvatarUrl, previousUrl), eq(assistants.userAvatarUrl, previousUrl)))
    .limit(1);
  if (assistantShowing) return;
  await storage.remove(avatarKey(fileName));
}
