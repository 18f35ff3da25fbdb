import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript beside the worker (no declarations)
import { createStatementCache } from './pglite-statements.mjs';

interface StatementCache {
  readonly size: number;
  query<T = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    options?: Record<string, unknown>,
    transaction?: unknown,
  ): Promise<{ rows: T[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number }>;
}

/**
 * The embedded database's kept statements answer exactly as PGlite's own `query` does: same rows,
 * same types, same errors, inside and outside transactions, and after a table changes.
 */
describe('prepared statements on the embedded database', () => {
  let db: PGlite;
  let statements: StatementCache;
  const prepared = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_prepared_statements')).rows[0]?.n;

  beforeAll(async () => {
    db = await PGlite.create();
    await db.exec(`
      CREATE TABLE items (id serial PRIMARY KEY, name text UNIQUE NOT NULL, price numeric, tags text[], meta jsonb, at timestamptz DEFAULT now());
      INSERT INTO items (name, price, tags, meta) VALUES ('linen shirt', 19.5, '{summer,linen}', '{"colour":"blue"}'), ('wool hat', NULL, '{}', NULL);
    `);
    statements = createStatementCache(db, { limit: 3 });
  });
  afterAll(async () => {
    await db?.close();
  });

  it('gives the same rows and types as PGlite’s query, in object and array mode, and keeps the statement', async () => {
    const sql = 'SELECT id, name, price, tags, meta, at FROM items WHERE name = $1 OR id = $2 ORDER BY id';
    for (const options of [undefined, { rowMode: 'array' }]) {
      const expected = await db.query(sql, ['wool hat', 1], options as never);
      expect(await statements.query(sql, ['wool hat', 1], options)).toEqual(expected);
      expect(await statements.query(sql, ['wool hat', 1], options)).toEqual(expected);
    }
    const [row] = (await statements.query<{ meta: unknown; tags: unknown; at: unknown }>(sql, ['linen shirt', 0])).rows;
    expect(row?.meta).toEqual({ colour: 'blue' });
    expect(row?.tags).toEqual(['summer', 'linen']);
    expect(row?.at).toBeInstanceOf(Date);
    expect(statements.size).toBe(1);
    expect(await prepared()).toBe(1);
  });

  it('reads values raw where the caller asks, with overrides or with a complete set of parsers', async () => {
    const sql = 'SELECT price, at, meta FROM items WHERE name = $1';
    const raw = (value: unknown) => value;
    // 1700 numeric, 1184 timestamptz: left as Postgres writes them (Drizzle parses them itself).
    const overrides = { 1700: raw, 1184: raw };
    const expected = await db.query(sql, ['linen shirt'], { parsers: overrides });
    expect(expected.rows[0]).toMatchObject({ price: '19.5', meta: { colour: 'blue' } });
    expect(typeof (expected.rows[0] as { at: unknown }).at).toBe('string');
    expect(await statements.query(sql, ['linen shirt'], { parsers: overrides })).toEqual(expected);
    const complete = { ...db.parsers, ...overrides };
    expect(await statements.query(sql, ['linen shirt'], { parsers: complete, parsersComplete: true })).toEqual(expected);
  });

  it('writes and returns rows, and reports a broken constraint with its code; the next statement runs', async () => {
    const insert = 'INSERT INTO items (name, meta) VALUES ($1, $2) RETURNING id, name, meta';
    const added = await statements.query<{ name: string; meta: unknown }>(insert, ['silk scarf', JSON.stringify({ a: [1, 2] })]);
    expect(added.rows[0]).toMatchObject({ name: 'silk scarf', meta: { a: [1, 2] } });
    expect(added.affectedRows).toBe(1);
    const failure = await statements.query(insert, ['silk scarf', null]).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: '23505', constraint: 'items_name_key' });
    const count = await statements.query<{ n: number }>('SELECT count(*)::int AS n FROM items WHERE name = $1', ['silk scarf']);
    expect(count.rows[0]?.n).toBe(1);
  });

  it('answers with the new columns after the table changes under a kept statement', async () => {
    const sql = 'SELECT * FROM items WHERE id = $1';
    expect(Object.keys((await statements.query(sql, [1])).rows[0] ?? {})).not.toContain('stock');
    await db.exec('ALTER TABLE items ADD COLUMN stock int DEFAULT 7');
    expect((await statements.query(sql, [1])).rows[0]).toMatchObject({ id: 1, stock: 7 });
  });

  it('keeps at most its limit, closing the least recently used', async () => {
    for (let i = 0; i < 6; i++) await statements.query(`SELECT $1::int + ${i} AS n`, [i]);
    expect(statements.size).toBe(3);
    // The evicted are closed with the next statement prepared.
    await statements.query('SELECT 42 AS n WHERE $1', [true]);
    expect(await prepared()).toBeLessThanOrEqual(4);
    expect((await statements.query<{ n: number }>('SELECT $1::int + 5 AS n', [1])).rows[0]?.n).toBe(6);
  });

  it('runs inside a transaction: kept until commit, undone by a rollback', async () => {
    const insert = 'INSERT INTO items (name) VALUES ($1) RETURNING id';
    await db.transaction(async (tx) => {
      await statements.query(insert, ['tx shirt'], undefined, tx);
      const inside = await statements.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM items WHERE name = $1',
        ['tx shirt'],
        undefined,
        tx,
      );
      expect(inside.rows[0]?.n).toBe(1);
    });
    await db
      .transaction(async (tx) => {
        await statements.query(insert, ['undone shirt'], undefined, tx);
        await statements.query(insert, ['undone shirt'], undefined, tx);
      })
      .catch(() => undefined);
    const names = await statements.query<{ name: string }>('SELECT name FROM items WHERE name = ANY($1) ORDER BY name', [
      ['tx shirt', 'undone shirt'],
    ]);
    expect(names.rows.map((row) => row.name)).toEqual(['tx shirt']);
  });

  it('refuses new statements in a failed transaction as PGlite does, and keeps working after the rollback', async () => {
    const failure = await db
      .transaction(async (tx) => {
        await statements.query('SELECT 1 / $1::int AS n', [0], undefined, tx).catch(() => undefined);
        // The transaction has failed: a statement never prepared before is refused too.
        await statements.query('SELECT $1::int * 3 AS tripled', [2], undefined, tx);
      })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: '25P02' });
    expect((await statements.query<{ tripled: number }>('SELECT $1::int * 3 AS tripled', [2])).rows[0]?.tripled).toBe(6);
    expect(await prepared()).toBeLessThanOrEqual(4);
  });

  it('leaves statements it does not keep (settings, DDL) to PGlite', async () => {
    const before = statements.size;
    await statements.query("SET application_name = 'aisle'");
    const shown = await statements.query<{ application_name: string }>('SHOW application_name');
    expect(shown.rows[0]?.application_name).toBe('aisle');
    expect(statements.size).toBe(before);
  });
});
