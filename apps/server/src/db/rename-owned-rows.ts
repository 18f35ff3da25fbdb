import { sql } from 'drizzle-orm';
import type { DbOrTx } from './database';
import { rowsOf } from './sql-helpers';

/**
 * Moves every row an owner has to another owner e-mail, in every table with an `owner_email`
 * column (DESIGN "Data model": owned rows carry it), found in the catalog so a table added later is
 * not forgotten; eraseOwnedRows' counterpart. Used, inside one transaction with the user's own
 * e-mail, when an account changes its address. Returns the rows moved per table.
 */
export async function renameOwnedRows(db: DbOrTx, from: string, to: string): Promise<Record<string, number>> {
  const tables = await rowsOf<{ table_name: string }>(
    db,
    sql`SELECT table_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND column_name = 'owner_email' ORDER BY table_name`,
  );
  const renamed: Record<string, number> = {};
  for (const { table_name: table } of tables) {
    const moved = await rowsOf<{ n: number }>(
      db,
      sql`WITH moved AS (UPDATE ${sql.identifier(table)} SET owner_email = ${to} WHERE owner_email = ${from} RETURNING 1) SELECT count(*)::int AS n FROM moved`,
    );
    if (moved[0]?.n) renamed[table] = moved[0].n;
  }
  return renamed;
}
