import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { files, passages, stores } from '../../db/schema';
import { B, K1, quoteArrayItem } from './index-passages';
import { type Token, termsOf, tokensOf } from './retrieval/tokenize';

/**
 * How many postings of one query term are read, best impact first. Rare terms have fewer and are
 * read whole; for a term in most passages of a large store, a passage outside its top postings
 * can only win through the other terms, which are read in full or as deep.
 */
const POSTINGS_PER_TERM = 2_000;
/** How many BM25 leaders the proximity pass re-ranks (at least k). */
const RERANK_DEPTH = 30;
/** Two query terms this close in a passage (in words) count as the phrase the shopper typed. */
const PROXIMITY_WINDOW = 2;
/** Share of the rarer term's idf a passage gains per query phrase it contains. */
const PROXIMITY_WEIGHT = 1.0;

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
 * match nothing). Headings weigh double (BM25F-style), words are stemmed and accent-folded, the
 * leaders are re-ranked by how many of the query's word pairs they contain close together, and
 * ties break on the passage id so the same query always ranks the same way.
 */
export async function searchStores(db: Db, input: SearchInput): Promise<{ results: SearchHit[]; mode: 'lexical' | 'hybrid' }> {
  const owned = await db
    .select({ id: stores.id, passageCount: stores.passageCount, totalLength: stores.totalLength })
    .from(stores)
    .where(and(eq(stores.ownerEmail, input.ownerEmail), inArray(stores.id, [...new Set(input.storeIds)])));
  const queryTerms = termsOf(input.query);
  const terms = [...new Set(queryTerms)];
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

  const leaders = await bm25Leaders(db, { storeIds, idf, averageLength, limit: Math.max(input.k, RERANK_DEPTH) });
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
  const pairs = queryPairs(queryTerms, idf);
  const rescored = leaders.flatMap((row) => {
    const passage = byId.get(row.passage_id);
    if (!passage) return [];
    const tokens = [...tokensOf(passage.heading), ...tokensOf(passage.text)];
    const score = Number(row.score) + proximityBonus(tokens, pairs, tokensOf(passage.heading).length);
    return [{ passage, tokens, score }];
  });
  rescored.sort((a, b) => b.score - a.score || (a.passage.id < b.passage.id ? -1 : a.passage.id > b.passage.id ? 1 : 0));

  const wanted = new Set(terms);
  const results = rescored.slice(0, input.k).map(({ passage, tokens, score }) => ({
    passageId: passage.id,
    fileId: passage.fileId,
    fileName: passage.fileName,
    score: Number(score.toFixed(6)),
    text: passage.text,
    heading: passage.heading,
    matchedTerms: [...new Set(tokens.filter((token) => wanted.has(token.term)).map((token) => token.surface))],
  }));
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

interface TermPair {
  first: string;
  second: string;
  weight: number;
}

/** Neighbouring query terms (as typed, stop words skipped) that the index knows, with their bonus. */
function queryPairs(queryTerms: string[], idf: Map<string, number>): TermPair[] {
  const pairs = new Map<string, TermPair>();
  for (let i = 1; i < queryTerms.length; i++) {
    const [first, second] = [queryTerms[i - 1] as string, queryTerms[i] as string];
    const weights = [idf.get(first), idf.get(second)];
    if (first === second || weights[0] === undefined || weights[1] === undefined) continue;
    pairs.set(`${first} ${second}`, { first, second, weight: PROXIMITY_WEIGHT * Math.min(weights[0], weights[1]) });
  }
  return [...pairs.values()];
}

/**
 * Rewards passages where query words stand together ("cast iron", "gift card"), in either order:
 * BM25 alone cannot tell them from passages that mention each word somewhere. The heading and
 * the text are separate runs, so a pair never spans the two.
 */
function proximityBonus(tokens: Token[], pairs: TermPair[], headingCount: number): number {
  let bonus = 0;
  for (const pair of pairs) {
    const near = tokens.some(
      (token, i) =>
        token.term === pair.first &&
        tokens.some(
          (other, j) => other.term === pair.second && Math.abs(j - i) <= PROXIMITY_WINDOW && i < headingCount === j < headingCount,
        ),
    );
    if (near) bonus += pair.weight;
  }
  return bonus;
}
