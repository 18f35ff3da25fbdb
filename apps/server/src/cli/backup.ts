import { existsSync } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { countDataEntries } from '../backup/backup-manifest';
import { writeBackupArchive } from '../backup/write-backup-archive';
import { DataDirInUseError, dataDirHolder } from '../db/data-dir-lock';
import { openDatabase } from '../db/database';
import { commandCwd } from '../env';
import { CommandError, commandEnv, readOptions, runCommand } from './command-line';

/**
 * `npm run backup -- --out <file.tar.gz>`: one archive of the embedded default (database dump,
 * uploaded files, avatars, exports and the generated keys; docs/backup.md). It opens the PGlite
 * folder itself, so it refuses while the server runs on it: the running server backs itself up
 * with BACKUP_DIR instead. Postgres deployments use pg_dump.
 */
const USAGE = 'Usage: npm run backup -- --out <file.tar.gz>';
const SERVER_RUNNING = 'The server is running on this data folder; stop it, or use scheduled backups (BACKUP_DIR, docs/backup.md).';

async function main() {
  const values = readOptions(USAGE, { out: { type: 'string' } });
  if (!values.out) throw new CommandError(`Missing --out.\n${USAGE}`);
  const file = path.resolve(commandCwd(), values.out);
  const env = commandEnv();
  if (env.DATABASE_URL)
    throw new CommandError(
      'DATABASE_URL is set: back Postgres up with pg_dump -Fc, and the file bucket with its own versioning (docs/backup.md).',
    );
  const databaseDir = path.join(env.dataDir, 'db');
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) throw new CommandError(`There is no embedded database in ${env.dataDir}.`);
  if (dataDirHolder(databaseDir)) throw new CommandError(SERVER_RUNNING);
  if (existsSync(file)) throw new CommandError(`${file} already exists; choose another name.`);
  await mkdir(path.dirname(file), { recursive: true });
  const database = await openDatabase({ dataDir: databaseDir, migrate: false }).catch((error: unknown) => {
    throw error instanceof DataDirInUseError ? new CommandError(SERVER_RUNNING) : error;
  });
  try {
    const manifest = await writeBackupArchive({ database, dataDir: env.dataDir, file });
    const { size } = await stat(file);
    const counts = countDataEntries(manifest);
    console.log(
      `Backed up ${env.dataDir} to ${file} (${(size / 1_048_576).toFixed(1)} MB): the database (${manifest.migrations.applied} migrations, latest ${manifest.migrations.latest}), ` +
        `${counts.files} uploaded files, ${counts.media} media files, ${counts.exports} exports and ${counts.keys} keys.`,
    );
    if (env.S3_BUCKET)
      console.log(`Files kept in the bucket ${env.S3_BUCKET} are not in the archive: back the bucket up with its versioning.`);
  } finally {
    await database.close();
  }
}

runCommand(main);
