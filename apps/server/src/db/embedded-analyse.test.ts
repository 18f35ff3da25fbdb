import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PgliteThread, startPgliteThread } from './pglite-thread';

/**
 * The embedded database refreshes its planner statistics by itself (PGlite has no autovacuum): once
 * a table has grown, a thread's latest messages are read from the end of the (thread, time) index
 * instead of by sorting every message of the thread, as on Postgres.
 */
describe('the embedded database analyses tables that changed', () => {
  let db: PgliteThread;

  beforeAll(async () => {
    db = await startPgliteThread({ startParams: [], analyseEveryMs: 100 });
    await db.exec(`
      CREATE TABLE notes (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), thread int NOT NULL, body text, created_at timestamptz NOT NULL);
      CREATE INDEX notes_thread_idx ON notes (thread, created_at);
    `);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('reads the latest messages of a long thread from the index once the table has grown', async () => {
    await db.exec(`
      INSERT INTO notes (thread, body, created_at)
      SELECT i % 20, repeat('words ', 20), now() - make_interval(secs => i) FROM generate_series(1, 20000) AS i;
    `);
    await expect
      .poll(
        async () => (await db.query<{ rows: number }>(`SELECT reltuples::int AS rows FROM pg_class WHERE relname = 'notes'`)).rows[0]?.rows,
        {
          timeout: 10_000,
        },
      )
      .toBeGreaterThan(19_000);
    const plan = await db.query<{ 'QUERY PLAN': string }>(
      'EXPLAIN SELECT id, body FROM notes WHERE thread = $1 ORDER BY created_at DESC, id DESC LIMIT 21',
      [3],
    );
    const text = (plan.rows as { 'QUERY PLAN': string }[]).map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toContain('Index Scan Backward using notes_thread_idx');
    // Only the rows with the same time are put in order (an incremental sort), not the whole thread.
    expect(text).not.toMatch(/(?<!Incremental )Sort {2}\(/);
  });
});
