import type { Logger } from 'pino';
// Registers every model of the data API (getModel): whatever builds services has them.
import './data-api-models';
import type { Database, Db } from './db/database';
import { openDatabase } from './db/database';
import type { TokenSigner } from './domains/accounts';
import { createTokenSigner, createTokenVersions, loadTokenVersion } from './domains/accounts';
import { closeSandbox } from './domains/functions';
import { closeDocumentParser } from './domains/knowledge';
import type { Env } from './env';
import type { EventBus } from './lib/event-bus';
import { createEventBus } from './lib/event-bus';
import { createJobQueue, type JobQueue } from './lib/job-queue';
import type { Mailer } from './lib/mailer';
import { createMailer } from './lib/mailer';
import { createMetrics, type Metrics } from './lib/metrics/metrics';
import { createObjectStorage } from './lib/object-storage/create-object-storage';
import type { ObjectStorage } from './lib/object-storage/object-storage';
import { createShutdown, type Shutdown } from './lib/shutdown';
import { startTracing, type Tracing } from './lib/tracing';
import { createTurnGate, type TurnGate } from './lib/turn-gate';

/** Everything the domain layer needs, built once at boot and injected (no module singletons). */
export interface Services {
  env: Env;
  logger: Logger;
  database: Database;
  db: Db;
  events: EventBus;
  mailer: Mailer;
  tokens: TokenSigner;
  jobs: JobQueue;
  /** Whether the process drains, and the streams and turns that end with it (lib/shutdown.ts). */
  shutdown: Shutdown;
  /** Admission control of answering turns: a bounded number start at once, the rest wait fairly or get a quick 503. */
  turnGate: TurnGate;
  /** OpenTelemetry traces (lib/tracing.ts): sent when OTEL_EXPORTER_OTLP_ENDPOINT is set, otherwise nothing is installed. */
  tracing: Tracing;
  /** This process's Prometheus metrics (lib/metrics): its own registry, so apps in one test process count apart. */
  metrics: Metrics;
  /** Uploaded files, avatars and exports: DATA_DIR, or the S3 bucket when S3_BUCKET is set (lib/object-storage). */
  storage: ObjectStorage;
}

export interface CreateServicesOptions {
  env: Env;
  logger: Logger;
  /** Overrides for tests (an in-memory database, a capturing mailer, …). */
  database?: Database;
  mailer?: Mailer;
  events?: EventBus;
}

export async function createServices(options: CreateServicesOptions): Promise<Services> {
  const { env, logger } = options;
  const database =
    options.database ??
    (await openDatabase({
      url: env.DATABASE_URL,
      dataDir: env.DATABASE_URL ? undefined : `${env.dataDir}/db`,
      statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT * 1000,
      logger,
    }));
  const events = options.events ?? createEventBus({ redisUrl: env.REDIS_URL, logger });
  const tracing = await startTracing({ endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: env.OTEL_SERVICE_NAME, logger });
  const metrics = createMetrics();
  const services: Services = {
    env,
    logger,
    database,
    db: database.db,
    events,
    mailer: options.mailer ?? createMailer(env, logger),
    // A web process queues jobs but never runs them; only startWorkers (jobs/) puts this queue to work.
    jobs: createJobQueue(database, logger, { runsJobs: env.ROLE !== 'web', metrics: metrics.jobs }),
    metrics,
    shutdown: createShutdown(logger),
    tracing,
    storage: createObjectStorage(env, logger),
    turnGate: createTurnGate({
      concurrency: env.TURN_CONCURRENCY,
      maxWaitMs: env.TURN_MAX_WAIT_MS,
      maxLoopDelayMs: env.TURN_MAX_LOOP_DELAY_MS,
    }),
    tokens: createTokenSigner({
      secret: env.JWT_SECRET,
      accessLifetimeSeconds: env.ACCESS_TOKEN_LIFETIME,
      refreshLifetimeSeconds: env.REFRESH_TOKEN_LIFETIME,
      versions: createTokenVersions({
        load: (userId) => loadTokenVersion(database.db, userId),
        events,
        onError: (err) => logger.error({ err }, 'token version changes are no longer heard'),
      }),
    }),
  };
  // What the gauges read at each scrape. Only a process that runs jobs reports what waits for them.
  metrics.readFrom({
    turnGate: () => services.turnGate.stats(),
    redisConnected: () => events.redisConnected(),
    databaseReady: () => database.isReady(),
    waitingJobs: env.ROLE === 'web' ? null : () => services.jobs.waitingJobs(),
  });
  return services;
}

export async function closeServices(services: Services, options: { jobGraceSeconds?: number } = {}) {
  // Workers finish (or give back) their jobs before the database they write to closes.
  await services.jobs.stop({ graceSeconds: options.jobGraceSeconds });
  services.turnGate.close();
  // The function sandbox's worker threads end with the process's services, not at exit.
  await closeSandbox();
  // Likewise the document parser's (after the jobs that use them).
  await closeDocumentParser();
  services.tokens.close();
  services.storage.close?.();
  await services.events.close();
  await services.database.close();
  // Last: the spans of everything closed above (the jobs' last runs) are sent before the process ends.
  await services.tracing.shutdown();
}
