import path from 'node:path';
import { BackupArchiveError } from '../backup/read-backup-archive';
import { restoreBackupArchive } from '../backup/restore-backup-archive';
import { commandCwd } from '../env';
import { CommandError, readOptions, runCommand } from './command-line';

/**
 * `npm run restore -- --from <file.tar.gz> --data-dir <new folder>`: checks the whole archive
 * (complete, checksums, not from a newer release), then restores the database, files, avatars,
 * exports and keys into an empty folder; start the server with DATA_DIR set to it (docs/backup.md).
 */
const USAGE = 'Usage: npm run restore -- --from <file.tar.gz> --data-dir <empty folder>';

async function main() {
  const values = readOptions(USAGE, { from: { type: 'string' }, 'data-dir': { type: 'string' } });
  if (!values.from) throw new CommandError(`Missing --from.\n${USAGE}`);
  if (!values['data-dir']) throw new CommandError(`Missing --data-dir.\n${USAGE}`);
  const file = path.resolve(commandCwd(), values.from);
  const dataDir = path.resolve(commandCwd(), values['data-dir']);
  const { manifest, counts } = await restoreBackupArchive({ file, dataDir });
  console.log(
    `Restored the backup of ${manifest.createdAt} (Aisle ${manifest.appVersion}, ${manifest.migrations.applied} migrations) into ${dataDir}: ` +
      `the database, ${counts.files} uploaded files, ${counts.media} media files, ${counts.exports} exports and ${counts.keys} keys. ` +
      `Start the server with DATA_DIR=${dataDir}.`,
  );
}

runCommand(main, (error) => error instanceof BackupArchiveError);
