import { and, eq, inArray } from 'drizzle-orm';
import type { Logger } from 'pino';
import { files, passages, stores } from '../../../db/schema';
import { inSpan } from '../../../lib/tracing';
import { hybridAvailable } from '../embeddings/embedding-queue';
import { nearestPassages } from '../embeddings/vector-store';
import type { KnowledgeContext } from '../knowledge-context';
import { type SearchHit, type SearchInput, searchStores } from './search-stores';
import { matchedSurfaces, termsOf } from './tokenize';

/** Reciprocal rank fusion's constant (Cormack et al.): damps the head so both lists get a say. */
export const RRF_K = 60;
/** How deep each ranking is read before fusing. */
const CANDIDATES = 50;

/**
 * Fuses rankings by reciprocal rank: each list adds 1/(RRF_K + rank) to an item's score. Scores
 * of different kinds (BM25, cosine) never get compared, only positions. Ties break on the id.
 */
export function reciprocalRankFusion(rankings: string[][]): { id: string; score: number }[] {
  const scores = new Map<string, number>();
  for (const ranking of rankings) {
    for (const [index, id] of ranking.entries()) scores.set(id, (scores.get(id) ?? 0) + 1 / (RRF_K + index + 1));
  }
  return [...scores].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * What an assistant finds: lexical ranking alone, or fused with vector search when an embedding
 * model and pgvector are there. A failing embeddings API degrades the search to lexical (and the
 * answer says so) instead of failing it.
 */
export function searchKnowledge(
  ctx: KnowledgeContext,
  logger: Logger,
  input: SearchInput,
): Promise<{ results: SearchHit[]; mode: 'lexical' | 'hybrid' }> {
  // A span of the turn's trace (lib/tracing.ts): how long the search took, how and what it found; never the query.
  return inSpan(
    'retrieval',
    { attributes: { 'aisle.retrieval.stores': input.storeIds.length, 'aisle.retrieval.k': input.k } },
    async (span) => {
      const found = await search(ctx, logger, input);
      span.setAttributes({ 'aisle.retrieval.mode': found.mode, 'aisle.retrieval.results': found.results.length });
      return found;
    },
  );
}

async function search(
  ctx: KnowledgeContext,
  logger: Logger,
  input: SearchInput,
): Promise<{ results: SearchHit[]; mode: 'lexical' | 'hybrid' }> {
  const embedder = ctx.embedder;
  if (!hybridAvailable(ctx) || !embedder) return { results: (await searchStores(ctx.db, input)).results, mode: 'lexical' };

  const owned = await ctx.db
    .select({ id: stores.id })
    .from(stores)
    .where(and(eq(stores.ownerEmail, input.ownerEmail), inArray(stores.id, [...new Set(input.storeIds)])));
  if (!owned.length) return { results: [], mode: 'hybrid' };
  const lexical = searchStores(ctx.db, { ...input, k: Math.max(CANDIDATES, input.k) });
  let nearest: { passage_id: string }[];
  try {
    const [queryVector] = await embedder.embed([input.query], { retries: 0 });
    nearest = await nearestPassages(ctx.db, {
      storeIds: owned.map((store) => store.id),
      model: embedder.model,
      query: queryVector ?? [],
      limit: Math.max(CANDIDATES, input.k),
    });
  } catch (error) {
    logger.warn({ err: error }, 'query embedding failed; answering with lexical retrieval only');
    return { results: (await lexical).results.slice(0, input.k), mode: 'lexical' };
  }
  const lexicalHits = (await lexical).results;
  const fused = reciprocalRankFusion([lexicalHits.map((hit) => hit.passageId), nearest.map((row) => row.passage_id)]).slice(0, input.k);

  const known = new Map(lexicalHits.map((hit) => [hit.passageId, hit]));
  const missing = fused.filter((item) => !known.has(item.id)).map((item) => item.id);
  if (missing.length) {
    const rows = await ctx.db
      .select({ id: passages.id, fileId: passages.fileId, fileName: files.fileName, text: passages.text, heading: passages.heading })
      .from(passages)
      .innerJoin(files, eq(files.id, passages.fileId))
      .where(inArray(passages.id, missing));
    const wanted = new Set(termsOf(input.query));
    for (const row of rows) {
      known.set(row.id, { passageId: row.id, ...row, score: 0, matchedTerms: matchedSurfaces([row.heading, row.text], wanted) });
    }
  }
  const results = fused.flatMap((item) => {
    const hit = known.get(item.id);
    return hit ? [{ ...hit, score: Number(item.score.toFixed(6)) }] : [];
  });
  return { results, mode: 'hybrid' };
}
