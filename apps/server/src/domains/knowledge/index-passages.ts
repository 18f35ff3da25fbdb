import type { ProductRecord } from '@aisle/contracts/products';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database';
import { passages, productRecords, stores } from '../../db/schema';
import { arrayLiteral } from '../../db/sql-helpers';
import { postingImpact } from './retrieval/bm25';
import { weightedTerms } from './retrieval/tokenize';

export interface PassageInput {
  ordinal: number;
  heading: string;
  text: string;
  startOffset: number;
  endOffset: number;
  /** The product this passage describes, stored beside it for the answering code. */
  product?: ProductRecord;
}

const INSERT_BATCH = 1_000;
/** Postings go in as five array parameters per statement, so a batch can be much larger. */
const POSTINGS_BATCH = 20_000;

/** One multi-row INSERT from arrays: far fewer bind parameters than a VALUES list (bulk indexing speed). */
async function insertPostings(
  tx: DbOrTx,
  storeId: string,
  rows: { term: string; passageId: string; tf: number; length: number; impact: number }[],
) {
  await tx.execute(sql`
    INSERT INTO passage_terms (store_id, term, passage_id, tf, length, impact)
    SELECT ${storeId}::uuid, p.term, p.passage_id, p.tf, p.length, p.impact
    FROM unnest(${arrayLiteral(rows.map((row) => row.term))}::text[], ${arrayLiteral(rows.map((row) => row.passageId))}::uuid[],
      ${arrayLiteral(rows.map((row) => row.tf))}::float8[], ${arrayLiteral(rows.map((row) => row.length))}::float8[],
      ${arrayLiteral(rows.map((row) => row.impact))}::float8[]) AS p(term, passage_id, tf, length, impact)`);
}

/**
 * Refreshes the planner's statistics of the index tables once the postings have grown by a fifth
 * since the last time (pages on disk against pages at the last ANALYZE). The embedded PGlite has
 * no autovacuum, and without row counts the planner reads every posting of a common term instead
 * of only its best ones. On Postgres this merely runs a little before autovacuum would.
 */
async function analyseWhenGrown(db: Db) {
  const [size] = (
    (await db.execute(
      sql`SELECT relpages::float8 AS analysed, pg_relation_size(oid)::float8 / current_setting('block_size')::float8 AS now FROM pg_class WHERE oid = 'passage_terms'::regclass`,
    )) as unknown as { rows: { analysed: number; now: number }[] }
  ).rows;
  if (size && size.analysed > 0 && size.now < size.analysed * 1.2) return;
  await db.execute(sql`ANALYZE passage_terms`);
  await db.execute(sql`ANALYZE store_term_stats`);
}

/**
 * Removes a file's passages with their postings, and takes them out of the store's BM25
 * statistics (document frequencies, passage count, total length).
 */
export function removeFilePassages(tx: DbOrTx, storeId: string, fileId: string): Promise<number> {
  return removePassagesWhere(tx, storeId, sql`p.file_id = ${fileId}`, eq(passages.fileId, fileId));
}

/** Removes some passages of a store (one product of a product list), keeping its statistics right. */
export function removePassageIds(tx: DbOrTx, storeId: string, passageIds: string[]): Promise<number> {
  if (!passageIds.length) return Promise.resolve(0);
  return removePassagesWhere(
    tx,
    storeId,
    sql`p.id = ANY(${arrayLiteral(passageIds)}::uuid[])`,
    and(eq(passages.storeId, storeId), inArray(passages.id, passageIds)) as SQL,
  );
}

/** `raw` and `condition` select the same passages (`p` in raw SQL, the table in Drizzle). */
async function removePassagesWhere(tx: DbOrTx, storeId: string, raw: SQL, condition: SQL): Promise<number> {
  const old = await tx
    .select({ count: sql<number>`count(*)::int`, length: sql<number>`coalesce(sum(${passages.length}), 0)::float8` })
    .from(passages)
    .where(condition);
  const count = old[0]?.count ?? 0;
  if (!count) return 0;
  await tx.execute(sql`
    WITH gone AS (
      SELECT pt.term, count(*)::int AS n FROM passage_terms pt JOIN passages p ON p.id = pt.passage_id
      WHERE ${raw} GROUP BY pt.term ORDER BY pt.term
    )
    UPDATE store_term_stats s SET df = s.df - gone.n FROM gone WHERE s.store_id = ${storeId} AND s.term = gone.term`);
  await tx.execute(sql`DELETE FROM store_term_stats WHERE store_id = ${storeId} AND df <= 0`);
  await tx.delete(passages).where(condition);
  await tx
    .update(stores)
    .set({
      passageCount: sql`greatest(${stores.passageCount} - ${count}, 0)`,
      totalLength: sql`greatest(${stores.totalLength} - ${old[0]?.length ?? 0}, 0)`,
      contentVersion: sql`${stores.contentVersion} + 1`,
    })
    .where(eq(stores.id, storeId));
  return count;
}

/**
 * Indexes one file's passages, replacing any it had (so a retried job never duplicates them), in
 * one transaction: passages, their product records, postings, document frequencies and the
 * store's collection totals always agree.
 */
export async function indexPassages(
  db: Db,
  input: { ownerEmail: string; storeId: string; fileId: string; passages: PassageInput[] },
): Promise<{ passageIds: string[] }> {
  const indexed = await db.transaction(async (tx) => {
    await removeFilePassages(tx, input.storeId, input.fileId);
    return { passageIds: await insertPassages(tx, input) };
  });
  // After the commit: ANALYZE's table lock, held to the end of a transaction, must not wait
  // inside one that holds term rows another file's transaction needs.
  if (indexed.passageIds.length) await analyseWhenGrown(db);
  return indexed;
}

/**
 * Adds passages to a file, with their product records, postings, document frequencies and the
 * store's collection totals, inside the caller's transaction. Answers the new passages' ids in input order.
 */
export async function insertPassages(
  tx: DbOrTx,
  input: { ownerEmail: string; storeId: string; fileId: string; passages: PassageInput[] },
): Promise<string[]> {
  const analysed = input.passages.map((passage) => ({ passage, ...weightedTerms(passage.heading, passage.text) }));
  if (analysed.length === 0) return [];

  const ids: string[] = [];
  for (let i = 0; i < analysed.length; i += INSERT_BATCH) {
    const rows = await tx
      .insert(passages)
      .values(
        analysed.slice(i, i + INSERT_BATCH).map(({ passage, length }) => ({
          ownerEmail: input.ownerEmail,
          storeId: input.storeId,
          fileId: input.fileId,
          ordinal: passage.ordinal,
          heading: passage.heading,
          text: passage.text,
          startOffset: passage.startOffset,
          endOffset: passage.endOffset,
          length,
        })),
      )
      .returning({ id: passages.id, ordinal: passages.ordinal });
    const byOrdinal = new Map(rows.map((row) => [row.ordinal, row.id]));
    for (const { passage } of analysed.slice(i, i + INSERT_BATCH)) ids.push(byOrdinal.get(passage.ordinal) as string);
  }

  // A product's record beside its passage (removed with it: the foreign key cascades).
  const products = analysed.flatMap(({ passage }, index) =>
    passage.product
      ? [
          {
            ownerEmail: input.ownerEmail,
            storeId: input.storeId,
            fileId: input.fileId,
            passageId: ids[index] as string,
            title: passage.product.title,
            record: passage.product,
          },
        ]
      : [],
  );
  for (let i = 0; i < products.length; i += INSERT_BATCH) await tx.insert(productRecords).values(products.slice(i, i + INSERT_BATCH));

  await addPostings(
    tx,
    input.storeId,
    analysed.map(({ tf, length }, index) => ({ passageId: ids[index] as string, tf, length })),
  );
  const totalLength = analysed.reduce((sum, item) => sum + item.length, 0);
  await tx
    .update(stores)
    .set({
      passageCount: sql`${stores.passageCount} + ${analysed.length}`,
      totalLength: sql`${stores.totalLength} + ${totalLength}`,
      contentVersion: sql`${stores.contentVersion} + 1`,
    })
    .where(eq(stores.id, input.storeId));
  return ids;
}

/** Postings of some passages and their document frequencies, added inside the caller's transaction. */
async function addPostings(tx: DbOrTx, storeId: string, analysed: { passageId: string; tf: Map<string, number>; length: number }[]) {
  const df = new Map<string, number>();
  const rows: { term: string; passageId: string; tf: number; length: number; impact: number }[] = [];
  for (const { passageId, tf, length } of analysed) {
    for (const [term, frequency] of tf) {
      df.set(term, (df.get(term) ?? 0) + 1);
      rows.push({ term, passageId, tf: frequency, length, impact: postingImpact(frequency, length) });
    }
  }
  // Grouped by term, best first: a term's postings of one file share a few heap pages, so a
  // search reading a term's best postings touches few pages (and the btrees fill in order).
  rows.sort((a, b) => (a.term < b.term ? -1 : a.term > b.term ? 1 : b.impact - a.impact));
  for (let i = 0; i < rows.length; i += POSTINGS_BATCH) await insertPostings(tx, storeId, rows.slice(i, i + POSTINGS_BATCH));

  // Sorted, so concurrent files of one store take the term rows' locks in the same order.
  const terms = [...df.keys()].sort();
  for (let i = 0; i < terms.length; i += INSERT_BATCH) {
    const slice = terms.slice(i, i + INSERT_BATCH);
    await tx.execute(sql`
      INSERT INTO store_term_stats (store_id, term, df)
      SELECT ${storeId}::uuid, t.term, t.df
      FROM unnest(${arrayLiteral(slice)}::text[], ${arrayLiteral(slice.map((term) => df.get(term) ?? 0))}::int[]) AS t(term, df)
      ON CONFLICT (store_id, term) DO UPDATE SET df = store_term_stats.df + excluded.df`);
  }
}

/**
 * A file's postings made again with today's tokenizer, its passages kept as they are (their ids,
 * product records and embeddings stay): for files indexed before the tokenizer last changed
 * (TERMS_VERSION). One transaction, like indexing, so the store's statistics always agree.
 */
export async function retermFilePassages(db: Db, storeId: string, fileId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: passages.id, heading: passages.heading, text: passages.text, length: passages.length })
      .from(passages)
      .where(eq(passages.fileId, fileId));
    if (!rows.length) return 0;
    await tx.execute(sql`
      WITH gone AS (
        SELECT pt.term, count(*)::int AS n FROM passage_terms pt JOIN passages p ON p.id = pt.passage_id
        WHERE p.file_id = ${fileId} GROUP BY pt.term ORDER BY pt.term
      )
      UPDATE store_term_stats s SET df = s.df - gone.n FROM gone WHERE s.store_id = ${storeId} AND s.term = gone.term`);
    await tx.execute(sql`DELETE FROM store_term_stats WHERE store_id = ${storeId} AND df <= 0`);
    await tx.execute(sql`DELETE FROM passage_terms WHERE passage_id IN (SELECT id FROM passages WHERE file_id = ${fileId})`);
    const analysed = rows.map((row) => ({ passageId: row.id, ...weightedTerms(row.heading, row.text) }));
    await tx.execute(sql`
      UPDATE passages p SET length = n.length
      FROM unnest(${arrayLiteral(analysed.map((row) => row.passageId))}::uuid[], ${arrayLiteral(analysed.map((row) => row.length))}::float8[]) AS n(id, length)
      WHERE p.id = n.id`);
    await addPostings(tx, storeId, analysed);
    const change = analysed.reduce((sum, row) => sum + row.length, 0) - rows.reduce((sum, row) => sum + Number(row.length), 0);
    await tx
      .update(stores)
      .set({ totalLength: sql`greatest(${stores.totalLength} + ${change}, 0)` })
      .where(eq(stores.id, storeId));
    return rows.length;
  });
}
