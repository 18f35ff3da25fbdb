/**
 * Offline retrieval metrics for the labelled fixture: they turn "the right passages come first"
 * into numbers a test can hold a floor on and compare against a baseline engine.
 */

/**
 * Normalised discounted cumulative gain at k, with exponential gain (2^rel − 1) and a log2 rank
 * discount: rewards putting the most relevant passages highest, 1 when the ranking is ideal.
 * Passages missing from `relevance` count as irrelevant; 0 when nothing is relevant.
 */
export function ndcgAtK(ranked: string[], relevance: Map<string, number>, k: number): number {
  const gain = (rel: number) => 2 ** rel - 1;
  const dcg = ranked.slice(0, k).reduce((sum, id, rank) => sum + gain(relevance.get(id) ?? 0) / Math.log2(rank + 2), 0);
  const ideal = [...relevance.values()]
    .filter((rel) => rel > 0)
    .sort((a, b) => b - a)
    .slice(0, k)
    .reduce((sum, rel, rank) => sum + gain(rel) / Math.log2(rank + 2), 0);
  return ideal === 0 ? 0 : dcg / ideal;
}

/**
 * Share of the relevant passages (relevance > 0) found in the first k: what an assistant that
 * reads k passages could possibly see. 0 when nothing is relevant.
 */
export function recallAtK(ranked: string[], relevance: Map<string, number>, k: number): number {
  const relevant = [...relevance].filter(([, rel]) => rel > 0).map(([id]) => id);
  if (!relevant.length) return 0;
  const top = new Set(ranked.slice(0, k));
  return relevant.filter((id) => top.has(id)).length / relevant.length;
}

/** Arithmetic mean, 0 for an empty list (so an empty question set never yields NaN). */
export function meanOf(values: number[]): number {
  return values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : 0;
}
