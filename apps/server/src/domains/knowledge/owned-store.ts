import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { stores } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/** The caller's store, or 404 — another owner's store looks exactly like one that does not exist. */
export async function loadOwnedStore(db: DbOrTx, ownerEmail: string, storeId: string) {
  const [store] = await db
    .select()
    .from(stores)
    .where(and(eq(stores.id, storeId), eq(stores.ownerEmail, ownerEmail)))
    .limit(1);
  if (!store) throw new AppError('NOT_FOUND', 'Store not found.');
  return store;
}
