import { inArray } from 'drizzle-orm';
import type { Logger } from 'pino';
import { files } from '../../db/schema';
import { ingestFile } from './ingest-file';
import type { KnowledgeContext } from './knowledge-context';

export const INGEST_QUEUE = 'ingest-file';

/**
 * The ingestion queue: one job per file. A worker that dies mid-file stops sending heartbeats and
 * the job is claimed again after `heartbeatSeconds`; indexing replaces a file's passages, so a
 * second run never duplicates them.
 */
async function startIngestion(ctx: KnowledgeContext, logger: Logger) {
  await ctx.jobs.define({ name: INGEST_QUEUE, retryLimit: 3, retryDelay: 5, heartbeatSeconds: 30, expireInSeconds: 15 * 60 });
  await ctx.jobs.work<{ fileId: string }>(INGEST_QUEUE, ctx.env.INGEST_CONCURRENCY, (data, job) =>
    ingestFile(ctx, logger, data.fileId, job),
  );
  // Files queued before a crash whose job was never written (the process died in between) get one
  // now; the singleton key makes this a no-op for files whose job exists.
  const pending = await ctx.db
    .select({ id: files.id })
    .from(files)
    .where(inArray(files.status, ['queued', 'processing']));
  for (const file of pending) await ctx.jobs.send(INGEST_QUEUE, { fileId: file.id }, { singletonKey: file.id });
}

const started = new WeakMap<KnowledgeContext, Promise<void>>();

/**
 * Starts the workers once per process: at boot when files are waiting (a restart after a crash),
 * otherwise on the first upload, so a process that never indexes never starts the queue.
 */
export function ensureIngestion(ctx: KnowledgeContext, logger: Logger): Promise<void> {
  let running = started.get(ctx);
  if (!running) {
    running = startIngestion(ctx, logger);
    started.set(ctx, running);
    running.catch(() => started.delete(ctx));
  }
  return running;
}

export async function resumeIngestionIfPending(ctx: KnowledgeContext, logger: Logger) {
  const [pending] = await ctx.db
    .select({ id: files.id })
    .from(files)
    .where(inArray(files.status, ['queued', 'processing']))
    .limit(1);
  if (pending) await ensureIngestion(ctx, logger);
}
