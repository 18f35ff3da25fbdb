import pino, { type Logger } from 'pino';
import { type Env, EnvError, parseEnv } from './env';
import { logSerializers } from './lib/log-serializers';
import { scopeLogFields } from './lib/request-scope';

/** What both entry points (main.ts, worker.ts) do around their work: configuration, logging, shutdown. */

/** Configuration, or the list of every problem and exit code 1. */
export function loadConfiguration(): Env {
  try {
    return parseEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** The bindings a logger adds to each line, as pino keeps them: a JSON fragment. */
const bindingsOf = (logger: Logger) => (logger as unknown as Record<symbol, string | undefined>)[pino.symbols.chindingsSym] ?? '';

/**
 * The process's logger; `destination` is for tests (default: standard output). A line written
 * inside a request's or a job's scope (lib/request-scope.ts) names that request (`reqId`) and job,
 * whichever logger wrote it: domain code logs through the services' logger as often as through
 * Fastify's request logger, which binds `reqId` itself (not repeated then).
 */
export function createLogger(env: Pick<Env, 'LOG_LEVEL'>, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level: env.LOG_LEVEL,
      serializers: logSerializers,
      redact: ['req.headers.authorization', '*.password', '*.token', '*.refresh', '*.access'],
      mixin: (_line, _level, logger) => scopeLogFields(bindingsOf(logger).includes('"reqId":')),
    },
    destination,
  );
}

/**
 * On SIGTERM or SIGINT: `close`, then log "shut down" and exit 0; exit 1 when it fails or takes
 * longer than `timeoutSeconds` (a stuck close must not keep a stopped deployment alive).
 */
export function closeOnSignals(logger: Logger, close: () => Promise<void>, options: { timeoutSeconds: number }) {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const startedAt = Date.now();
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error('graceful shutdown timed out');
      process.exit(1);
    }, options.timeoutSeconds * 1000);
    timer.unref();
    try {
      await close();
      logger.info({ signal, ms: Date.now() - startedAt }, 'shut down');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/**
 * A promise rejected with no one to hear it is logged, and the process goes on: an outage of Redis
 * or the database must never end a process (each client already handles its own errors; this is
 * the net under a path that was missed). An uncaught exception still ends it, since after one the
 * process's state is unknown.
 */
export function logUnhandledRejections(logger: Logger) {
  process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled promise rejection (the process keeps running)'));
}
