import { getTableColumns, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from './database';

/** Rows of a raw query; drizzle types `execute` per driver, both drivers return `{ rows }`. */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A Postgres array literal item, quoted so commas, quotes and backslashes survive. */
export function quoteArrayItem(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** A Postgres array literal, passed as one parameter and cast (`::uuid[]`): one bind for any length. */
export const arrayLiteral = (values: readonly (string | number)[]) =>
  `{${values.map((value) => (typeof value === 'number' ? String(value) : quoteArrayItem(value))).join(',')}}`;

/** A row that a statement returned as `row_to_json`, read back as drizzle would read it from the table. */
export function rowFromJson<T extends PgTable>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[key] = value == null ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}

/**
 * A statement a turn runs every time, built once per database and kept prepared (drizzle's
 * `.prepare()` with `sql.placeholder`s): building its SQL each time cost more than running it.
 */
export function preparedPerDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
