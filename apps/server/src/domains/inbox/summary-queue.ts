import { sql } from 'drizzle-orm';
import { sharedThreads } from '../../db/schema';
import type { SharingContext } from '../visitor-chat/visitor-chat-context';
import { summarizeIfQuiet } from './summarize-thread';

export const SUMMARY_QUEUE = 'summarize-shared-thread';

interface SummaryJob {
  sharedThreadId: string;
}

type Jobs = SharingContext['jobs'];

const workers = new WeakMap<Jobs, Promise<void>>();
const pending = new WeakMap<Jobs, Set<Promise<void>>>();
/** When this process's latest job of each thread starts (ms): until then, new messages need no write. */
const due = new WeakMap<Jobs, Map<string, number>>();

const quietSecondsOf = (ctx: SharingContext) => ctx.env.THREAD_SUMMARY_QUIET_MINUTES * 60;

/** Queues a thread's summary job, or moves its waiting one (one per thread: the singleton key). */
async function queueSummary(ctx: SharingContext, sharedThreadId: string, startAfterSeconds: number) {
  await ensureSummaryWorker(ctx);
  const job: SummaryJob = { sharedThreadId };
  await ctx.jobs.schedule(SUMMARY_QUEUE, job, { singletonKey: sharedThreadId, startAfterSeconds });
}

/**
 * Starts this process's summary worker once: on the first schedule, or at boot when a recent
 * thread has no current summary (its job, queued before a restart, is then picked up). A job that
 * finds the thread active since it was queued queues itself again for the rest of the quiet time.
 */
function ensureSummaryWorker(ctx: SharingContext): Promise<void> {
  let running = workers.get(ctx.jobs);
  if (!running) {
    running = (async () => {
      await ctx.jobs.define({ name: SUMMARY_QUEUE, retryLimit: 2, retryDelay: 30, heartbeatSeconds: 30, expireInSeconds: 5 * 60 });
      await ctx.jobs.work<SummaryJob>(SUMMARY_QUEUE, 1, async (data) => {
        const later = await summarizeIfQuiet(ctx, { sharedThreadId: data.sharedThreadId, quietSeconds: quietSecondsOf(ctx) });
        if (later) await queueSummary(ctx, data.sharedThreadId, later.waitSeconds);
      });
    })();
    workers.set(ctx.jobs, running);
    running.catch(() => workers.delete(ctx.jobs));
  }
  return running;
}

/**
 * After any message of a thread: makes sure its summary gets written once the thread has been
 * quiet for THREAD_SUMMARY_QUIET_MINUTES. A chat's many messages cost one job, not a write each:
 * while this process's job for the thread has not started, a new message changes nothing (the job
 * then waits out the rest). Never holds up the visitor's answer; a failure is logged.
 */
export function scheduleThreadSummary(ctx: SharingContext, thread: typeof sharedThreads.$inferSelect): void {
  const dueAt = due.get(ctx.jobs) ?? new Map<string, number>();
  due.set(ctx.jobs, dueAt);
  const now = Date.now();
  if ((dueAt.get(thread.id) ?? 0) > now) return;
  for (const [id, at] of dueAt) if (at <= now) dueAt.delete(id);
  const quiet = quietSecondsOf(ctx);
  dueAt.set(thread.id, now + quiet * 1000);
  const scheduling = queueSummary(ctx, thread.id, quiet).catch((error) => {
    dueAt.delete(thread.id);
    ctx.logger.warn({ err: error, sharedThreadId: thread.id }, 'could not schedule the thread summary');
  });
  const inFlight = pending.get(ctx.jobs) ?? new Set();
  pending.set(ctx.jobs, inFlight);
  inFlight.add(scheduling);
  void scheduling.finally(() => inFlight.delete(scheduling));
}

/** Waits for schedules still being written (on shutdown, before the job queue stops). */
export async function settleSummarySchedules(ctx: SharingContext) {
  await Promise.all(pending.get(ctx.jobs) ?? []);
}

/** At boot: a thread active in the last day without a current summary means jobs may be waiting. */
export async function resumeSummariesIfPending(ctx: SharingContext) {
  const [waiting] = await ctx.db
    .select({ id: sharedThreads.id })
    .from(sharedThreads)
    .where(
      sql`${sharedThreads.lastActivityAt} > now() - interval '1 day' AND (${sharedThreads.summarizedAt} IS NULL OR ${sharedThreads.summarizedAt} < ${sharedThreads.lastActivityAt})`,
    )
    .limit(1);
  if (waiting) await ensureSummaryWorker(ctx);
}
