import cluster from 'node:cluster';
import { AggregatorRegistry, Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { createJobMetrics, type JobMetrics, registerWaitingJobGauges, type WaitingQueue } from './job-metrics';
import { createTurnMetrics, type TurnMetrics } from './turn-metrics';

/**
 * What the gauges read when Prometheus scrapes, rather than being kept up to date on every change:
 * the turn gate's queue, the connections, the job tables. Given once the services exist.
 */
export interface ScrapeSources {
  turnGate(): { queued: number; active: number; refusals: Record<string, number> };
  /** Null when no Redis is configured (the gauge is then left out). */
  redisConnected(): boolean | null;
  databaseReady(): Promise<boolean>;
  /** Null in a process that does not run jobs (it cannot tell what waits for the workers). */
  waitingJobs: (() => Promise<WaitingQueue[]>) | null;
}

/** How a file's indexing ended: ready to search, failed for good, or failed with a retry to come. */
export type IngestResult = 'indexed' | 'failed' | 'retried';

/**
 * A webhook delivery's result: verified (signature good, handled), duplicate (a redelivery, no
 * second effect), refused (missing or bad signature), ignored (an event type we do not handle),
 * invalid (a topic for another address), disabled (the source is not configured), failed (handling threw).
 */
export type WebhookResult = 'verified' | 'duplicate' | 'refused' | 'ignored' | 'invalid' | 'disabled' | 'failed';

/**
 * The process's Prometheus metrics (docs/operations.md lists them). Each process builds its own
 * registry in services.ts rather than using prom-client's global one: tests run several apps in
 * one process, and each must count only its own. Names are `aisle_*`, in seconds, counters end in
 * `_total`, and every label value comes from a bounded set (route patterns, never URLs or ids).
 */
export interface Metrics {
  registry: Registry;
  /** The exposition's content type (Prometheus text format). */
  contentType: string;
  /** Every metric in Prometheus text format (gauges read their sources now). */
  render(): Promise<string>;
  /** One HTTP request answered: `route` is the route's pattern, `unmatched` when none matched. */
  request(method: string, route: string, statusCode: number, seconds: number): void;
  turns: TurnMetrics;
  jobs: JobMetrics;
  /**
   * Times one attempt at indexing a file: `run` resolves with how it ended (nothing when there was
   * nothing to do, not counted); a throw is an attempt to be retried.
   */
  ingestion(run: () => Promise<Exclude<IngestResult, 'retried'> | undefined>): Promise<void>;
  webhook(source: string, result: WebhookResult): void;
  /** Where the scrape-time gauges read from; until called they report nothing. */
  readFrom(sources: ScrapeSources): void;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  const registers = [registry];
  // Node's own: CPU, memory, heap, event-loop lag, handles, GC (process_* and nodejs_*). The lag is
  // sampled every 100 ms (prom-client's default 10 ms wakes an idle server 100 times a second).
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 100 });
  let sources: ScrapeSources | null = null;

  const httpLabels = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({ name: 'aisle_http_requests_total', help: 'HTTP requests answered.', labelNames: httpLabels, registers });
  const requestSeconds = new Histogram({
    name: 'aisle_http_request_duration_seconds',
    help: 'From the request to the end of its response (a stream counts until it closes).',
    labelNames: httpLabels,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  });
  const ingested = new Counter({
    name: 'aisle_files_ingested_total',
    help: 'Files indexed, by result.',
    labelNames: ['result'],
    registers,
  });
  const ingestSeconds = new Histogram({
    name: 'aisle_file_ingest_duration_seconds',
    help: 'How long indexing one file took (one attempt), by result.',
    labelNames: ['result'],
    buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600],
    registers,
  });
  const webhooks = new Counter({
    name: 'aisle_webhook_deliveries_total',
    help: 'Webhook requests received, by source and result.',
    labelNames: ['source', 'result'],
    registers,
  });
  registerScrapeGauges(registry, () => sources);
  registerWaitingJobGauges(registry, () => sources?.waitingJobs ?? null);
  // In a web process of WEB_CONCURRENCY, the primary asks every process for this registry and
  // serves their sum on METRICS_PORT (web-cluster.ts); the constructor adds the listener that answers.
  if (cluster.isWorker) {
    AggregatorRegistry.setRegistries([registry]);
    new AggregatorRegistry();
  }

  return {
    registry,
    contentType: registry.contentType,
    render: () => registry.metrics(),
    request(method, route, statusCode, seconds) {
      const labels = { method, route, status_code: statusCode };
      requests.inc(labels);
      requestSeconds.observe(labels, seconds);
    },
    turns: createTurnMetrics(registry),
    jobs: createJobMetrics(registry),
    async ingestion(run) {
      const startedAt = performance.now();
      const count = (result: IngestResult) => {
        ingested.inc({ result });
        ingestSeconds.observe({ result }, (performance.now() - startedAt) / 1000);
      };
      try {
        const result = await run();
        if (result) count(result);
      } catch (error) {
        count('retried');
        throw error;
      }
    },
    webhook: (source, result) => webhooks.inc({ source, result }),
    readFrom(given) {
      sources = given;
    },
  };
}

/** The gauges of the admission gate and the connections, read from `sources` at each scrape. */
function registerScrapeGauges(registry: Registry, current: () => ScrapeSources | null) {
  const registers = [registry];
  new Gauge({
    name: 'aisle_turn_queue_length',
    help: 'Turns waiting at the admission gate for a slot.',
    registers,
    collect() {
      const gate = current()?.turnGate();
      if (gate) this.set(gate.queued);
    },
  });
  new Gauge({
    name: 'aisle_turns_starting',
    help: 'Turns holding an admission slot now (reading, retrieval, up to their first token).',
    registers,
    collect() {
      const gate = current()?.turnGate();
      if (gate) this.set(gate.active);
    },
  });
  new Counter({
    name: 'aisle_turn_refusals_total',
    help: 'Turns refused at once with 503 busy: the wait would be too long (wait) or the event loop is late (loop_delay).',
    labelNames: ['reason'],
    registers,
    collect() {
      const gate = current()?.turnGate();
      if (!gate) return;
      this.reset();
      for (const [reason, count] of Object.entries(gate.refusals)) this.inc({ reason }, count);
    },
  });
  new Gauge({
    name: 'aisle_redis_connected',
    help: '1 while the event bus is connected to Redis, 0 while it is not (absent without REDIS_URL).',
    aggregator: 'min',
    registers,
    collect() {
      this.reset();
      const connected = current()?.redisConnected();
      if (connected !== null && connected !== undefined) this.set(connected ? 1 : 0);
    },
  });
  new Gauge({
    name: 'aisle_database_up',
    help: '1 while the database answers and its migrations are applied, 0 otherwise.',
    aggregator: 'min',
    registers,
    async collect() {
      const sources = current();
      if (sources) this.set((await sources.databaseReady().catch(() => false)) ? 1 : 0);
    },
  });
}
