import type { Logger } from 'pino';
import type { Env } from './env';
import { startWorkers } from './jobs/start-workers';
import { closeOnSignals } from './process-lifecycle';
import { closeServices, createServices } from './services';

/**
 * How long running jobs may finish after SIGTERM before they are given back (failed, so another
 * worker retries them): under the 30 s most process managers wait before killing.
 */
const JOB_GRACE_SECONDS = 20;

/**
 * The worker role (DESIGN "Runtime shape"): every durable job and no routes; nothing listens.
 * main.ts hands over to it when ROLE=worker (`ROLE=worker npm start`), after configuration and
 * logging. On SIGTERM or SIGINT it stops taking jobs, lets running ones finish or gives them back,
 * then closes its services.
 */
export async function runWorker(env: Env, logger: Logger) {
  const services = await createServices({ env, logger });
  closeOnSignals(logger, () => closeServices(services, { jobGraceSeconds: JOB_GRACE_SECONDS }), {
    timeoutSeconds: JOB_GRACE_SECONDS + 5,
  });
  await startWorkers(services);
  logger.info(`Aisle worker is running (database: ${services.database.kind})`);
}
