import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/database';
import { tierTracks } from '../../db/schema';
import { rowsOf } from '../../db/sql-helpers';
import { defineJob, type JobQueue } from '../../lib/job-queue';

/**
 * Billing periods of the tier track. A user's first period starts with their first use (or the
 * first look at their usage) and lasts a month; each next one starts where the last ended, so a
 * period always begins on the same day of the month. What a period counts (messages, wizard runs)
 * starts again at zero with it, and so do its 80 % / 100 % notices.
 */

/** Start of the period in force now for a track whose period ended at `end` (whole months later). */
const rolledStart = (end: SQL) =>
  sql`(${end} + make_interval(months => (date_part('year', age(now(), ${end})) * 12 + date_part('month', age(now(), ${end})))::int))`;

/** The columns of a track moved to the period in force now, as the SET list of an UPDATE or upsert. */
const rolledColumns = (track: SQL) => sql`
  period_start = ${rolledStart(sql`${track}.period_end`)},
  period_end = ${rolledStart(sql`${track}.period_end`)} + interval '1 month',
  messages = 0, wizard_runs = 0, notified = '[]'::jsonb, updated_at = now()`;

/**
 * Rolls every track whose period has ended over to the period in force now. Idempotent: a second
 * run (a retried job, two workers) finds nothing due, and a period rolled by a user's own use in
 * between is not rolled twice. Answers how many tracks were reset.
 */
export async function resetDueTierTracks(db: DbOrTx): Promise<number> {
  const rows = await rowsOf<{ user_id: string }>(
    db,
    sql`UPDATE ${tierTracks} SET ${rolledColumns(sql`${tierTracks}`)} WHERE period_end <= now() RETURNING user_id`,
  );
  return rows.length;
}

/** The user's track for the period in force now, created (a period starting now) or rolled as needed. */
export async function ensureTierTrack(db: DbOrTx, userId: string) {
  await db.execute(sql`
    INSERT INTO ${tierTracks} (user_id, period_start, period_end) VALUES (${userId}, now(), now() + interval '1 month')
    ON CONFLICT (user_id) DO UPDATE SET ${rolledColumns(sql`${tierTracks}`)} WHERE ${tierTracks}.period_end <= now()`);
  const [track] = await rowsOf<{ period_start: string; period_end: string; messages: number; wizard_runs: number; notified: string[] }>(
    db,
    sql`SELECT period_start, period_end, messages, wizard_runs, notified FROM ${tierTracks} WHERE user_id = ${userId}`,
  );
  if (!track) throw new Error('the tier track was not written');
  return track;
}

/** Staff: the user's period starts again now, with nothing used in it. */
export async function restartTierTrack(db: DbOrTx, userId: string) {
  await db.execute(sql`
    INSERT INTO ${tierTracks} (user_id, period_start, period_end) VALUES (${userId}, now(), now() + interval '1 month')
    ON CONFLICT (user_id) DO UPDATE SET period_start = now(), period_end = now() + interval '1 month',
      messages = 0, wizard_runs = 0, notified = '[]'::jsonb, updated_at = now()`);
  return ensureTierTrack(db, userId);
}

/**
 * Adds one to a counter of the owner's period (`messages`, `wizard_runs`) as a CTE body for the
 * caller's statement, rolling the period first when it has ended; `where` guards it (e.g. only
 * when the charge went through). Returns the counter's new value as `used`.
 */
export function countInPeriodSql(input: { ownerEmail: string; counter: 'messages' | 'wizard_runs'; where?: SQL }): SQL {
  return sql`${COUNT_IN_PERIOD[input.counter][0]}${input.ownerEmail}${COUNT_IN_PERIOD[input.counter][1]}${input.where ?? sql.raw('true')}${COUNT_IN_PERIOD[input.counter][2]}`;
}

/**
 * The statement's fixed text per counter, written once: every turn counts a message, and building
 * it from nested SQL pieces each time cost more than running it.
 */
const COUNT_IN_PERIOD = Object.fromEntries(
  (['messages', 'wizard_runs'] as const).map((counter) => {
    const rolled = `(tier_tracks.period_end + make_interval(months => (date_part('year', age(now(), tier_tracks.period_end)) * 12 + date_part('month', age(now(), tier_tracks.period_end)))::int))`;
    const due = 'tier_tracks.period_end <= now()';
    return [
      counter,
      [
        sql.raw(`INSERT INTO tier_tracks (user_id, period_start, period_end, ${counter})
    SELECT id, now(), now() + interval '1 month', 1 FROM users WHERE email = `),
        sql.raw(' AND '),
        sql.raw(`
    ON CONFLICT (user_id) DO UPDATE SET
      period_start = CASE WHEN ${due} THEN ${rolled} ELSE tier_tracks.period_start END,
      period_end = CASE WHEN ${due} THEN ${rolled} + interval '1 month' ELSE tier_tracks.period_end END,
      messages = CASE WHEN ${due} THEN 0 ELSE tier_tracks.messages END + ${counter === 'messages' ? 1 : 0},
      wizard_runs = CASE WHEN ${due} THEN 0 ELSE tier_tracks.wizard_runs END + ${counter === 'wizard_runs' ? 1 : 0},
      notified = CASE WHEN ${due} THEN '[]'::jsonb ELSE tier_tracks.notified END,
      updated_at = now()
    RETURNING ${counter} AS used`),
      ],
    ];
  }),
) as Record<'messages' | 'wizard_runs', [SQL, SQL, SQL]>;

/** What the owner used of a period counter so far this period, as an SQL integer (0 once the period ended). */
export const usedInPeriodSql = (userId: SQL, counter: 'messages' | 'wizard_runs') =>
  sql`coalesce((SELECT CASE WHEN period_end > now() THEN ${sql.raw(counter)} ELSE 0 END FROM ${tierTracks} WHERE user_id = ${userId}), 0)`;

/**
 * The scheduled reset (DESIGN "Runtime shape": tier resets run in the worker). It rolls every due
 * track, then queues itself again for the next period end (at most an hour away, so tracks of new
 * users are picked up). Idempotent, like everything it calls.
 */
export const tierPeriodsJob = defineJob({
  name: 'billing-tier-periods',
  payload: z.object({}),
  retryLimit: 5,
  retryDelay: 60,
  expireInSeconds: 10 * 60,
});

const RESCHEDULE_AT_MOST_SECONDS = 3600;

export async function runTierPeriodsJob(ctx: { db: DbOrTx; jobs: JobQueue }): Promise<number> {
  const reset = await resetDueTierTracks(ctx.db);
  await scheduleTierPeriods(ctx);
  return reset;
}

/** Queues (or moves) the next reset to the earliest period end, or an hour from now. */
export async function scheduleTierPeriods(ctx: { db: DbOrTx; jobs: JobQueue }) {
  const [next] = await rowsOf<{ seconds: number | null }>(
    ctx.db,
    sql`SELECT ceil(extract(epoch FROM min(period_end) - now()))::int AS seconds FROM ${tierTracks}`,
  );
  const seconds = Math.min(Math.max(next?.seconds ?? RESCHEDULE_AT_MOST_SECONDS, 1), RESCHEDULE_AT_MOST_SECONDS);
  await ctx.jobs.schedule(tierPeriodsJob, {}, { singletonKey: 'tier-periods', startAfterSeconds: seconds });
}

/**
 * When workers start: the reset chain is started when there are accounts to reset. A fresh
 * database (every test app) starts no job queue for it; its first period ends a month after use,
 * and until the next start the users' own use rolls their periods (countInPeriodSql).
 */
export async function resumeTierPeriods(ctx: { db: DbOrTx; jobs: JobQueue }) {
  const [any] = await rowsOf<{ one: number }>(ctx.db, sql`SELECT 1 AS one FROM ${tierTracks} LIMIT 1`);
  if (any) await scheduleTierPeriods(ctx);
}
