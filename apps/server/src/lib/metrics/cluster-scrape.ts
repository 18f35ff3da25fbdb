import type { Worker } from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';

// prom-client's cluster protocol: a web process's AggregatorRegistry (lib/metrics/metrics.ts)
// answers this request with its registries as JSON.
const REQUEST = 'prom-client:getMetricsReq';
const RESPONSE = 'prom-client:getMetricsRes';

/** How long a scrape waits for a serving process before it fails (prom-client's own limit). */
export const CLUSTER_SCRAPE_TIMEOUT_MS = 5_000;

type MetricsJson = Parameters<typeof AggregatorRegistry.aggregate>[0][number];
interface Response {
  type: typeof RESPONSE;
  requestId: number;
  metrics?: MetricsJson[];
  error?: string;
}
interface Pending {
  waiting: Set<number>;
  responses: MetricsJson[];
  settle: (error: Error | null, text?: string) => void;
}

/** The parts of node:cluster a scrape uses (a test passes its own). */
export interface ClusterMessages {
  on(event: 'message', listener: (worker: Worker, message: unknown) => void): unknown;
}

const isResponse = (message: unknown): message is Response =>
  typeof message === 'object' && message !== null && (message as { type?: unknown }).type === RESPONSE;

/**
 * The sum of the web processes' metrics, for the primary's METRICS_PORT. Unlike prom-client's
 * `clusterMetrics()`, which asks every forked process, this asks only those that serve requests
 * (`serving`: they emitted 'listening'): one still starting, or started again after a crash, has
 * counted nothing yet and cannot answer before its modules have loaded, which failed every scrape
 * for five seconds. A serving process that does not answer in time fails the scrape (a gap, as
 * Prometheus expects, rather than a partial sum that would read as a counter reset).
 */
export function clusterScraper(
  cluster: ClusterMessages,
  serving: () => Iterable<Worker>,
  timeoutMs = CLUSTER_SCRAPE_TIMEOUT_MS,
): () => Promise<string> {
  const pending = new Map<number, Pending>();
  let nextId = 0;
  cluster.on('message', (worker, message) => {
    if (!isResponse(message)) return;
    const request = pending.get(message.requestId);
    if (!request?.waiting.delete(worker.id)) return;
    if (message.error !== undefined) {
      request.settle(new Error(`web process ${worker.process.pid} could not read its metrics: ${message.error}`));
      return;
    }
    request.responses.push(...(message.metrics ?? []));
    if (request.waiting.size > 0) return;
    Promise.resolve()
      .then(() => AggregatorRegistry.aggregate(request.responses).metrics())
      .then(
        (text) => request.settle(null, text),
        (error: Error) => request.settle(error),
      );
  });

  return () =>
    new Promise<string>((resolve, reject) => {
      const requestId = nextId++;
      const workers = [...serving()].filter((worker) => worker.isConnected());
      const request: Pending = {
        waiting: new Set(workers.map((worker) => worker.id)),
        responses: [],
        settle: (error, text) => {
          clearTimeout(timer);
          pending.delete(requestId);
          if (error) reject(error);
          else resolve(text ?? '');
        },
      };
      const timer = setTimeout(() => {
        const late = workers.filter((worker) => request.waiting.has(worker.id)).map((worker) => worker.process.pid);
        request.settle(new Error(`web processes ${late.join(', ')} did not send their metrics within ${timeoutMs} ms`));
      }, timeoutMs);
      if (workers.length === 0) {
        request.settle(null, '');
        return;
      }
      pending.set(requestId, request);
      for (const worker of workers) worker.send({ type: REQUEST, requestId });
    });
}
