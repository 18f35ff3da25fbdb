import { ne } from 'drizzle-orm';
import type { Logger } from 'pino';
import { z } from 'zod';
import { getModel } from '../../../data-api/model-registry';
import { publishRow } from '../../../data-api/model-store';
import { stores } from '../../../db/schema';
import { defineJob, type JobHandlerContext } from '../../../lib/job-queue';
import type { KnowledgeContext } from '../knowledge-context';
import { EMBEDDING_BATCH_SIZE, embeddingInput } from './embedder';
import { ensureVectorTable, filesMissingEmbeddings, passagesToEmbed, saveEmbeddings } from './vector-store';

/** Hybrid retrieval needs both a configured model and pgvector in the database. */
export const hybridAvailable = (ctx: KnowledgeContext) => Boolean(ctx.embedder && ctx.vector);

/**
 * Embeds a file's passages that lack a vector from the current model, a batch at a time, each
 * batch saved as it comes: a retry (or a restart) continues where the last attempt stopped.
 */
export async function embedFile(ctx: KnowledgeContext, fileId: string, job?: Pick<JobHandlerContext, 'signal'>) {
  const embedder = ctx.embedder;
  if (!embedder) return;
  const pending = await passagesToEmbed(ctx.db, fileId, embedder.model);
  for (let start = 0; start < pending.length; start += EMBEDDING_BATCH_SIZE) {
    const batch = pending.slice(start, start + EMBEDDING_BATCH_SIZE);
    const vectors = await embedder.embed(
      batch.map((passage) => embeddingInput(passage)),
      { signal: job?.signal },
    );
    await saveEmbeddings(
      ctx.db,
      batch.map((passage, index) => ({
        passageId: passage.id,
        storeId: passage.store_id,
        model: embedder.model,
        embedding: vectors[index] ?? [],
      })),
    );
  }
}

/** Embedding one indexed file's passages (`embedFile`; jobs/job-list.ts runs it where hybrid retrieval is available). */
export const embedFileJob = defineJob({
  name: 'embed-file',
  payload: z.object({ fileId: z.uuid() }),
  retryLimit: 5,
  retryDelay: 10,
  expireInSeconds: 30 * 60,
});

/** Queues a freshly indexed file for embedding; without hybrid retrieval there is nothing to do. */
export async function queueFileEmbedding(ctx: KnowledgeContext, fileId: string) {
  if (!hybridAvailable(ctx)) return;
  await ctx.jobs.send(embedFileJob, { fileId }, { singletonKey: `embed:${fileId}` });
}

/**
 * At boot of every process that serves the API: each store says how it is searched (the web app
 * shows it, and new stores and searches follow the same configuration), and hybrid search finds
 * its vector table.
 */
export async function syncRetrievalMode(ctx: KnowledgeContext, logger: Logger) {
  if (ctx.embedder && !ctx.vector) logger.warn('an embedding model is configured but pgvector is not available; retrieval stays lexical');
  if (hybridAvailable(ctx)) await ensureVectorTable(ctx.db);
  const mode = retrievalModeOf(ctx);
  const changed = await ctx.db
    .update(stores)
    .set({ retrievalMode: mode, updatedAt: new Date() })
    .where(ne(stores.retrievalMode, mode))
    .returning();
  for (const row of changed) publishRow(ctx, getModel('Store'), 'update', row);
}

/**
 * When workers start: with a model configured (newly, or a different one), the passages indexed
 * before are embedded in the background.
 */
export async function queueMissingEmbeddings(ctx: KnowledgeContext, logger: Logger) {
  if (!hybridAvailable(ctx) || !ctx.embedder) return;
  await ensureVectorTable(ctx.db);
  const missing = await filesMissingEmbeddings(ctx.db, ctx.embedder.model);
  for (const file of missing) await queueFileEmbedding(ctx, file.file_id);
  if (missing.length) logger.info({ files: missing.length, model: ctx.embedder.model }, 'embedding existing passages in the background');
}

/** The retrieval mode a new store starts with. */
export const retrievalModeOf = (ctx: KnowledgeContext) => (hybridAvailable(ctx) ? 'hybrid' : 'lexical');
