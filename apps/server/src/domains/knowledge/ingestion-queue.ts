import { and, eq, inArray, lt } from 'drizzle-orm';
import { z } from 'zod';
import { files } from '../../db/schema';
import { defineJob } from '../../lib/job-queue';
import { retermFilePassages } from './index-passages';
import type { KnowledgeContext } from './knowledge-context';
import { TERMS_VERSION } from './retrieval/tokenize';

/**
 * Indexing one file (ingest-file.ts; jobs/job-list.ts runs it). A worker that dies mid-file stops
 * sending heartbeats and the job runs again elsewhere within 30 s (lib/job-queue.ts); indexing
 * replaces a file's passages, so a second run never duplicates them.
 */
export const ingestFileJob = defineJob({
  name: 'ingest-file',
  payload: z.object({ fileId: z.uuid() }),
  retryLimit: 3,
  retryDelay: 5,
  expireInSeconds: 15 * 60,
});

export function queueIngestion(ctx: Pick<KnowledgeContext, 'jobs'>, fileId: string) {
  return ctx.jobs.send(ingestFileJob, { fileId }, { singletonKey: fileId });
}

/**
 * When workers start: a file still queued or processing whose job was never written (the process
 * died in between) gets one now; a file whose job is waiting or running keeps that one alone.
 */
export async function resumeIngestion(ctx: KnowledgeContext) {
  const pending = await ctx.db
    .select({ id: files.id })
    .from(files)
    .where(inArray(files.status, ['queued', 'processing']));
  for (const file of pending) await queueIngestion(ctx, file.id);
  return pending.length;
}

/**
 * Making a file's postings again after the tokenizer changed (TERMS_VERSION), its passages kept:
 * a store indexed by an older version keeps answering meanwhile, and its file never shows as
 * indexing. Durable like any job: a restart picks up what is left.
 */
export const retermFileJob = defineJob({
  name: 'reterm-file',
  payload: z.object({ fileId: z.uuid() }),
  retryLimit: 3,
  retryDelay: 5,
  expireInSeconds: 15 * 60,
});

export async function retermFile(ctx: KnowledgeContext, fileId: string) {
  const [file] = await ctx.db
    .select({ storeId: files.storeId, status: files.status, termsVersion: files.termsVersion })
    .from(files)
    .where(eq(files.id, fileId))
    .limit(1);
  // Not ready (being indexed, which makes today's terms anyway) or already current: nothing to do.
  if (file?.status !== 'ready' || file.termsVersion >= TERMS_VERSION) return;
  await retermFilePassages(ctx.db, file.storeId, fileId);
  await ctx.db
    .update(files)
    .set({ termsVersion: TERMS_VERSION })
    .where(and(eq(files.id, fileId), eq(files.status, 'ready')));
}

/** When workers start: every ready file indexed by an older tokenizer gets a re-terming job. */
export async function resumeReterming(ctx: KnowledgeContext) {
  const stale = await ctx.db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.status, 'ready'), lt(files.termsVersion, TERMS_VERSION)));
  for (const file of stale) await ctx.jobs.send(retermFileJob, { fileId: file.id }, { singletonKey: file.id });
  return stale.length;
}
