/*
 * BM25, in one place: the parameters and the posting weight that indexing stores and search ranks
 * with (search-stores.ts sums idf × this weight per query term in SQL).
 */

/**
 * BM25 parameters, shared by indexing and search: the values Anserini uses for short passages
 * (MS MARCO), since a passage is a section or a product, not a whole document.
 */
export const K1 = 0.9;
export const B = 0.4;
/** A typical passage's weighted length: the fixed length `postingImpact` normalises against. */
const REFERENCE_LENGTH = 40;

/**
 * A posting's BM25 term weight (without idf) as if the collection's average length were
 * REFERENCE_LENGTH. The true average drifts as files come and go, but the order of one term's
 * postings barely changes with it, and that order is all search uses this for: reading the best
 * postings of a very common term first instead of all of them.
 */
export function postingImpact(tf: number, length: number): number {
  return (tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * length) / REFERENCE_LENGTH));
}
