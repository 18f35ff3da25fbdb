import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { files, productRecords, stores } from '../../db/schema';

/** Products read per turn at most: a catalogue of this size is compared whole ("the lightest tent"). */
export const PRODUCTS_PER_TURN = 5_000;
/** Catalogues kept in memory, most recently used last. */
const KEPT_CATALOGUES = 32;

type StoreProductRow = Awaited<ReturnType<typeof readStoreProducts>>[number];

/**
 * Catalogues read before, by owner and stores, with the fingerprint they were read at: a turn
 * reads a few thousand product records as JSON, which costs far more than checking that they are
 * unchanged. The same record objects also carry what the answering code derives from them.
 */
const catalogues = new Map<string, { fingerprint: string; rows: StoreProductRow[] }>();

function readStoreProducts(db: Db, input: { ownerEmail: string; storeIds: string[] }) {
  return db
    .select({ passageId: productRecords.passageId, fileName: files.fileName, record: productRecords.record })
    .from(productRecords)
    .innerJoin(files, eq(files.id, productRecords.fileId))
    .where(and(eq(productRecords.ownerEmail, input.ownerEmail), inArray(productRecords.storeId, input.storeIds)))
    .orderBy(productRecords.storeId, productRecords.title)
    .limit(PRODUCTS_PER_TURN);
}

/**
 * What the stores' products are now, in one small row: each store's content version, raised in
 * the transaction that adds or removes any of its passages (and so its products).
 */
async function fingerprintOf(db: Db, input: { ownerEmail: string; storeIds: string[] }) {
  const rows = await db
    .select({ id: stores.id, version: stores.contentVersion })
    .from(stores)
    .where(and(eq(stores.ownerEmail, input.ownerEmail), inArray(stores.id, input.storeIds)))
    .orderBy(stores.id);
  return rows.map((row) => `${row.id}:${row.version}`).join(',');
}

/**
 * The product records of an owner's stores (other owners' store ids match nothing), with the
 * passage and file each came from, for answers about colours, weights, prices and stock. Read
 * once and kept while the stores' products stay the same.
 */
export async function listStoreProducts(db: Db, input: { ownerEmail: string; storeIds: string[] }): Promise<StoreProductRow[]> {
  const storeIds = [...new Set(input.storeIds)].sort();
  if (!storeIds.length) return [];
  const key = `${input.ownerEmail}\n${storeIds.join(',')}`;
  const fingerprint = await fingerprintOf(db, { ownerEmail: input.ownerEmail, storeIds });
  const kept = catalogues.get(key);
  catalogues.delete(key);
  if (kept && kept.fingerprint === fingerprint) {
    catalogues.set(key, kept);
    return [...kept.rows];
  }
  const rows = await readStoreProducts(db, { ownerEmail: input.ownerEmail, storeIds });
  catalogues.set(key, { fingerprint, rows });
  if (catalogues.size > KEPT_CATALOGUES) catalogues.delete(catalogues.keys().next().value as string);
  return [...rows];
}
