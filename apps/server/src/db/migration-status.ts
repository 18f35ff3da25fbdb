import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from './database';

/** The committed migrations (drizzle-kit's output), beside this file in the sources and the bundle. */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** One committed migration: its file's tag (`0016_commerce_actions`) and drizzle-kit's timestamp. */
export interface MigrationEntry {
  tag: string;
  when: number;
}

let journal: Promise<MigrationEntry[]> | undefined;

/** The migrations this code carries, oldest first (drizzle's journal). */
export function migrationJournal(): Promise<MigrationEntry[]> {
  journal ??= readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8').then((text) =>
    (JSON.parse(text) as { entries: MigrationEntry[] }).entries.map(({ tag, when }) => ({ tag, when })),
  );
  return journal;
}

/**
 * The migrations a database has applied, oldest first, by the timestamp drizzle records for each
 * (`created_at` is the migration's `when`); empty for a database never migrated. Backups record
 * them, and `npm run migrate` reports the difference.
 */
export async function appliedMigrations(db: Db): Promise<number[]> {
  const exists = (await db.execute(sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`)) as unknown as {
    rows: { present: boolean }[];
  };
  if (!exists.rows[0]?.present) return [];
  const result = (await db.execute(
    sql`SELECT created_at::text AS "when" FROM drizzle.__drizzle_migrations ORDER BY created_at`,
  )) as unknown as {
    rows: { when: string }[];
  };
  return result.rows.map((row) => Number(row.when));
}

/** The tag of an applied migration's timestamp, or `unknown (<when>)` for one this code does not carry. */
export function migrationTag(entries: MigrationEntry[], when: number): string {
  return entries.find((entry) => entry.when === when)?.tag ?? `unknown (${when})`;
}
