import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { files, passages, stores } from '../../db/schema';
import { B, K1, quoteArrayItem } from './index-passages';
import { termsOf, tokensOf } from './retrieval/tokenize';

/**
 * How many postings of one query term are read, best impact first. Rare terms have fewer and are
 * read whole; for a term in most passages of a large store, a passage outside its top postings
 * can only win through the other terms, which are read in full or as deep.
 */
const POSTINGS_PER_TERM = 2_000;

export interface SearchHit {
  passageId: string;
  fileId: string;
  fileName: string;
  score: number;
  text: string;
  heading: string;
  matchedTerms: string[];
}

export interface SearchInput {
  ownerEmail: string;
  storeIds: string[];
  query: string;
  k: number;
}

/** Rows of a raw query; drizzle types `execute` per driver, both drivers return `{ rows }`. */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const arrayLiteral = (values: readonly (string | number)[]) =>
  `{${values.map((value) => (typeof value === 'number' ? String(value) : quoteArrayItem(value))).join(',')}}`;

/**
 * What an assistant would find: BM25 over the owner's own stores (other owners' store ids simply
 * match nothing). Headings weigh double (BM25F-style), words are stemmed and accent-folded, and
 * ties break on the passage id so the same query always ranks the same way.
 */
export async function searchStores(db: Db, input: SearchInput): Promise<{ results: SearchHit[]; mode: 'lexical' | 'hybrid' }> {
  const owned = await db
    .select({ id: stores.id, passageCount: stores.passageCount, totalLength: stores.totalLength })
    .from(stores)
    .where(and(eq(stores.ownerEmail, input.ownerEmail), inArray(stores.id, [...new Set(input.storeIds)])));
  const terms = [...new Set(termsOf(input.query))];
  const passageCount = owned.reduce((sum, store) => sum + store.passageCount, 0);
  if (!owned.length || !terms.length || !passageCount || input.k < 1) return { results: [], mode: 'lexical' };
  const storeIds = arrayLiteral(owned.map((store) => store.id));
  const averageLength = owned.reduce((sum, store) => sum + store.totalLength, 0) / passageCount || 1;

  const dfRows = await rowsOf<{ term: string; df: number }>(
    db,
    sql`
      SELECT term, sum(df)::int AS df FROM store_term_stats
      WHERE store_id = ANY(${storeIds}::uuid[]) AND term = ANY(${arrayLiteral(terms)}::text[]) GROUP BY term ORDER BY term`,
  );
  if (!dfRows.length) return { results: [], mode: 'lexical' };
  const idf = new Map(dfRows.map((row) => [row.term, Math.log(1 + (passageCount - row.df + 0.5) / (row.df + 0.5))]));

  const leaders = await bm25Leaders(db, { storeIds, idf, averageLength, limit: input.k });
  if (!leaders.length) return { results: [], mode: 'lexical' };

  const details = await db
    .select({ id: passages.id, fileId: passages.fileId, fileName: files.fileName, text: passages.text, heading: passages.heading })
    .from(passages)
    .innerJoin(files, eq(files.id, passages.fileId))
    .where(
      inArray(
        passages.id,
        leaders.map((row) => row.passage_id),
      ),
    );
  const byId = new Map(details.map((row) => [row.id, row]));
  const wanted = new Set(terms);
  const results = leaders.flatMap((row) => {
    const passage = byId.get(row.passage_id);
    if (!passage) return [];
    const tokens = [...tokensOf(passage.heading), ...tokensOf(passage.text)];
    return [
      {
        passageId: passage.id,
        fileId: passage.fileId,
        fileName: passage.fileName,
        score: Number(Number(row.score).toFixed(6)),
        text: passage.text,
        heading: passage.heading,
        matchedTerms: [...new Set(tokens.filter((token) => wanted.has(token.term)).map((token) => token.surface))],
      },
    ];
  });
  return { results, mode: 'lexical' };
}

/**
 * The best BM25 passages for the query terms. Each term's postings are read best impact first
 * (an index order), at most POSTINGS_PER_TERM of them, so a query with a word found in most of a
 * large store still reads a bounded number of rows.
 */
async function bm25Leaders(db: Db, input: { storeIds: string; idf: Map<string, number>; averageLength: number; limit: number }) {
  return rowsOf<{ passage_id: string; score: number }>(
    db,
    sql`
      SELECT c.passage_id, sum(c.idf * c.tf * ${K1 + 1}::float8 / (c.tf + ${K1}::float8 * (1 - ${B}::float8 + ${B}::float8 * c.length / ${input.averageLength}::float8))) AS score
      FROM unnest(${arrayLiteral([...input.idf.keys()])}::text[], ${arrayLiteral([...input.idf.values()])}::float8[]) AS q(term, idf)
      CROSS JOIN unnest(${input.storeIds}::uuid[]) AS s(store_id)
      CROSS JOIN LATERAL (
        SELECT q.idf, pt.passage_id, pt.tf, pt.length FROM passage_terms pt
        WHERE pt.store_id = s.store_id AND pt.term = q.term
        ORDER BY pt.impact DESC, pt.passage_id LIMIT ${POSTINGS_PER_TERM}
      ) AS c
      GROUP BY c.passage_id
      ORDER BY score DESC, c.passage_id
      LIMIT ${input.limit}`,
  );
}
