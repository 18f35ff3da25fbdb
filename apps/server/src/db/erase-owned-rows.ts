import { sql } from 'drizzle-orm';
import type { DbOrTx } from './database';
import { rowsOf } from './sql-helpers';

/**
 * Deletes every row an owner has, in every table with an `owner_email` column (DESIGN "Data model":
 * owned rows carry it), found in the catalog so a table added later is not forgotten. Children go
 * with their parents (every foreign key cascades or sets null). Used when an account is erased.
 */
export async function eraseOwnedRows(db: DbOrTx, ownerEmail: string): Promise<Record<string, number>> {
  const tables = await rowsOf<{ table_name: string }>(
    db,
    sql`SELECT table_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND column_name = 'owner_email' ORDER BY table_name`,
  );
  const erased: Record<string, number> = {};
  for (const { table_name: table } of tables) {
    const deleted = await rowsOf<{ n: number }>(
      db,
      sql`WITH gone AS (DELETE FROM ${sql.identifier(table)} WHERE owner_email = ${ownerEmail} RETURNING 1) SELECT count(*)::int AS n FROM gone`,
    );
    if (deleted[0]?.n) erased[table] = deleted[0].n;
  }
  return erased;
}
