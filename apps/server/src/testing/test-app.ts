import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import { buildApp } from '../app';
import { openDatabase } from '../db/database';
import { parseEnv } from '../env';
import { startWorkers } from '../jobs/start-workers';
import { createEventBus } from '../lib/event-bus';
import type { Mail, Mailer } from '../lib/mailer';
import { closeServices, createServices, type Services } from '../services';
import { useRoomyTiers } from './roomy-tiers';
import { createScratchDatabase, redisUrl, scaled, uniqueChannelPrefix } from './test-backend';

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  /** Every e-mail the app sent, newest last. */
  mails: Mail[];
  close(): Promise<void>;
}

/**
 * The real app on a fresh database (in-memory PGlite, or a scratch Postgres database in the scaled
 * run), with a mailer that records mails. Each call is isolated: its own database, data directory
 * and event channels. It runs every job too, as one `npm start` process does.
 */
export interface TestAppOptions {
  /**
   * `roomy` (default): every tier's limits a thousand times the defaults, for suites not about
   * limits; `seeded`: the tiers as a new install has them.
   */
  tiers?: 'roomy' | 'seeded';
  /** The app's and services' logger (default: silent); tests of what is logged pass one on a stream. */
  logger?: Logger;
}

export async function createTestApp(overrides: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'aisle-test-'));
  const env = parseEnv({
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    PUBLIC_URL: 'http://aisle.test',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    LOG_LEVEL: 'silent',
    ...overrides,
  });
  const logger = options.logger ?? pino({ level: 'silent' });
  const mails: Mail[] = [];
  const mailer: Mailer = {
    async send(mail) {
      mails.push(mail);
    },
  };
  const scratch = scaled ? await createScratchDatabase() : undefined;
  const database = await openDatabase({ url: scratch?.url, logger });
  const events = scaled ? createEventBus({ redisUrl, channelPrefix: uniqueChannelPrefix() }) : undefined;
  const services = await createServices({ env, logger, database, mailer, events });
  const app = await buildApp({ services, fastify: { loggerInstance: logger } });
  await app.ready();
  if ((options.tiers ?? 'roomy') === 'roomy') await useRoomyTiers(services.db);
  // As `npm start` on the embedded default (ROLE=all): the same process runs the jobs.
  await startWorkers(services);
  return {
    app,
    services,
    mails,
    async close() {
      await app.close();
      await closeServices(services);
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
