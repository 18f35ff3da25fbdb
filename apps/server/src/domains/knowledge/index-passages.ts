import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database';
import { passages, passageTerms, stores } from '../../db/schema';
import { weightedTerms } from './retrieval/tokenize';

export interface PassageInput {
  ordinal: number;
  heading: string;
  text: string;
  startOffset: number;
  endOffset: number;
}

const INSERT_BATCH = 1_000;

/**
 * Removes a file's passages with their postings, and takes them out of the store's BM25
 * statistics (document frequencies, passage count, total length).
 */
export async function removeFilePassages(tx: DbOrTx, storeId: string, fileId: string): Promise<number> {
  const old = await tx
    .select({ count: sql<number>`count(*)::int`, length: sql<number>`coalesce(sum(${passages.length}), 0)::float8` })
    .from(passages)
    .where(eq(passages.fileId, fileId));
  const count = old[0]?.count ?? 0;
  if (!count) return 0;
  await tx.execute(sql`
    WITH gone AS (
      SELECT pt.term, count(*)::int AS n FROM passage_terms pt JOIN passages p ON p.id = pt.passage_id
      WHERE p.file_id = ${fileId} GROUP BY pt.term ORDER BY pt.term
    )
    UPDATE store_term_stats s SET df = s.df - gone.n FROM gone WHERE s.store_id = ${storeId} AND s.term = gone.term`);
  await tx.execute(sql`DELETE FROM store_term_stats WHERE store_id = ${storeId} AND df <= 0`);
  await tx.delete(passages).where(eq(passages.fileId, fileId));
  await tx
    .update(stores)
    .set({
      passageCount: sql`greatest(${stores.passageCount} - ${count}, 0)`,
      totalLength: sql`greatest(${stores.totalLength} - ${old[0]?.length ?? 0}, 0)`,
    })
    .where(eq(stores.id, storeId));
  return count;
}

/**
 * Indexes one file's passages, replacing any it had (so a retried job never duplicates them), in
 * one transaction: passages, postings, document frequencies and the store's collection totals
 * always agree.
 */
export async function indexPassages(
  db: Db,
  input: { ownerEmail: string; storeId: string; fileId: string; passages: PassageInput[] },
): Promise<{ passageIds: string[] }> {
  const analysed = input.passages.map((passage) => ({ passage, ...weightedTerms(passage.heading, passage.text) }));
  return db.transaction(async (tx) => {
    await removeFilePassages(tx, input.storeId, input.fileId);
    if (analysed.length === 0) return { passageIds: [] };

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

    const df = new Map<string, number>();
    let postings: (typeof passageTerms.$inferInsert)[] = [];
    const flush = async () => {
      if (postings.length) await tx.insert(passageTerms).values(postings);
      postings = [];
    };
    for (const [index, { tf, length }] of analysed.entries()) {
      for (const [term, frequency] of tf) {
        df.set(term, (df.get(term) ?? 0) + 1);
        postings.push({ storeId: input.storeId, term, passageId: ids[index] as string, tf: frequency, length });
        if (postings.length >= INSERT_BATCH) await flush();
      }
    }
    await flush();

    // Sorted, so concurrent files of one store take the term rows' locks in the same order.
    const terms = [...df.keys()].sort();
    for (let i = 0; i < terms.length; i += INSERT_BATCH) {
      const slice = terms.slice(i, i + INSERT_BATCH);
      await tx.execute(sql`
        INSERT INTO store_term_stats (store_id, term, df)
        SELECT ${input.storeId}::uuid, t.term, t.df
        FROM unnest(${`{${slice.map(quoteArrayItem).join(',')}}`}::text[], ${`{${slice.map((term) => df.get(term)).join(',')}}`}::int[]) AS t(term, df)
        ON CONFLICT (store_id, term) DO UPDATE SET df = store_term_stats.df + excluded.df`);
    }
    const totalLength = analysed.reduce((sum, item) => sum + item.length, 0);
    await tx
      .update(stores)
      .set({ passageCount: sql`${stores.passageCount} + ${analysed.length}`, totalLength: sql`${stores.totalLength} + ${totalLength}` })
      .where(and(eq(stores.id, input.storeId)));
    return { passageIds: ids };
  });
}

/** A Postgres array literal element: quoted, with quotes and backslashes escaped. */
export function quoteArrayItem(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}
