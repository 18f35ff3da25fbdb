import type { SQL } from 'drizzle-orm';
import type { Db } from './database';

/** Rows of a raw query; drizzle types `execute` per driver, both drivers return `{ rows }`. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A Postgres array literal item, quoted so commas, quotes and backslashes survive. */
export function quoteArrayItem(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** A Postgres array literal, passed as one parameter and cast (`::uuid[]`): one bind for any length. */
export const arrayLiteral = (values: readonly (string | number)[]) =>
  `{${values.map((value) => (typeof value === 'number' ? String(value) : quoteArrayItem(value))).join(',')}}`;
