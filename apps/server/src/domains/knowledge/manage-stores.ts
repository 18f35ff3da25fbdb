import { eq } from 'drizzle-orm';
import { getModel } from '../../data-api/model-registry';
import { publishRow } from '../../data-api/model-store';
import type { DbOrTx } from '../../db/database';
import { stores } from '../../db/schema';
import { withinLimit } from '../billing';
import { retrievalModeOf } from './embeddings/embedding-queue';
import { storeFilesPrefix } from './file-storage';
import type { KnowledgeContext } from './knowledge-context';
import { loadOwnedStore } from './owned-store';

/**
 * A new store, within the tier's knowledge stores. The catalog store a shop's sync keeps its
 * products in (`system`) is part of the shop connection and is not refused by the limit.
 */
export async function createStore(ctx: KnowledgeContext, input: { ownerEmail: string; name: string; currency?: string; system?: boolean }) {
  const insert = (db: DbOrTx) =>
    db
      .insert(stores)
      .values({ ownerEmail: input.ownerEmail, name: input.name, currency: input.currency, retrievalMode: retrievalModeOf(ctx) })
      .returning();
  const [row] = input.system
    ? await insert(ctx.db)
    : await withinLimit(ctx, { ownerEmail: input.ownerEmail, limit: 'knowledgeStores' }, insert);
  return publishRow(ctx, getModel('Store'), 'create', row as object);
}

/**
 * Deletes a store with its files, passages, postings and links (cascading foreign keys), then its
 * bytes (on disk or in the bucket). Jobs still queued for its files find nothing and end.
 */
export async function deleteStore(ctx: KnowledgeContext, input: { ownerEmail: string; id: string }) {
  const store = await loadOwnedStore(ctx.db, input.ownerEmail, input.id);
  const [row] = await ctx.db.delete(stores).where(eq(stores.id, store.id)).returning();
  await ctx.storage.removePrefix(storeFilesPrefix(store.id));
  publishRow(ctx, getModel('Store'), 'delete', row ?? store);
}
