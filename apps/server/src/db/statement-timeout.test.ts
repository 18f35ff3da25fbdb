import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, appErrorFromDatabase } from '../lib/app-error';
import { createScratchDatabase, type ScratchDatabase, scaled } from '../testing/test-backend';
import { type Database, openDatabase } from './database';

/**
 * On Postgres no statement may hold a connection for long (DATABASE_STATEMENT_TIMEOUT): Postgres
 * stops it, and the client is told plainly. (PGlite cannot stop a statement; there the data API's
 * input budgets bound the work instead.) Scaled pass only.
 */
describe.runIf(scaled)('the statement timeout on Postgres', () => {
  let scratch: ScratchDatabase;
  let database: Database;

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    database = await openDatabase({ url: scratch.url, statementTimeoutMs: 300 });
  });
  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });

  it('stops a statement that runs too long and reports it as a 503 that says why; the pool keeps serving', async () => {
    const failure = await database.db.execute(sql`SELECT pg_sleep(3)`).then(
      () => null,
      (error: unknown) => error,
    );
    const refusal = appErrorFromDatabase(failure);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal?.status).toBe(503);
    expect(refusal?.detail).toMatch(/took too long/);
    const after = (await database.db.execute(sql`SELECT 1 AS one`)) as unknown as { rows: { one: number }[] };
    expect(after.rows[0]?.one).toBe(1);
    // Migrations ran at open without the limit, and are all applied.
    expect(await database.isReady()).toBe(true);
  });
});
