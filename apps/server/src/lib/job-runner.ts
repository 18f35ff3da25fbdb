import type { Logger } from 'pino';
import type { z } from 'zod';
import { runJobAttempt, splitOrigin } from './job-origin';
import type { JobDefinition, JobHandler } from './job-queue';
import type { JobMetrics } from './metrics/job-metrics';

type Boss = import('pg-boss').PgBoss;
type Claimed = import('pg-boss').JobWithMetadata<object>;

/** How often jobs nobody woke a runner for are looked for: retries, delayed starts, jobs queued by other processes. */
export const POLL_MS = 2000;

export interface JobRunner {
  /** A job of this queue may be waiting: claim it now if a slot is free, otherwise as soon as one is. */
  wake(): void;
  /**
   * Stops claiming; jobs still running get `graceMs` to finish, and any still running then are
   * given back (failed, so retried later, by this process after a restart or by another worker).
   */
  stop(graceMs: number): Promise<void>;
}

export interface JobRunnerOptions<P extends z.ZodType> {
  instance: Boss;
  job: JobDefinition<P>;
  concurrency: number;
  handler: JobHandler<P>;
  logger: Logger;
  metrics?: JobMetrics;
  heartbeatSeconds: number;
  /**
   * True when every job of the queue is sent by this process (the embedded database): a send wakes
   * the runner, so after a job it fetches again only when jobs are known to wait, and it does not
   * poll (job-queue.ts looks for due jobs for every queue at once and wakes the runner). Otherwise
   * (other processes send too) it fetches again after every job and every POLL_MS, as it cannot
   * hear their sends.
   */
  sentHereOnly: boolean;
}

/**
 * This process's runner of one queue: up to `concurrency` jobs at a time, all claimed by one
 * fetch per wake-up for as many as there are free slots (pg-boss's own workers take one job per
 * fetch, and a worker per slot each polled the queue: measured, half of a channel message's queue
 * statements were fetches, most of them finding nothing). The jobs run independently; those that
 * end in the same turn of the event loop are completed by one statement.
 */
export function startJobRunner<P extends z.ZodType>(options: JobRunnerOptions<P>): JobRunner {
  const { instance, job, concurrency, handler, logger, metrics } = options;
  const running = new Map<string, { claimed: Claimed; controller: AbortController }>();
  /** The claim in flight, if any: jobs it brings are run, so stopping waits for it. */
  let fetching: Promise<void> | null = null;
  /** Something may be waiting that the fetch in flight (or the slots' being full) kept from being claimed. */
  let wanted = false;
  let stopping = false;
  let completing: Claimed[] = [];
  const completions = new Set<Promise<unknown>>();

  const claim = () => {
    if (fetching) {
      wanted = true;
      return;
    }
    fetching = claimWhileFree().finally(() => {
      fetching = null;
    });
  };

  const claimWhileFree = async () => {
    try {
      for (;;) {
        const free = concurrency - running.size;
        // Full: the next job to end wakes it again while `wanted` stays set.
        if (stopping || free <= 0) return;
        wanted = false;
        const claimed = await instance.fetch<object>(job.name, { batchSize: free, includeMetadata: true });
        for (const one of claimed) start(one);
        // A full fetch leaves more waiting, probably.
        if (claimed.length === free) wanted = true;
        if (!wanted) return;
      }
    } catch (error) {
      logger.error({ err: error, queue: job.name }, 'could not claim jobs');
    }
  };

  const wake = () => {
    if (running.size >= concurrency) wanted = true;
    else claim();
  };

  const flushCompletions = () => {
    // Stopping may have flushed them already.
    if (!completing.length) return;
    const done = completing;
    completing = [];
    // Fenced by attempt: a job given back or retried meanwhile is left as it is.
    const completion = instance
      .complete(
        job.name,
        done.map(({ id, retryCount }) => ({ id, retryCount })),
      )
      .catch((error: unknown) => logger.error({ err: error, queue: job.name }, 'could not complete jobs'));
    completions.add(completion);
    void completion.finally(() => completions.delete(completion));
  };

  const start = (claimed: Claimed) => {
    const controller = new AbortController();
    running.set(claimed.id, { claimed, controller });
    void run(claimed, controller).finally(() => {
      running.delete(claimed.id);
      if (!options.sentHereOnly || wanted) wake();
    });
  };

  async function run(claimed: Claimed, controller: AbortController) {
    const attempt = metrics?.attempt(job.name);
    // The job runs in its own scope and span, joined to the request that queued it (job-origin.ts).
    const { payload, origin } = splitOrigin(claimed.data);
    const retryLimit = claimed.retryLimit ?? 0;
    // pg-boss's limit on one attempt: the handler is no longer waited for, its job is retried.
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = new Error(`the job ran longer than its ${job.expireInSeconds} s`);
        controller.abort(error);
        reject(error);
      }, job.expireInSeconds * 1000);
    });
    const handled = runJobAttempt(logger, { name: job.name, id: claimed.id, retryCount: claimed.retryCount }, origin, () =>
      handler(job.payload.parse(payload), { id: claimed.id, retryCount: claimed.retryCount, retryLimit, signal: controller.signal }),
    );
    try {
      await Promise.race([handled, expired]);
      attempt?.end('completed');
      if (!completing.length) setImmediate(flushCompletions);
      completing.push(claimed);
    } catch (error) {
      attempt?.end(claimed.retryCount < retryLimit ? 'retried' : 'failed');
      await instance
        .fail(job.name, { id: claimed.id, retryCount: claimed.retryCount }, error as object)
        .catch((failure: unknown) => logger.error({ err: failure, queue: job.name }, 'could not fail a job'));
    } finally {
      clearTimeout(timer);
    }
    // A handler that outran its limit still holds its slot until it returns: the slots bound what runs.
    await handled.catch(() => undefined);
  }

  // The heartbeat says this process still runs its jobs (job-queue.ts HEARTBEAT_SECONDS); a job
  // it no longer holds (expired, failed by supervision) has its signal aborted.
  const heartbeat = setInterval(
    async () => {
      const held = [...running.values()].filter(({ controller }) => !controller.signal.aborted);
      if (!held.length) return;
      try {
        const touched = await instance.touch(
          job.name,
          held.map(({ claimed }) => ({ id: claimed.id, retryCount: claimed.retryCount })),
        );
        // The ids it refreshed (pg-boss returns them without typing them); without them nothing is aborted.
        const settled = (touched as { settled?: string[] }).settled;
        if (!settled) return;
        const refreshed = new Set(settled);
        for (const { claimed, controller } of held)
          if (!refreshed.has(claimed.id)) controller.abort(new Error(`job ${claimed.id} is no longer this process's`));
      } catch (error) {
        logger.warn({ err: error, queue: job.name }, 'a job heartbeat failed');
      }
    },
    (options.heartbeatSeconds * 1000) / 2,
  );
  const poll = options.sentHereOnly ? undefined : setInterval(wake, POLL_MS);
  heartbeat.unref();
  poll?.unref();
  wake();

  return {
    wake,
    async stop(graceMs) {
      stopping = true;
      clearInterval(poll);
      const deadline = Date.now() + graceMs;
      await fetching;
      while (running.size && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      clearInterval(heartbeat);
      const left = [...running.values()];
      for (const { controller } of left) controller.abort(new Error('the process is stopping'));
      if (left.length) {
        await instance
          .fail(
            job.name,
            left.map(({ claimed }) => ({ id: claimed.id, retryCount: claimed.retryCount })),
            { reason: 'the process stopped while this job was running' },
          )
          .catch((error: unknown) => logger.error({ err: error, queue: job.name }, 'could not give back running jobs'));
      }
      flushCompletions();
      await Promise.all(completions);
    },
  };
}
