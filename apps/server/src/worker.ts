import type { Logger } from 'pino';
import type { Env } from './env';
import { readinessOf } from './http/readiness';
import { startWorkers } from './jobs/start-workers';
import { metricsEndpoint, startOpsServer } from './lib/metrics/ops-server';
import { closeOnSignals } from './process-lifecycle';
import { closeServices, createServices, type Services } from './services';

/**
 * How long running jobs may finish after SIGTERM before they are given back (failed, so another
 * worker retries them): under the 30 s most process managers wait before killing.
 */
const JOB_GRACE_SECONDS = 20;

/**
 * The worker role (DESIGN "Runtime shape"): every durable job and no routes. main.ts hands over to
 * it when ROLE=worker (`ROLE=worker npm start`), after configuration and logging. It listens only
 * for operators: `/healthz`, `/readyz` and `/metrics` on METRICS_PORT, or on PORT when that is unset
 * (a worker serves nothing else there). On SIGTERM or SIGINT it stops taking jobs, lets running
 * ones finish or gives them back, then closes that server and its services.
 */
export async function runWorker(env: Env, logger: Logger) {
  const services = await createServices({ env, logger });
  const ops = await startOpsServer({
    port: env.METRICS_PORT ?? env.PORT,
    host: env.HOST,
    routes: workerEndpoints(services),
    logger,
  });
  closeOnSignals(
    logger,
    async () => {
      await closeServices(services, { jobGraceSeconds: JOB_GRACE_SECONDS });
      await ops.close();
    },
    { timeoutSeconds: JOB_GRACE_SECONDS + 5 },
  );
  await startWorkers(services);
  logger.info(`Aisle worker is running (database: ${services.database.kind}; health and metrics on port ${ops.port})`);
}

/** What a worker answers operators: liveness, readiness (as a web process's /readyz), metrics. */
function workerEndpoints(services: Services) {
  const json = (status: number, body: unknown) => ({ status, contentType: 'application/json; charset=utf-8', body: JSON.stringify(body) });
  return {
    '/healthz': async () => json(200, { status: 'ok' }),
    '/readyz': async () => {
      const { statusCode, body } = await readinessOf(services);
      return json(statusCode, body);
    },
    '/metrics': metricsEndpoint(services.metrics.contentType, () => services.metrics.render()),
  };
}
