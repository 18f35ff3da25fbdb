import { ne } from 'drizzle-orm';
import type { Logger } from 'pino';
import { getModel } from '../../../data-api/model-registry';
import { publishRow } from '../../../data-api/model-store';
import { stores } from '../../../db/schema';
import type { JobHandlerContext } from '../../../lib/job-queue';
import type { KnowledgeContext } from '../knowledge-context';
import { EMBEDDING_BATCH_SIZE, embeddingInput } from './embedder';
import { ensureVectorTable, filesMissingEmbeddings, passagesToEmbed, saveEmbeddings } from './vector-store';

export const EMBED_QUEUE = 'embed-file';

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

const started = new WeakMap<KnowledgeContext, Promise<void>>();

/** Starts the embedding workers once per process (only when hybrid retrieval is available). */
function ensureEmbedding(ctx: KnowledgeContext, logger: Logger): Promise<void> {
  let running = started.get(ctx);
  if (!running) {
    running = (async () => {
      await ensureVectorTable(ctx.db);
      await ctx.jobs.define({ name: EMBED_QUEUE, retryLimit: 5, retryDelay: 10, heartbeatSeconds: 30, expireInSeconds: 30 * 60 });
      await ctx.jobs.work<{ fileId: string }>(EMBED_QUEUE, 1, async (data, job) => {
        try {
          await embedFile(ctx, data.fileId, job);
        } catch (error) {
          logger.warn({ err: error, fileId: data.fileId, attempt: job.retryCount }, 'embedding a file failed; it will be retried');
          throw error;
        }
      });
    })();
    started.set(ctx, running);
    running.catch(() => started.delete(ctx));
  }
  return running;
}

/** Queues a freshly indexed file for embedding; without hybrid retrieval there is nothing to do. */
export async function queueFileEmbedding(ctx: KnowledgeContext, logger: Logger, fileId: string) {
  if (!hybridAvailable(ctx)) return;
  await ensureEmbedding(ctx, logger);
  await ctx.jobs.send(EMBED_QUEUE, { fileId }, { singletonKey: `embed:${fileId}` });
}

/**
 * At boot: every store says how it is searched, and when a model is configured (newly, or a
 * different one) the passages indexed before are embedded in the background.
 */
export async function startRetrievalMode(ctx: KnowledgeContext, logger: Logger) {
  if (ctx.embedder && !ctx.vector) logger.warn('an embedding model is configured but pgvector is not available; retrieval stays lexical');
  const mode = hybridAvailable(ctx) ? 'hybrid' : 'lexical';
  const changed = await ctx.db
    .update(stores)
    .set({ retrievalMode: mode, updatedAt: new Date() })
    .where(ne(stores.retrievalMode, mode))
    .returning();
  for (const row of changed) publishRow(ctx, getModel('Store'), 'update', row);
  if (!hybridAvailable(ctx) || !ctx.embedder) return;
  await ensureEmbedding(ctx, logger);
  const missing = await filesMissingEmbeddings(ctx.db, ctx.embedder.model);
  for (const file of missing) await ctx.jobs.send(EMBED_QUEUE, { fileId: file.file_id }, { singletonKey: `embed:${file.file_id}` });
  if (missing.length) logger.info({ files: missing.length, model: ctx.embedder.model }, 'embedding existing passages in the background');
}

/** The retrieval mode a new store starts with. */
export const retrievalModeOf = (ctx: KnowledgeContext) => (hybridAvailable(ctx) ? 'hybrid' : 'lexical');
