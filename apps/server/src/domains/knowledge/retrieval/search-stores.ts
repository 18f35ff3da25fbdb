import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { stores } from '../../../db/schema';
import { arrayLiteral, rowsOf } from '../../../db/sql-helpers';
import { B, K1 } from './bm25';
import { expandQuery, type QueryWord, type WeightedTerm, weightedQueryTerms } from './lexicon/expand-query';
import { INTENT_WEIGHT, intentWords } from './lexicon/intents';
import { closestTerm } from './spelling';
import { matchedSurfaces } from './tokenize';

/**
 * How many postings of one query term are read, best impact first. Rarer terms have fewer and are
 * read whole. A passage past a common term's first postings gets no credit for it, but a term in
 * thousands of passages has a low idf, so that credit is small; reading a bounded number of rows
 * is what keeps a search fast in a store of 100,000 passages (bench/knowledge-search.ts).
 */
const POSTINGS_PER_TERM = 1_000;
/**
 * Postings read of a term that only stands for a word (another form, a synonym, the same word in
 * another language), at most. Its match counts for less than the word's own, and the shop
 * lexicon's eight languages give a question dozens of such terms: reading them as deep as its own
 * words made most of a search's time in a large store (bench/local-answer-latency.ts).
 */
const POSTINGS_PER_ALTERNATIVE = 100;

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
  /**
   * Widen the query with other forms, the shop's synonyms and related words, each weighted below
   * the shopper's own words (lexicon/expand-query.ts). On unless a caller measures plain BM25.
   */
  expand?: boolean;
}

/**
 * What an assistant would find: BM25 over the owner's own stores (other owners' store ids simply
 * match nothing). Headings weigh double (BM25F-style), words are stemmed and accent-folded, the
 * query's words widened with weighted related words (a passage gets, for each word of the query,
 * the best of its alternatives' scores times their weight, never their sum), and
 * ties break on the passage id so the same query always ranks the same way.
 */
export async function searchStores(db: Db, input: SearchInput): Promise<{ results: SearchHit[]; mode: 'lexical' | 'hybrid' }> {
  const owned = await db
    .select({ id: stores.id, passageCount: stores.passageCount, totalLength: stores.totalLength })
    .from(stores)
    .where(and(eq(stores.ownerEmail, input.ownerEmail), inArray(stores.id, [...new Set(input.storeIds)])));
  const expanded = expandQuery(input.query, { expand: input.expand !== false });
  const words =
    input.expand === false
      ? expanded
      : await withSpellings(
          db,
          owned.map((store) => store.id),
          expanded,
        );
  // What the question asks for (a price, a time, an address) ranks the passages that state one higher.
  const intents = input.expand === false ? [] : intentWords(input.query);
  const terms = [
    ...weightedQueryTerms(words),
    ...weightedQueryTerms(intents).map((term) => ({ ...term, word: term.word + words.length, weight: term.weight * INTENT_WEIGHT })),
  ].filter((term) => !term.term.startsWith('intent:'));
  const passageCount = owned.reduce((sum, store) => sum + store.passageCount, 0);
  if (!owned.length || !terms.length || !passageCount || input.k < 1) return { results: [], mode: 'lexical' };
  const storeIds = arrayLiteral(owned.map((store) => store.id));
  const averageLength = owned.reduce((sum, store) => sum + store.totalLength, 0) / passageCount || 1;

  const ranked = await bm25Ranking(db, {
    storeIds,
    terms,
    passageCount,
    averageLength,
    k: input.k,
  });
  const wanted = new Set(terms.map((term) => term.term));
  const results = ranked.map((row) => {
    return {
      passageId: row.passage_id,
      fileId: row.file_id,
      fileName: row.file_name,
      score: Number(Number(row.score).toFixed(6)),
      text: row.text,
      heading: row.heading,
      matchedTerms: matchedSurfaces([row.heading, row.text], wanted),
    };
  });
  return { results, mode: 'lexical' };
}

/**
 * The k best passages by BM25, with what a hit shows, in one round trip: idf from the stores'
 * document frequencies, then each term's postings read best impact first (the order of
 * passage_terms_impact_idx, NULLS LAST included so the index can serve it), at most
 * POSTINGS_PER_TERM of them (POSTINGS_PER_ALTERNATIVE for a term that only stands for a word), so
 * a query with a word found in most of a large store still reads a bounded number of rows.
 */
async function bm25Ranking(
  db: Db,
  input: { storeIds: string; terms: WeightedTerm[]; passageCount: number; averageLength: number; k: number },
) {
  return rowsOf<{ passage_id: string; score: number; file_id: string; file_name: string; heading: string; text: string }>(
    db,
    sql`
      WITH wanted AS (
        SELECT * FROM unnest(${arrayLiteral(input.terms.map((t) => t.term))}::text[], ${arrayLiteral(input.terms.map((t) => t.weight))}::float8[],
          ${arrayLiteral(input.terms.map((t) => t.word))}::int[]) AS w(term, weight, word)
      ), own AS (
        SELECT term, max(weight) >= 1 AS own FROM wanted GROUP BY term
      ), q AS (
        SELECT st.term, ln(1 + (${input.passageCount}::float8 - sum(st.df) + 0.5) / (sum(st.df) + 0.5)) AS idf, bool_or(own.own) AS own
        FROM store_term_stats st JOIN own ON own.term = st.term
        WHERE st.store_id = ANY(${input.storeIds}::uuid[]) GROUP BY st.term
      ), hits AS (
        SELECT c.passage_id, c.term, c.idf * c.tf * ${K1 + 1}::float8 / (c.tf + ${K1}::float8 * (1 - ${B}::float8 + ${B}::float8 * c.length / ${input.averageLength}::float8)) AS score
        FROM q CROSS JOIN unnest(${input.storeIds}::uuid[]) AS s(store_id)
        CROSS JOIN LATERAL (
          SELECT q.term, q.idf, pt.passage_id, pt.tf, pt.length FROM passage_terms pt
          WHERE pt.store_id = s.store_id AND pt.term = q.term
          ORDER BY pt.impact DESC NULLS LAST, pt.passage_id
          LIMIT CASE WHEN q.own THEN ${POSTINGS_PER_TERM}::int ELSE ${POSTINGS_PER_ALTERNATIVE}::int END
        ) AS c
      ), per_word AS (
        SELECT h.passage_id, w.word, max(h.score * w.weight) AS score FROM hits h JOIN wanted w ON w.term = h.term
        GROUP BY h.passage_id, w.word
      ), leaders AS (
        SELECT passage_id, sum(score) AS score FROM per_word
        GROUP BY passage_id
        ORDER BY score DESC, passage_id
        LIMIT ${input.k}
      )
      SELECT l.passage_id, l.score, p.file_id, f.file_name, p.heading, p.text
      FROM leaders l JOIN passages p ON p.id = l.passage_id JOIN files f ON f.id = p.file_id
      ORDER BY l.score DESC, l.passage_id`,
  );
}

/** A misspelt word found through the store's own closest word counts a little less than the word itself. */
const SPELLING_WEIGHT = 0.8;
const SPELLABLE = /^[a-z]{4,}$/;
/** Candidates read per misspelt word at most: the store's words with its first letter and about its length. */
const SPELLING_CANDIDATES = 5_000;

/**
 * The query's words that no store of the search uses, each with the store's closest word as an
 * alternative ("shiping" → "ship"). One look-up of the words, and only when a word is missing,
 * one of the store's words that start like it.
 */
async function withSpellings(db: Db, storeIds: string[], words: QueryWord[]): Promise<QueryWord[]> {
  const spellable = words.filter((word) => SPELLABLE.test(word.term));
  if (!spellable.length || !storeIds.length) return words;
  const ids = arrayLiteral(storeIds);
  const present = await rowsOf<{ term: string }>(
    db,
    sql`SELECT DISTINCT term FROM store_term_stats WHERE store_id = ANY(${ids}::uuid[]) AND term = ANY(${arrayLiteral(spellable.flatMap((word) => [word.term, ...word.alternatives.map((a) => a.term)]))}::text[])`,
  );
  const known = new Set(present.map((row) => row.term));
  const missing = spellable.filter((word) => !known.has(word.term) && !word.alternatives.some((a) => known.has(a.term)));
  if (!missing.length) return words;
  const corrections = new Map<string, string>();
  for (const word of missing) {
    const first = word.term[0] as string;
    const next = String.fromCharCode(first.charCodeAt(0) + 1);
    const candidates = await rowsOf<{ term: string; df: number }>(
      db,
      sql`SELECT term, sum(df)::float8 AS df FROM store_term_stats
        WHERE store_id = ANY(${ids}::uuid[]) AND term >= ${first} AND term < ${next}
          AND length(term) BETWEEN ${word.term.length - 2} AND ${word.term.length + 2}
        GROUP BY term LIMIT ${SPELLING_CANDIDATES}`,
    );
    const frequency = new Map(candidates.map((row) => [row.term, Number(row.df)]));
    const closest = closestTerm(word.term, frequency.keys(), (term) => frequency.get(term) ?? 0);
    if (closest) corrections.set(word.term, closest);
  }
  return words.map((word) => {
    const closest = corrections.get(word.term);
    return closest
      ? {
          ...word,
          alternatives: [...word.alternatives, { term: closest, relation: 'form' as const, weight: SPELLING_WEIGHT, word: closest }],
        }
      : word;
  });
}
