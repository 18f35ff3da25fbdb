import { buildApp } from './app';
import { startScheduledBackups } from './backup/scheduled-backups';
import { closeGracefully } from './http/graceful-close';
import { startWorkers } from './jobs/start-workers';
import { closeOnSignals, createLogger, loadConfiguration, logUnhandledRejections } from './process-lifecycle';
import { closeServices, createServices } from './services';
import { isClusterPrimary, runWebCluster, webProcessCount } from './web-cluster';
import { runWorker } from './worker';

/**
 * How long turns in flight may finish after SIGTERM before they are cut (with a clean "restarting"
 * error, nothing half-written stored). Shutdown then takes well under the 10 s a container runtime
 * waits before it kills: usually a moment after the last turn ends.
 */
const TURN_DEADLINE_MS = 2_000;
/**
 * Jobs (ROLE=all) keep running while the requests drain, then get this much more (pg-boss's least)
 * before they are given back, to be retried at the next start: every job is idempotent.
 */
const JOB_GRACE_SECONDS = 1;
/** A close stuck past this exits 1 rather than hang until the process is killed. */
const SHUTDOWN_TIMEOUT_SECONDS = 8;

/**
 * Entry point: logging, configuration, graceful shutdown and `listen`; everything else is the app.
 * ROLE picks what this process runs: the routes (web), the jobs (worker, handed to worker.ts), or
 * both (all, the embedded default, which `npm start` runs as one process). WEB_CONCURRENCY runs
 * several web processes on one port (web-cluster.ts).
 */
async function main() {
  const env = loadConfiguration();
  const logger = createLogger(env);
  logUnhandledRejections(logger);
  if (env.ROLE === 'worker') return runWorker(env, logger);
  // WEB_CONCURRENCY=N on Postgres and Redis: this process only looks after N copies of itself.
  if (isClusterPrimary()) {
    const processes = webProcessCount(env, logger);
    if (processes > 1) return runWebCluster(env, logger, processes);
  }
  const services = await createServices({ env, logger });
  const app = await buildApp({ services, fastify: { loggerInstance: logger } });
  if (env.ROLE === 'all') await startWorkers(services);
  // BACKUP_DIR: the embedded default backs itself up through its open database (docs/backup.md).
  const backups = env.ROLE === 'all' ? startScheduledBackups(env, services.database, logger) : undefined;

  // Stop listening and drain the requests (http/graceful-close.ts), then stop the jobs and close
  // the database they and the requests wrote to.
  closeOnSignals(
    logger,
    async () => {
      // Not awaited: a backup in progress ends with the database (scheduled-backups.ts).
      void backups?.stop();
      await closeGracefully(app, { deadlineMs: TURN_DEADLINE_MS });
      await closeServices(services, { jobGraceSeconds: JOB_GRACE_SECONDS });
    },
    { timeoutSeconds: SHUTDOWN_TIMEOUT_SECONDS },
  );

  await app.listen({ port: env.PORT, host: env.HOST });
  logger.info(`Aisle is running at ${env.PUBLIC_URL} (database: ${services.database.kind}, role: ${env.ROLE})`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
