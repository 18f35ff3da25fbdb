import { eq } from 'drizzle-orm';
import { isUuid } from '../../data-api/model-fields';
import type { DbOrTx } from '../../db/database';
import { users } from '../../db/schema/users';

/** The user's current token version (auth/token-versions.ts reads it), or null when there is no such user. */
export async function loadTokenVersion(db: DbOrTx, userId: string): Promise<number | null> {
  if (!isUuid(userId)) return null;
  const [row] = await db.select({ tokenVersion: users.tokenVersion }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.tokenVersion ?? null;
}
