import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

/** How one attempt of a job ended: done, failed with a retry to come, or failed for good. */
export type JobAttemptResult = 'completed' | 'retried' | 'failed';

/** The jobs waiting in one queue, as read from pg-boss's table at scrape time. */
export interface WaitingQueue {
  queue: string;
  waiting: number;
  /** How long the longest-waiting runnable job has waited to start (its start time passed). */
  oldestSeconds: number;
}

export interface JobMetrics {
  /** A job was queued (sent, or scheduled). */
  queued(name: string): void;
  /** An attempt starts in this process: counted running until `end`. */
  attempt(name: string): { end(result: JobAttemptResult): void };
}

export function createJobMetrics(registry: Registry): JobMetrics {
  const registers = [registry];
  const queued = new Counter({ name: 'aisle_jobs_queued_total', help: 'Jobs queued, by job.', labelNames: ['job'], registers });
  const running = new Gauge({
    name: 'aisle_jobs_running',
    help: 'Job attempts running in this process now, by job.',
    labelNames: ['job'],
    registers,
  });
  const ended = {
    completed: new Counter({ name: 'aisle_jobs_completed_total', help: 'Job attempts that succeeded.', labelNames: ['job'], registers }),
    retried: new Counter({
      name: 'aisle_jobs_retried_total',
      help: 'Job attempts that failed and will be retried.',
      labelNames: ['job'],
      registers,
    }),
    failed: new Counter({
      name: 'aisle_jobs_failed_total',
      help: 'Job attempts that failed on their last try (the job is given up).',
      labelNames: ['job'],
      registers,
    }),
  };
  const duration = new Histogram({
    name: 'aisle_job_duration_seconds',
    help: 'How long one job attempt ran, by job and result.',
    labelNames: ['job', 'result'],
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 900],
    registers,
  });

  return {
    queued: (name) => queued.inc({ job: name }),
    attempt(name) {
      const labels = { job: name };
      const startedAt = performance.now();
      running.inc(labels);
      let done = false;
      return {
        end(result) {
          if (done) return;
          done = true;
          running.dec(labels);
          ended[result].inc(labels);
          duration.observe({ job: name, result }, (performance.now() - startedAt) / 1000);
        },
      };
    },
  };
}

/** The gauges of waiting jobs, read at scrape time where the process runs jobs (`read` null elsewhere). */
export function registerWaitingJobGauges(registry: Registry, read: () => (() => Promise<WaitingQueue[]>) | null) {
  let last: Promise<WaitingQueue[]> | null = null;
  // Both gauges come from one query per scrape: the first to collect starts it, the second reuses it.
  const rows = () => {
    const reader = read();
    if (!reader) return Promise.resolve([]);
    // A database that does not answer leaves the gauges empty rather than failing the whole scrape.
    last ??= reader()
      .catch(() => [])
      .finally(() => {
        last = null;
      });
    return last;
  };
  new Gauge({
    name: 'aisle_jobs_waiting',
    help: 'Jobs ready to run and not yet started, by queue (processes that run jobs only).',
    labelNames: ['queue'],
    aggregator: 'max',
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await rows()) this.set({ queue: row.queue }, row.waiting);
    },
  });
  new Gauge({
    name: 'aisle_job_oldest_waiting_seconds',
    help: 'How long the oldest job ready to run has waited, by queue (processes that run jobs only).',
    labelNames: ['queue'],
    aggregator: 'max',
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await rows()) this.set({ queue: row.queue }, row.oldestSeconds);
    },
  });
}
