import { sql } from 'drizzle-orm';
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
    { singletonKey: thread.owner_email, startAfterSeconds: AFTER_QUIET_SECONDS },
  );
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
