import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Which backend the integration suite runs on. By default every test app gets a fresh in-memory
 * PGlite and the in-process event bus. With AISLE_TEST_BACKEND=scaled (set by `npm test` when
 * DATABASE_URL and REDIS_URL are present), the same suite runs against real Postgres (a fresh
 * database per test app) and Redis (a channel prefix per test app).
 */
export const scaled = process.env.AISLE_TEST_BACKEND === 'scaled';
export const serverDatabaseUrl = process.env.DATABASE_URL;
export const redisUrl = process.env.REDIS_URL;

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** Creates an empty database on the Postgres server of DATABASE_URL. */
export async function createScratchDatabase(): Promise<ScratchDatabase> {
  if (!serverDatabaseUrl) throw new Error('DATABASE_URL is required for the scaled-out suite');
  const name = `aisle_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverDatabaseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverDatabaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverDatabaseUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

export const uniqueChannelPrefix = () => `aisle-test-${randomBytes(6).toString('hex')}`;
