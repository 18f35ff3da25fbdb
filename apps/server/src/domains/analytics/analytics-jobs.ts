import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database';
import { customerValueAnalytics, sharedMessages, sharedThreads } from '../../db/schema';
import { rowsOf } from '../../db/sql-helpers';
import type { EventBus } from '../../lib/event-bus';
import { defineJob, type JobQueue } from '../../lib/job-queue';
import { refreshCustomerValueAnalytics } from './refresh-customer-value-analytics';

/**
 * When the customer-value rows are recomputed (DESIGN "Runtime shape": analytics refresh runs in
 * the worker): for one owner a little after one of their threads goes quiet, and for every owner
 * with something new on an hourly round. Both are one job per owner (its singleton key), and the
 * refresh itself is idempotent, so a thread going quiet twice, a retry or a refresh click in
 * between cost at most a recomputation that writes nothing.
 */
export const refreshOwnerAnalyticsJob = defineJob({
  name: 'analytics-refresh-owner',
  payload: z.object({ ownerEmail: z.string().min(1) }),
  retryLimit: 3,
  retryDelay: 30,
  expireInSeconds: 10 * 60,
});

/** The hourly round: queues a refresh for each owner whose rows are behind, then itself again. */
export const analyticsRoundJob = defineJob({
  name: 'analytics-refresh-round',
  payload: z.object({}),
  retryLimit: 5,
  retryDelay: 60,
  expireInSeconds: 10 * 60,
});

/** Messages of a quiet thread arrive in bursts: the owner's refresh waits for this long after the last. */
const AFTER_QUIET_SECONDS = 60;
/** A shopper's turn: the owner's refresh waits this long for the next one (a conversation is a burst)… */
const AFTER_TURN_SECONDS = 30;
/** …but never longer than this after the first trigger: a shop that never goes quiet is refreshed too. */
const REFRESH_WITHIN_SECONDS = 60;
const ROUND_EVERY_SECONDS = 3600;

type JobsContext = { db: DbOrTx; jobs: JobQueue };

export async function runOwnerRefreshJob(ctx: { db: Db; events: EventBus }, ownerEmail: string) {
  await refreshCustomerValueAnalytics(ctx.db, ownerEmail, { events: ctx.events });
}

/** A shared thread went quiet (its summary job ran): its owner's rows are refreshed shortly. */
export async function refreshAfterQuietThread(ctx: JobsContext, sharedThreadId: string) {
  const [thread] = await rowsOf<{ owner_email: string }>(
    ctx.db,
    sql`SELECT owner_email FROM ${sharedThreads} WHERE id = ${sharedThreadId}`,
  );
  if (!thread) return;
  await ctx.jobs.schedule(
    refreshOwnerAnalyticsJob,
    { ownerEmail: thread.owner_email },
    { singletonKey: thread.owner_email, startAfterSeconds: AFTER_QUIET_SECONDS, maxWaitSeconds: REFRESH_WITHIN_SECONDS },
  );
}

/** When this process's latest refresh of each owner starts (ms): until then, another turn needs no write. */
const refreshDue = new WeakMap<JobQueue, Map<string, number>>();

/**
 * After a shopper's turn (their message, and the reply when there is one, are stored): the owner's
 * rows are refreshed within about a minute, so an open dashboard (it listens to row updates) shows
 * the conversation without a click. Debounced per owner (AFTER_TURN_SECONDS) with a maximum wait
 * (REFRESH_WITHIN_SECONDS), in the job queue, so turns on every instance share one refresh. While
 * a refresh this process queued has not started, a further turn changes nothing: the refresh will
 * count it. Never holds up the shopper's answer; a failure is logged (the hourly round catches up).
 */
export function refreshAfterShopperTurn(ctx: { jobs: JobQueue; logger: Logger }, ownerEmail: string): void {
  const dueAt = refreshDue.get(ctx.jobs) ?? new Map<string, number>();
  refreshDue.set(ctx.jobs, dueAt);
  const now = Date.now();
  if ((dueAt.get(ownerEmail) ?? 0) > now) return;
  for (const [owner, at] of dueAt) if (at <= now) dueAt.delete(owner);
  const provisional = now + AFTER_TURN_SECONDS * 1000;
  dueAt.set(ownerEmail, provisional);
  ctx.jobs
    .schedule(
      refreshOwnerAnalyticsJob,
      { ownerEmail },
      { singletonKey: ownerEmail, startAfterSeconds: AFTER_TURN_SECONDS, maxWaitSeconds: REFRESH_WITHIN_SECONDS },
    )
    // The maximum wait may have brought the start forward: turns after it need a refresh of their own.
    .then((startsAt) => {
      if (dueAt.get(ownerEmail) === provisional) dueAt.set(ownerEmail, startsAt.getTime());
    })
    .catch((error: unknown) => {
      dueAt.delete(ownerEmail);
      ctx.logger.warn({ err: error }, 'could not schedule the owner’s analytics refresh');
    });
}

/**
 * Owners whose rows are behind: a shared message newer than their last refresh, or rows not yet
 * refreshed today (a new day's period starts with its zeros and yesterday's growth baseline).
 */
export async function runAnalyticsRound(ctx: JobsContext): Promise<number> {
  const owners = await rowsOf<{ owner_email: string }>(
    ctx.db,
    sql`
      WITH latest AS (
        SELECT owner_email, max(created_at) AS at FROM ${sharedMessages}
        WHERE created_at > now() - interval '180 days' GROUP BY owner_email
      ), refreshed AS (
        SELECT owner_email, max(last_refreshed) AS at FROM ${customerValueAnalytics} GROUP BY owner_email
      )
      SELECT latest.owner_email FROM latest LEFT JOIN refreshed USING (owner_email)
      WHERE refreshed.at IS NULL OR refreshed.at < latest.at OR refreshed.at < date_trunc('day', now())`,
  );
  for (const { owner_email: ownerEmail } of owners)
    await ctx.jobs.send(refreshOwnerAnalyticsJob, { ownerEmail }, { singletonKey: ownerEmail });
  await ctx.jobs.schedule(analyticsRoundJob, {}, { singletonKey: 'analytics-round', startAfterSeconds: ROUND_EVERY_SECONDS });
  return owners.length;
}

/** When workers start: the round is started when there is anything to count (a fresh database starts none). */
export async function resumeAnalyticsRound(ctx: JobsContext) {
  const [any] = await rowsOf<{ one: number }>(ctx.db, sql`SELECT 1 AS one FROM ${sharedMessages} LIMIT 1`);
  if (any) await ctx.jobs.schedule(analyticsRoundJob, {}, { singletonKey: 'analytics-round', startAfterSeconds: 1 });
}
