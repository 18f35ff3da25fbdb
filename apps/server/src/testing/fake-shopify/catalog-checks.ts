import { and, asc, eq, sql } from 'drizzle-orm';
import { files, passages, shopConnections, stores } from '../../db/schema';
import { rowsOf } from '../../db/sql-helpers';
import { chunkBlocks, HEADING_PATH_SEPARATOR, parseDocument } from '../../domains/knowledge';
import { CATALOG_FILE_NAME } from '../../domains/shopify';
import type { TestApp } from '../test-app';

/** Polls until `check` answers something truthy (jobs run in the background). */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 60_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The shop's catalog file once its first sync is done and the file indexed. */
export async function syncedCatalog(t: TestApp, shop: string, timeoutMs = 120_000) {
  return eventually(
    async () => {
      const [connection] = await t.services.db.select().from(shopConnections).where(eq(shopConnections.shopDomain, shop));
      if (!connection?.catalogSyncedAt || !connection.catalogStoreId) return null;
      const [file] = await t.services.db
        .select()
        .from(files)
        .where(and(eq(files.storeId, connection.catalogStoreId), eq(files.fileName, CATALOG_FILE_NAME)));
      return file?.status === 'ready' ? { connection, file, storeId: connection.catalogStoreId } : null;
    },
    timeoutMs,
    `the catalog of ${shop}`,
  );
}

/** A file's passages in order: what search reads. */
export function filePassages(t: TestApp, fileId: string) {
  return t.services.db
    .select({ id: passages.id, ordinal: passages.ordinal, heading: passages.heading, text: passages.text })
    .from(passages)
    .where(eq(passages.fileId, fileId))
    .orderBy(asc(passages.ordinal));
}

/** What a whole-file ingestion of the stored file would index now. */
export async function passagesOfStoredFile(t: TestApp, storeId: string, fileId: string) {
  const bytes = await (await import('node:fs/promises')).readFile(`${t.services.env.dataDir}/files/${storeId}/${fileId}`);
  const parsed = await parseDocument({ bytes, fileName: CATALOG_FILE_NAME, contentType: 'application/json' });
  return chunkBlocks(parsed.blocks).map((chunk) => ({
    ordinal: chunk.ordinal,
    heading: chunk.headingPath.join(HEADING_PATH_SEPARATOR),
    text: chunk.text,
  }));
}

/**
 * The store's BM25 statistics against a recount from its passages and postings: passage count,
 * total length, and every term's document frequency. Empty when they agree.
 */
export async function statisticsDrift(t: TestApp, storeId: string) {
  const [store] = await t.services.db.select().from(stores).where(eq(stores.id, storeId));
  const [counted] = await rowsOf<{ n: number; total: number }>(
    t.services.db,
    sql`SELECT count(*)::int AS n, coalesce(sum(length), 0)::float8 AS total FROM passages WHERE store_id = ${storeId}`,
  );
  const drift = await rowsOf<{ term: string; stored: number | null; actual: number | null }>(
    t.services.db,
    sql`WITH actual AS (SELECT term, count(*)::int AS df FROM passage_terms WHERE store_id = ${storeId} GROUP BY term)
        SELECT coalesce(a.term, s.term) AS term, s.df AS stored, a.df AS actual
        FROM actual a FULL JOIN (SELECT term, df FROM store_term_stats WHERE store_id = ${storeId}) s ON s.term = a.term
        WHERE s.df IS DISTINCT FROM a.df LIMIT 10`,
  );
  const problems: string[] = drift.map((row) => `df(${row.term}) stored ${row.stored} actual ${row.actual}`);
  if (store?.passageCount !== counted?.n) problems.push(`passageCount ${store?.passageCount} vs ${counted?.n}`);
  if (Math.abs((store?.totalLength ?? 0) - (counted?.total ?? 0)) > 1e-6)
    problems.push(`totalLength ${store?.totalLength} vs ${counted?.total}`);
  return problems;
}
