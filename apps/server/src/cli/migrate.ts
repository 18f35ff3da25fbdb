import path from 'node:path';
import { DataDirInUseError } from '../db/data-dir-lock';
import { openDatabase } from '../db/database';
import { appliedMigrations, migrationJournal, migrationTag } from '../db/migration-status';
import { commandEnv, readOptions, runCommand } from './command-line';

/**
 * `npm run migrate`: applies pending migrations to the configured database and exits. The server
 * also migrates at boot; this is for a rolling deploy on Postgres, run once before the new version's
 * processes start (migrations stay backward compatible for one version: docs/backup.md). On the
 * embedded default it opens the PGlite folder, so it is refused while the server runs on it.
 */
const USAGE = 'Usage: npm run migrate';

async function main() {
  readOptions(USAGE, {});
  const env = commandEnv();
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: env.DATABASE_URL ? undefined : path.join(env.dataDir, 'db'),
    migrate: false,
  });
  try {
    const journal = await migrationJournal();
    const before = new Set(await appliedMigrations(database.db));
    await database.migrate();
    const after = await appliedMigrations(database.db);
    const applied = after.filter((when) => !before.has(when)).map((when) => migrationTag(journal, when));
    const where = database.kind === 'postgres' ? 'Postgres (DATABASE_URL)' : `the embedded database in ${env.dataDir}`;
    console.log(
      applied.length
        ? `Applied ${applied.length} migration${applied.length === 1 ? '' : 's'} to ${where}: ${applied.join(', ')}.`
        : `No pending migrations in ${where} (${after.length} applied, latest ${after.length ? migrationTag(journal, after.at(-1) ?? 0) : 'none'}).`,
    );
  } finally {
    await database.close();
  }
}

runCommand(main, (error) => error instanceof DataDirInUseError);
