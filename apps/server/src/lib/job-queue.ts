import type { Logger } from 'pino';
import type { Database } from '../db/database';

/**
 * Durable background jobs (DESIGN "Background work"): pg-boss on the same database, PGlite's
 * in-process adapter by default and Postgres when scaled out. A job that was running when the
 * process died is claimed again once its heartbeat lapses, so handlers must be idempotent.
 * pg-boss starts on first use, so processes and tests that never queue work never pay for it.
 */
export interface JobHandlerContext {
  id: string;
  /** 0 on the first attempt. */
  retryCount: number;
  retryLimit: number;
  signal: AbortSignal;
}

export interface QueueDefinition {
  name: string;
  retryLimit: number;
  /** Seconds between retries (doubling). */
  retryDelay: number;
  /** A worker that stops sending heartbeats for this long is presumed dead and its job retried. */
  heartbeatSeconds: number;
  /** Longest a single attempt may run. */
  expireInSeconds: number;
}

export interface JobQueue {
  define(queue: QueueDefinition): Promise<void>;
  /** Queues a job; with a singletonKey, a job already queued or running for that key is not duplicated. */
  send(queue: string, data: object, options?: { singletonKey?: string }): Promise<string | null>;
  /**
   * Debounces a job by key: queues it to start after `startAfterSeconds`, or, when a job of that key
   * is still waiting, moves that one's start (and data) instead. Runs once things have been quiet.
   */
  schedule(queue: string, data: object, options: { singletonKey: string; startAfterSeconds: number }): Promise<void>;
  work<T extends object>(queue: string, concurrency: number, handler: (data: T, job: JobHandlerContext) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

type Boss = import('pg-boss').PgBoss;

export function createJobQueue(database: Database, logger: Logger): JobQueue {
  let started: Promise<Boss> | null = null;
  const defined = new Map<string, Promise<void>>();
  const workers = new Map<string, string[]>();

  const boss = () => {
    started ??= (async () => {
      const { PgBoss, fromPglite } = await import('pg-boss');
      const connection = database.jobConnection;
      const instance =
        connection.kind === 'pglite'
          ? new PgBoss({ db: fromPglite(connection.client), backend: 'pglite', schema: 'pgboss' })
          : new PgBoss({ connectionString: connection.url, schema: 'pgboss', max: 4 });
      instance.on('error', (error: unknown) => logger.error({ err: error }, 'job queue error'));
      await instance.start();
      return instance;
    })();
    return started;
  };

  return {
    define(queue) {
      let done = defined.get(queue.name);
      if (!done) {
        done = (async () => {
          const instance = await boss();
          const options = {
            retryLimit: queue.retryLimit,
            retryDelay: queue.retryDelay,
            retryBackoff: true,
            heartbeatSeconds: queue.heartbeatSeconds,
            expireInSeconds: queue.expireInSeconds,
          };
          if (await instance.getQueue(queue.name)) await instance.updateQueue(queue.name, options);
          else await instance.createQueue(queue.name, { ...options, policy: 'standard' });
        })();
        defined.set(queue.name, done);
      }
      return done;
    },
    async send(queue, data, options) {
      await defined.get(queue);
      const instance = await boss();
      const id = await instance.send(queue, data, options?.singletonKey ? { singletonKey: options.singletonKey } : {});
      // This process's idle workers take the job now rather than at their next poll.
      for (const workerId of workers.get(queue) ?? []) instance.notifyWorker(workerId);
      return id;
    },
    async schedule(queue, data, options) {
      await defined.get(queue);
      const instance = await boss();
      await instance.upsert(queue, data, { singletonKey: options.singletonKey, startAfter: options.startAfterSeconds });
    },
    async work(queue, concurrency, handler) {
      await defined.get(queue);
      const instance = await boss();
      if (database.jobConnection.kind === 'pglite') await reclaimOrphans(instance, queue, logger);
      // One single-job worker per slot, each fetching again as soon as its job is done: pg-boss
      // otherwise waits a polling interval between jobs, even with a backlog.
      for (let slot = 0; slot < concurrency; slot++) {
        const self = { id: '' };
        self.id = await instance.work<object>(queue, { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 2 }, async ([job]) => {
          if (!job) return;
          try {
            await handler(job.data as never, {
              id: job.id,
              retryCount: job.retryCount,
              retryLimit: (job as { retryLimit?: number }).retryLimit ?? 0,
              signal: job.signal,
            });
          } finally {
            if (self.id) instance.notifyWorker(self.id);
          }
        });
        workers.set(queue, [...(workers.get(queue) ?? []), self.id]);
      }
    },
    async stop() {
      if (!started) return;
      const instance = await started;
      await instance.stop({ graceful: true, timeout: 5_000 });
    },
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
