import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { files, productRecords } from '../../db/schema';

/** Products read per turn at most: a catalogue of this size is compared whole ("the lightest tent"). */
export const PRODUCTS_PER_TURN = 5_000;

/**
 * The product records of an owner's stores (other owners' store ids match nothing), with the
 * passage and file each came from, for answers about colours, weights, prices and stock.
 */
export async function listStoreProducts(db: Db, input: { ownerEmail: string; storeIds: string[] }) {
  if (!input.storeIds.length) return [];
  return db
    .select({ passageId: productRecords.passageId, fileName: files.fileName, record: productRecords.record })
    .from(productRecords)
    .innerJoin(files, eq(files.id, productRecords.fileId))
    .where(and(eq(productRecords.ownerEmail, input.ownerEmail), inArray(productRecords.storeId, [...new Set(input.storeIds)])))
    .orderBy(productRecords.storeId, productRecords.title)
    .limit(PRODUCTS_PER_TURN);
}
