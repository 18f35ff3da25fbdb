import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { files, passages, stores } from '../../db/schema';
import { quoteArrayItem } from './index-passages';
import { termsOf, tokensOf } from './retrieval/tokenize';

/** BM25 parameters (Robertson's usual values). */
const K1 = 1.2;
const B = 0.75;

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
  if (!owned.length || !terms.length || !passageCount) return { results: [], mode: 'lexical' };
  const storeIds = arrayLiteral(owned.map((store) => store.id));
  const averageLength = owned.reduce((sum, store) => sum + store.totalLength, 0) / passageCount || 1;

  const dfRows = await rowsOf<{ term: string; df: number }>(
    db,
    sql`
      SELECT term, sum(df)::int AS df FROM store_term_stats
      WHERE store_id = ANY(${storeIds}::uuid[]) AND term = ANY(${arrayLiteral(terms)}::text[]) GROUP BY term ORDER BY term`,
  );
  if (!dfRows.length) return { results: [], mode: 'lexical' };
  const idf = dfRows.map((row) => Math.log(1 + (passageCount - row.df + 0.5) / (row.df + 0.5)));

  const ranked = await rowsOf<{ passage_id: string; score: number }>(
    db,
    sql`
      SELECT pt.passage_id, sum(q.idf * pt.tf * ${K1 + 1} / (pt.tf + ${K1} * (1 - ${B} + ${B} * pt.length / ${averageLength}))) AS score
      FROM unnest(${arrayLiteral(dfRows.map((row) => row.term))}::text[], ${arrayLiteral(idf)}::float8[]) AS q(term, idf)
      JOIN passage_terms pt ON pt.term = q.term AND pt.store_id = ANY(${storeIds}::uuid[])
      GROUP BY pt.passage_id
      ORDER BY score DESC, pt.passage_id
      LIMIT ${input.k}`,
  );
  if (!ranked.length) return { results: [], mode: 'lexical' };

  const details = await db
    .select({ id: passages.id, fileId: passages.fileId, fileName: files.fileName, text: passages.text, heading: passages.heading })
    .from(passages)
    .innerJoin(files, eq(files.id, passages.fileId))
    .where(
      inArray(
        passages.id,
        ranked.map((row) => row.passage_id),
      ),
    );
  const byId = new Map(details.map((row) => [row.id, row]));
  const wanted = new Set(terms);
  const results = ranked.flatMap((row) => {
    const passage = byId.get(row.passage_id);
    if (!passage) return [];
    return [
      {
        passageId: passage.id,
        fileId: passage.fileId,
        fileName: passage.fileName,
        score: Number(Number(row.score).toFixed(6)),
        text: passage.text,
        heading: passage.heading,
        matchedTerms: matchedWords(`${passage.heading}\n${passage.text}`, wanted),
      },
    ];
  });
  return { results, mode: 'lexical' };
}

/** The words of a passage, as written, whose terms the query asked for (for highlighting). */
function matchedWords(text: string, terms: Set<string>): string[] {
  const seen = new Set<string>();
  for (const token of tokensOf(text)) if (terms.has(token.term)) seen.add(token.surface);
  return [...seen];
}
