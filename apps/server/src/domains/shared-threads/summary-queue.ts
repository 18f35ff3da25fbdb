import { z } from 'zod';
import type { sharedThreads } from '../../db/schema';
import { defineJob } from '../../lib/job-queue';
import type { SharedThreadsContext } from './shared-threads-context';
import { summarizeIfQuiet } from './summarize-thread';

/**
 * Summarising a shared thread once it has gone quiet (`summarizeThreadWhenQuiet`; jobs/job-list.ts
 * runs it). One job per thread: the singleton key.
 */
export const summarizeThreadJob = defineJob({
  name: 'summarize-shared-thread',
  payload: z.object({ sharedThreadId: z.uuid() }),
  retryLimit: 2,
  retryDelay: 30,
  expireInSeconds: 5 * 60,
});

type SummaryContext = Pick<SharedThreadsContext, 'jobs' | 'env'>;

/** When this process's latest job of each thread starts (ms): until then, new messages need no write. */
const due = new WeakMap<SharedThreadsContext['jobs'], Map<string, number>>();

const quietSecondsOf = (ctx: SummaryContext) => ctx.env.THREAD_SUMMARY_QUIET_MINUTES * 60;

/** Queues a thread's summary job, or moves its waiting one. */
function queueSummary(ctx: SummaryContext, sharedThreadId: string, startAfterSeconds: number, fresh = false) {
  return ctx.jobs.schedule(summarizeThreadJob, { sharedThreadId }, { singletonKey: sharedThreadId, startAfterSeconds, fresh });
}

/**
 * The job: writes the summary when the thread is still quiet; a thread active since the job was
 * queued gets the job queued again for the rest of its quiet time.
 */
export async function summarizeThreadWhenQuiet(ctx: SharedThreadsContext, sharedThreadId: string) {
  const later = await summarizeIfQuiet(ctx, { sharedThreadId, quietSeconds: quietSecondsOf(ctx) });
  if (later) await queueSummary(ctx, sharedThreadId, later.waitSeconds);
}

/**
 * After any message of a thread: makes sure its summary gets written once the thread has been
 * quiet for THREAD_SUMMARY_QUIET_MINUTES. A chat's many messages cost one job, not a write each:
 * while this process's job for the thread has not started, a new message changes nothing (the job
 * then waits out the rest). Never holds up the visitor's answer; a failure is logged. The job
 * queue finishes writing it before it stops. `fresh`: the turn made the thread, so it has no job yet
 * (one write, not two).
 */
export function scheduleThreadSummary(
  ctx: SharedThreadsContext,
  thread: typeof sharedThreads.$inferSelect,
  options: { fresh?: boolean } = {},
): void {
  const dueAt = due.get(ctx.jobs) ?? new Map<string, number>();
  due.set(ctx.jobs, dueAt);
  const now = Date.now();
  if ((dueAt.get(thread.id) ?? 0) > now) return;
  for (const [id, at] of dueAt) if (at <= now) dueAt.delete(id);
  const quiet = quietSecondsOf(ctx);
  dueAt.set(thread.id, now + quiet * 1000);
  queueSummary(ctx, thread.id, quiet, options.fresh).catch((error) => {
    dueAt.delete(thread.id);
    ctx.logger.warn({ err: error, sharedThreadId: thread.id }, 'could not schedule the thread summary');
  });
}
