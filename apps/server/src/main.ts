import { buildApp } from './app';
import { startWorkers } from './jobs/start-workers';
import { closeOnSignals, createLogger, loadConfiguration } from './process-lifecycle';
import { closeServices, createServices } from './services';
import { runWorker } from './worker';

/**
 * Entry point: logging, configuration, graceful shutdown and `listen`; everything else is the app.
 * ROLE picks what this process runs: the routes (web), the jobs (worker, handed to worker.ts), or
 * both (all, the embedded default, which `npm start` runs as one process).
 */
async function main() {
  const env = loadConfiguration();
  const logger = createLogger(env);
  if (env.ROLE === 'worker') return runWorker(env, logger);
  const services = await createServices({ env, logger });
  const app = await buildApp({ services, fastify: { loggerInstance: logger } });
  if (env.ROLE === 'all') await startWorkers(services);

  closeOnSignals(
    logger,
    async () => {
      await app.close();
      await closeServices(services);
    },
    { timeoutSeconds: 10 },
  );

  await app.listen({ port: env.PORT, host: env.HOST });
  logger.info(`Aisle is running at ${env.PUBLIC_URL} (database: ${services.database.kind}, role: ${env.ROLE})`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
