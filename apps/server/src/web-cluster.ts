import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import { Registry } from 'prom-client';
import type { Env } from './env';
import { clusterScraper } from './lib/metrics/cluster-scrape';
import { metricsEndpoint, type OpsServer, startOpsServer } from './lib/metrics/ops-server';

/** A web process that dies this soon after it started is not restarted again (a crash loop). */
const CRASH_LOOP_MS = 5_000;
/** How long the web processes get to close after a signal before they are killed. */
const CLOSE_TIMEOUT_MS = 12_000;

/**
 * How many web processes this start runs: WEB_CONCURRENCY on Postgres with Redis (they share the
 * database, the live events and the rate-limit counters), one otherwise. The embedded database
 * lives in one process (a PGlite folder cannot be opened twice), so it always runs one.
 */
export function webProcessCount(env: Env, logger: Logger): number {
  if (env.WEB_CONCURRENCY <= 1 || env.ROLE === 'worker') return 1;
  if (!env.DATABASE_URL || !env.REDIS_URL) {
    logger.warn(`WEB_CONCURRENCY=${env.WEB_CONCURRENCY} needs DATABASE_URL and REDIS_URL (the processes share them); running one process`);
    return 1;
  }
  return env.WEB_CONCURRENCY;
}

/**
 * The primary of `WEB_CONCURRENCY=N`: forks N copies of this entry point, which share the port
 * (node:cluster hands connections out in turn). With ROLE=all the first also runs the jobs; the
 * others serve requests only (ROLE=web). A process that dies is started again; SIGTERM or SIGINT
 * is passed on, and the primary exits once every process has closed (1 if one failed to). With
 * METRICS_PORT the primary serves `/metrics` there: every process's metrics, summed (clusterMetrics).
 */
export function runWebCluster(env: Env, logger: Logger, count: number): void {
  let stopping = false;
  let stoppedWith: NodeJS.Signals | undefined;
  let failed = false;
  const serving = new Set<Worker>();
  const roles = new Map<Worker, { role: string; startedAt: number; slot: number }>();

  const fork = (slot: number) => {
    const role = slot === 0 ? env.ROLE : 'web';
    const worker = cluster.fork({ ROLE: role, WEB_CONCURRENCY: '1' });
    roles.set(worker, { role, startedAt: Date.now(), slot });
  };

  cluster.on('exit', (worker, code, signal) => {
    const info = roles.get(worker);
    roles.delete(worker);
    serving.delete(worker);
    if (stopping) {
      // Ended by the signal passed on: it was still starting (nothing to drain yet).
      if (code !== 0 && signal !== stoppedWith) {
        failed = true;
        logger.error({ pid: worker.process.pid, code, signal, role: info?.role }, 'a web process failed to close');
      }
      if (roles.size === 0) process.exit(failed ? 1 : 0);
      return;
    }
    logger.error({ pid: worker.process.pid, code, signal, role: info?.role }, 'a web process exited');
    if (info && Date.now() - info.startedAt < CRASH_LOOP_MS) {
      logger.fatal('a web process keeps failing at start; stopping');
      stop('SIGTERM', 1);
      return;
    }
    fork(info?.slot ?? 1);
  });

  function stop(signal: NodeJS.Signals, exitCode = 0) {
    if (stopping) return;
    stopping = true;
    stoppedWith = signal;
    if (exitCode !== 0) failed = true;
    logger.info({ signal, processes: roles.size }, 'stopping the web processes');
    for (const worker of roles.keys()) worker.process.kill(signal);
    if (roles.size === 0) process.exit(failed ? 1 : 0);
    setTimeout(() => {
      logger.error('the web processes did not close in time');
      for (const worker of roles.keys()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, CLOSE_TIMEOUT_MS).unref();
  }

  cluster.on('listening', (worker) => {
    serving.add(worker);
    if (serving.size === count) logger.info(`all ${count} web processes are listening`);
  });

  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  for (let slot = 0; slot < count; slot++) fork(slot);
  void serveClusterMetrics(env, logger, () => serving);
  logger.info(`Aisle is starting ${count} web processes (WEB_CONCURRENCY; role of the first: ${env.ROLE})`);
}

export const isClusterPrimary = () => cluster.isPrimary;

/**
 * One scrape for every web process: the primary asks each for its registry (prom-client's
 * AggregatorRegistry protocol; lib/metrics/metrics.ts answers in the processes) and serves the
 * sum on METRICS_PORT; only processes that listen are asked (cluster-scrape.ts). Without METRICS_PORT each process answers `/metrics` on the shared port for itself,
 * so a scrape reads whichever process took the connection: say so once.
 */
async function serveClusterMetrics(env: Env, logger: Logger, serving: () => Iterable<Worker>): Promise<OpsServer | null> {
  if (env.METRICS_PORT === undefined) {
    logger.warn('WEB_CONCURRENCY without METRICS_PORT: /metrics shows one web process at a time; set METRICS_PORT for their sum');
    return null;
  }
  const scrape = clusterScraper(cluster, serving);
  try {
    // The server closes with the process: the primary exits once its web processes have.
    return await startOpsServer({
      port: env.METRICS_PORT,
      host: env.HOST,
      routes: { '/metrics': metricsEndpoint(Registry.PROMETHEUS_CONTENT_TYPE, scrape) },
      logger,
    });
  } catch (error) {
    logger.error({ err: error, port: env.METRICS_PORT }, 'the metrics server could not start');
    return null;
  }
}
