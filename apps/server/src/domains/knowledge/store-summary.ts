import { eq, sql } from 'drizzle-orm';
import { getModel } from '../../data-api/model-registry';
import { publishRow } from '../../data-api/model-store';
import type { DbOrTx } from '../../db/database';
import { files, stores } from '../../db/schema';
import type { EventBus } from '../../lib/event-bus';

/**
 * Recomputes a store's size, file count and status from its files (spec: totalSize and size stay
 * true) and tells subscribers. Status: empty (no files), indexing (any file on its way), attention
 * (a file failed), ready. The store's row is locked first, so two files finishing at once cannot
 * leave an older count behind: each recount sees every change committed before it took the lock.
 */
export async function refreshStoreSummary(ctx: { db: DbOrTx; events: EventBus }, storeId: string) {
  const row = await ctx.db.transaction(async (tx) => {
    await tx.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId)).for('update');
    const [updated] = await tx
      .update(stores)
      .set({
        totalSize: sql`(SELECT coalesce(sum(${files.size}), 0) FROM ${files} WHERE ${files.storeId} = ${storeId} AND ${files.status} <> 'uploading')`,
        fileCount: sql`(SELECT count(*)::int FROM ${files} WHERE ${files.storeId} = ${storeId} AND ${files.status} <> 'uploading')`,
        status: sql`(
          SELECT CASE
            WHEN count(*) = 0 THEN 'empty'
            WHEN bool_or(${files.status} IN ('uploading', 'queued', 'processing')) THEN 'indexing'
            WHEN bool_or(${files.status} = 'failed') THEN 'attention'
            ELSE 'ready' END
          FROM ${files} WHERE ${files.storeId} = ${storeId})`,
        updatedAt: new Date(),
      })
      .where(eq(stores.id, storeId))
      .returning();
    return updated;
  });
  if (row) publishRow(ctx, getModel('Store'), 'update', row);
  return row;
}

/** Saves a file's progress and tells subscribers (the Store screen shows it live). */
export async function updateFile(ctx: { db: DbOrTx; events: EventBus }, fileId: string, values: Partial<typeof files.$inferInsert>) {
  const [row] = await ctx.db
    .update(files)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(files.id, fileId))
    .returning();
  if (row) publishRow(ctx, getModel('File'), 'update', row);
  return row;
}
