import pino from 'pino';
import { buildApp } from './app';
import { EnvError, parseEnv } from './env';
import { closeServices, createServices } from './services';

/** Entry point: logging, configuration, graceful shutdown and `listen`; everything else is the app. */
async function main() {
  let env: ReturnType<typeof parseEnv>;
  try {
    env = parseEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = pino({ level: env.LOG_LEVEL, redact: ['req.headers.authorization', '*.password', '*.token', '*.refresh', '*.access'] });
  const services = await createServices({ env, logger });
  const app = await buildApp({ services, fastify: { loggerInstance: logger } });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error('graceful shutdown timed out');
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await app.close();
      await closeServices(services);
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: env.PORT, host: env.HOST });
  logger.info(`Aisle is running at ${env.PUBLIC_URL} (database: ${services.database.kind})`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
