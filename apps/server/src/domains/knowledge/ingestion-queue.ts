import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import { files } from '../../db/schema';
import { defineJob } from '../../lib/job-queue';
import type { KnowledgeContext } from './knowledge-context';

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
