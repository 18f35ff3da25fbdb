import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Database } from '../db/database';
import type { PgliteThread } from '../db/pglite-thread';
import { apartFromRequests, withOrigin } from './job-origin';
import { type JobRunner, POLL_MS, startJobRunner } from './job-runner';
import type { JobMetrics, WaitingQueue } from './metrics/job-metrics';

/**
 * Durable background jobs (DESIGN "Runtime shape"): pg-boss on the same database, PGlite's
 * in-process adapter by default and Postgres when scaled out. A job that was running when the
 * process died is claimed again once its heartbeat lapses, so handlers must be idempotent.
 *
 * This is the mechanism only. Each domain declares its jobs with `defineJob` in a file that imports
 * no handler, so it can queue them; `jobs/job-list.ts` pairs every definition with its handler and
 * is started by the entry points (`jobs/start-workers.ts`). pg-boss starts on first use: with the
 * workers in a process that runs jobs, with its first queued job in a web process.
 */
export interface JobDefinition<Payload extends z.ZodType = z.ZodType> {
  /** The pg-boss queue name. Queued jobs outlive a deploy: renaming one strands its waiting jobs. */
  name: string;
  /**
   * Checked when a job is sent and again when it is run (a job may have been queued by an older deploy).
   * The id and trace of the request that queued it travel beside it, unseen by the schema (job-origin.ts).
   */
  payload: Payload;
  retryLimit: number;
  /** Seconds between retries (doubling). */
  retryDelay: number;
  /** Longest a single attempt may run. */
  expireInSeconds: number;
}

/** Declares a job; the identity function is there so the payload type is inferred from the schema. */
export const defineJob = <Payload extends z.ZodType>(job: JobDefinition<Payload>): JobDefinition<Payload> => job;

export interface JobHandlerContext {
  id: string;
  /** 0 on the first attempt. */
  retryCount: number;
  retryLimit: number;
  signal: AbortSignal;
}

export type JobHandler<Payload extends z.ZodType> = (data: z.output<Payload>, job: JobHandlerContext) => Promise<void>;

export interface JobQueue {
  /** Queues a job; with a singletonKey, a job already queued or running for that key is not duplicated. */
  send<P extends z.ZodType>(job: JobDefinition<P>, data: z.input<P>, options?: { singletonKey?: string }): Promise<string | null>;
  /**
   * Debounces a job by key: queues it to start after `startAfterSeconds`, or, when a job of that key
   * is still waiting, moves that one's start (and data) instead. Runs once things have been quiet;
   * with `maxWaitSeconds`, never later than that long after the waiting job was first queued, so
   * something that never goes quiet (a busy shop) still gets its turn. Resolves with the time the
   * job is due to start. `fresh`: the key was made just now (a new thread's id), so no job of it can
   * be waiting: one insert rather than the look for a waiting job first.
   */
  schedule<P extends z.ZodType>(
    job: JobDefinition<P>,
    data: z.input<P>,
    options: { singletonKey: string; startAfterSeconds: number; maxWaitSeconds?: number; fresh?: boolean },
  ): Promise<Date>;
  /** Runs this job in this process, `concurrency` at a time. Refused in a process that does not run jobs. */
  work<P extends z.ZodType>(job: JobDefinition<P>, concurrency: number, handler: JobHandler<P>): Promise<void>;
  /**
   * Stops taking jobs: sends still being written finish first, running jobs get `graceSeconds` to
   * finish, and any still running then are given back (failed, so retried by a worker later).
   */
  stop(options?: { graceSeconds?: number }): Promise<void>;
  /**
   * On the embedded database the queue starts on first use (an idle server, and each test app,
   * pay nothing for it): this starts it now when jobs are already waiting, queued before a restart.
   */
  startIfJobsWait(): Promise<void>;
  /** Jobs ready to run and not started, per queue, with the oldest one's wait (for the metrics). */
  waitingJobs(): Promise<WaitingQueue[]>;
}

export interface JobQueueOptions {
  /** False in a web process (ROLE=web): it queues jobs and never runs them, nor pg-boss's maintenance. */
  runsJobs: boolean;
  /** Counts jobs queued here and the attempts run here (lib/metrics). */
  metrics?: JobMetrics;
}

type Boss = import('pg-boss').PgBoss;

/**
 * A job whose worker died is running again elsewhere within 30 s: its heartbeat (sent every 5 s)
 * lapses after HEARTBEAT_SECONDS (pg-boss's least), the next supervision pass (every
 * SUPERVISE_SECONDS on Postgres) fails it, and it is retried after its retry delay (5 s for the
 * jobs that matter most, files and the setup wizard) by a worker that polls every 2 s or is woken.
 * The heartbeat is about the worker process being alive, not about the job, so it is one value for
 * every job; a handler must never block its event loop that long (parsing runs in its own thread).
 */
const HEARTBEAT_SECONDS = 10;
const SUPERVISE_SECONDS = 5;

/** A job in these states will still run: another for the same key would be a duplicate. */
const LIVE_STATES = new Set<string>(['created', 'retry', 'active']);

export function createJobQueue(database: Database, logger: Logger, options: JobQueueOptions): JobQueue {
  let started: Promise<Boss> | null = null;
  const defined = new Map<string, Promise<void>>();
  /** This process's runner of each queue it works on. */
  const runners = new Map<string, JobRunner>();
  const sending = new Set<Promise<unknown>>();
  // Only this process can open an embedded database, so its workers may wait until the queue is
  // used: a job sent here starts them. Scaled out, other processes queue jobs for this one.
  const lazy = database.jobConnection.kind === 'pglite';
  const waitingWorkers: Array<(instance: Boss) => Promise<void>> = [];

  const boss = () => {
    // Started by whichever request first queues a job: its polling must not live on in that request's scope.
    started ??= apartFromRequests(async () => {
      const { PgBoss, fromPglite } = await import('pg-boss');
      const connection = database.jobConnection;
      // Supervision (expiring lapsed jobs, archiving) and cron belong to the processes that run jobs.
      // On the embedded database a dead worker is a dead process, whose jobs reclaimOrphans hands
      // back at the next start, so it keeps pg-boss's once-a-minute pass (an idle server pays less).
      const role = options.runsJobs ? {} : { supervise: false, schedule: false };
      const instance =
        connection.kind === 'pglite'
          ? new PgBoss({ db: fromPglite(preparedWherePossible(connection.client) as never), backend: 'pglite', schema: 'pgboss', ...role })
          : new PgBoss({
              connectionString: connection.url,
              schema: 'pgboss',
              max: 4,
              superviseIntervalSeconds: SUPERVISE_SECONDS,
              monitorIntervalSeconds: SUPERVISE_SECONDS,
              ...role,
            });
      instance.on('error', (error: unknown) => logger.error({ err: error }, 'job queue error'));
      await instance.start();
      // A worker that starts takes over the jobs of one that died at once, not a pass later.
      if (options.runsJobs && connection.kind === 'postgres') {
        await instance.supervise().catch((error: unknown) => logger.warn({ err: error }, 'first job supervision failed'));
      }
      for (const attach of waitingWorkers.splice(0)) await attach(instance);
      return instance;
    });
    return started;
  };

  /** Creates (or updates) the job's queue once per process: senders and workers may start in any order. */
  const define = (job: JobDefinition, instance: Boss) => {
    let done = defined.get(job.name);
    if (!done) {
      done = (async () => {
        const policy = {
          retryLimit: job.retryLimit,
          retryDelay: job.retryDelay,
          retryBackoff: true,
          heartbeatSeconds: HEARTBEAT_SECONDS,
          expireInSeconds: job.expireInSeconds,
        };
        if (await instance.getQueue(job.name)) await instance.updateQueue(job.name, policy);
        else await instance.createQueue(job.name, { ...policy, policy: 'standard' });
      })();
      defined.set(job.name, done);
      done.catch(() => defined.delete(job.name));
    }
    return done;
  };

  /** Sends are awaited by `stop`, so a job queued just before shutdown is not lost with the connection. */
  const tracked = <T>(work: Promise<T>) => {
    sending.add(work);
    void work.finally(() => sending.delete(work)).catch(() => undefined);
    return work;
  };

  /**
   * On the embedded database every job is queued by this process, whose sends wake the runners:
   * only retries and delayed starts fall due unheard. One statement every POLL_MS finds the queues
   * holding such a job, instead of a fetch per queue (an idle server's main cost).
   */
  let duePoll: NodeJS.Timeout | undefined;
  const pollDueJobs = () => {
    if (duePoll || !lazy) return;
    duePoll = setInterval(async () => {
      try {
        const result = (await database.db.execute(
          sql`SELECT DISTINCT name FROM pgboss.job WHERE state < 'active' AND start_after <= now()`,
        )) as unknown as { rows: { name: string }[] };
        for (const { name } of result.rows) runners.get(name)?.wake();
      } catch (error) {
        logger.warn({ err: error }, 'could not look for due jobs');
      }
    }, POLL_MS);
    duePoll.unref();
  };

  /** This process's workers of one job: a runner that claims for its free slots (job-runner.ts). */
  async function attachWorkers<P extends z.ZodType>(instance: Boss, job: JobDefinition<P>, concurrency: number, handler: JobHandler<P>) {
    await define(job, instance);
    if (database.jobConnection.kind === 'pglite') await reclaimOrphans(instance, job.name, logger);
    runners.set(
      job.name,
      startJobRunner({
        instance,
        job,
        concurrency,
        handler,
        logger,
        metrics: options.metrics,
        heartbeatSeconds: HEARTBEAT_SECONDS,
        sentHereOnly: lazy,
      }),
    );
    pollDueJobs();
  }

  return {
    send(job, data, sendOptions) {
      return tracked(
        (async () => {
          const payload = withOrigin(job.payload.parse(data) as object);
          const instance = await boss();
          await define(job, instance);
          const key = sendOptions?.singletonKey;
          // A standard pg-boss queue does not deduplicate by key itself.
          if (key && (await instance.findJobs(job.name, { key })).some((found) => LIVE_STATES.has(found.state))) return null;
          const id = await instance.send(job.name, payload, key ? { singletonKey: key } : {});
          if (id) options.metrics?.queued(job.name);
          // This process's runner takes it now rather than at its next poll.
          runners.get(job.name)?.wake();
          return id;
        })(),
      );
    },
    schedule(job, data, scheduleOptions) {
      return tracked(
        (async () => {
          const payload = withOrigin(job.payload.parse(data) as object);
          const instance = await boss();
          await define(job, instance);
          const { singletonKey, startAfterSeconds, maxWaitSeconds, fresh } = scheduleOptions;
          if (fresh) {
            await instance.send(job.name, payload, { singletonKey, startAfter: startAfterSeconds });
            options.metrics?.queued(job.name);
            return new Date(Date.now() + startAfterSeconds * 1000);
          }
          let startAfter: number | Date = startAfterSeconds;
          let startsAt = new Date(Date.now() + startAfterSeconds * 1000);
          if (maxWaitSeconds !== undefined) {
            // The waiting job keeps its creation time when its start moves: the deadline counts from it.
            const waiting = (await instance.findJobs(job.name, { key: singletonKey, queued: true })).filter(
              (found) => found.state === 'created',
            );
            const deadline = Math.min(...waiting.map((found) => new Date(found.createdOn).getTime())) + maxWaitSeconds * 1000;
            if (deadline < startsAt.getTime()) {
              startsAt = new Date(Math.max(deadline, Date.now()));
              startAfter = startsAt;
            }
          }
          await instance.upsert(job.name, payload, { singletonKey, startAfter });
          options.metrics?.queued(job.name);
          return startsAt;
        })(),
      );
    },
    async work(job, concurrency, handler) {
      if (!options.runsJobs) throw new Error(`this process does not run jobs (ROLE=web), so it cannot work on ${job.name}`);
      const attach = (instance: Boss) => attachWorkers(instance, job, concurrency, handler);
      if (lazy && !started) {
        waitingWorkers.push(attach);
        return;
      }
      await attach(await boss());
    },
    async startIfJobsWait() {
      if (started || !lazy || !waitingWorkers.length) return;
      const rows = async (query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: unknown[] }).rows;
      // The queue's tables exist once it has run here before; only then can jobs be waiting.
      const [tables] = await rows(sql`SELECT 1 AS one WHERE to_regclass('pgboss.job') IS NOT NULL`);
      const [waiting] = tables
        ? await rows(sql`SELECT 1 AS one FROM pgboss.job WHERE state IN ('created', 'retry', 'active') LIMIT 1`)
        : [];
      if (waiting) await boss();
    },
    async waitingJobs() {
      // pg-boss's tables exist once it has started here (an embedded queue not used yet has none
      // waiting: startIfJobsWait starts it when some are). Runnable jobs only: a debounced one
      // waiting for its start time is not late. One pass over pg-boss's index of unstarted jobs.
      if (!started) return [];
      await started;
      const result = (await database.db.execute(sql`
        SELECT name, count(*)::int AS waiting, EXTRACT(EPOCH FROM now() - min(start_after))::float8 AS oldest
        FROM pgboss.job WHERE state < 'active' AND start_after <= now() GROUP BY name`)) as unknown as {
        rows: { name: string; waiting: number; oldest: number }[];
      };
      return result.rows.map((row) => ({ queue: row.name, waiting: row.waiting, oldestSeconds: Math.max(0, row.oldest) }));
    },
    async stop(stopOptions) {
      await Promise.allSettled(sending);
      if (!started) return;
      const instance = await started;
      const graceMs = (stopOptions?.graceSeconds ?? 5) * 1000;
      clearInterval(duePoll);
      await Promise.all([...runners.values()].map((runner) => runner.stop(graceMs)));
      await instance.stop({ graceful: true, timeout: graceMs });
    },
  };
}

/** One statement of the kinds the database thread keeps prepared (db/pglite-statements.mjs), without a second one after it. */
const SINGLE_STATEMENT = /^\s*(?:select|insert|update|delete|with)\b[^;]*;?\s*$/i;

/**
 * pg-boss sends a statement without parameters through PGlite's `exec` (its adapter cannot tell a
 * single statement from a block of them): its job fetch, the queue's name written into the text,
 * was parsed and planned again at every poll, the most frequent and one of the costliest statements
 * of a channel message. A single statement goes to `query` instead, which keeps it prepared.
 */
function preparedWherePossible(client: PgliteThread): PgliteThread {
  return {
    query: (text, params, queryOptions) => client.query(text, params, queryOptions),
    exec: async (text, execOptions) =>
      SINGLE_STATEMENT.test(text) ? [await client.query(text, [], execOptions)] : client.exec(text, execOptions),
    transaction: (callback) => client.transaction(callback),
    dump: () => client.dump(),
    close: () => client.close(),
  };
}

/**
 * On the embedded database only this process can hold the data directory, so a job still marked
 * active before this process's workers start was running in a process that died. It goes back to
 * the queue now (as a failed attempt, retried) instead of after its heartbeat lapses.
 */
async function reclaimOrphans(instance: Boss, queue: string, logger: Logger) {
  const orphans = (await instance.findJobs(queue, { limit: 100_000 })).filter((job) => job.state === 'active');
  if (!orphans.length) return;
  await instance.fail(
    queue,
    orphans.map((job) => job.id),
    { reason: 'the process stopped while this job was running' },
  );
  logger.info({ queue, jobs: orphans.length }, 'requeued jobs interrupted by a restart');
}
