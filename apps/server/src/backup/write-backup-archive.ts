import { randomBytes } from 'node:crypto';
import { createWriteStream, readFileSync } from 'node:fs';
import { open, readdir, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { appliedMigrations, migrationJournal, migrationTag } from '../db/migration-status';
import { APP_VERSION } from '../version';
import {
  BACKUP_FORMAT_VERSION,
  type BackupManifest,
  DATA_FOLDERS,
  DATA_PREFIX,
  DATABASE_ENTRY,
  KEY_FILES,
  MANIFEST_ENTRY,
  type ManifestEntry,
} from './backup-manifest';
import { bufferEntry, endOfArchive, fileEntry } from './tar-entries';

export interface WriteBackupOptions {
  /** The embedded database, open (by the running server, or by `npm run backup`). */
  database: Pick<Database, 'db' | 'dump'>;
  /** DATA_DIR: its files, media, exports and keys go in too. */
  dataDir: string;
  /** The archive to write (.tar.gz); it appears only once complete. */
  file: string;
}

/**
 * Writes one backup archive (backup-manifest.ts) of the embedded default: the database as a
 * consistent dump taken through the open instance, then DATA_DIR's folders and keys. The archive
 * is written under a temporary name beside `file` and renamed when complete, so a backup folder
 * never holds a half-written archive under a real name (a full disk leaves no partial backup).
 */
export async function writeBackupArchive(options: WriteBackupOptions): Promise<BackupManifest> {
  const { database, dataDir, file } = options;
  if (!database.dump) throw new Error('Only the embedded database can be backed up this way; on Postgres use pg_dump (docs/backup.md).');
  // The database first: a file deleted after this moment may be missing, one added is merely unused.
  const dump = await database.dump();
  const head = await manifestHead(database);
  const entries: ManifestEntry[] = [];
  async function* archive() {
    yield* bufferEntry(DATABASE_ENTRY, dump, entries);
    for (const relative of await dataFiles(dataDir)) {
      const handle = await open(path.join(dataDir, relative)).catch((error: NodeJS.ErrnoException) => {
        // Deleted since it was listed (an account erased meanwhile): it is simply not kept.
        if (error.code === 'ENOENT') return undefined;
        throw error;
      });
      if (!handle) continue;
      try {
        yield* fileEntry(`${DATA_PREFIX}${relative}`, handle, entries);
      } finally {
        await handle.close();
      }
    }
    const manifest: BackupManifest = { ...head, entries: [...entries] };
    yield* bufferEntry(MANIFEST_ENTRY, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), []);
    yield endOfArchive();
  }
  const partial = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(4).toString('hex')}.partial`);
  try {
    // 0600: the archive holds the keys.
    await pipeline(archive, createGzip(), createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return { ...head, entries };
}

async function manifestHead(database: Pick<Database, 'db'>): Promise<Omit<BackupManifest, 'entries'>> {
  const [applied, journal, version] = await Promise.all([
    appliedMigrations(database.db),
    migrationJournal(),
    database.db.execute(sql`SHOW server_version`) as unknown as Promise<{ rows: { server_version: string }[] }>,
  ]);
  const latestWhen = applied.at(-1) ?? null;
  return {
    format: 'aisle-backup',
    formatVersion: BACKUP_FORMAT_VERSION,
    appVersion: APP_VERSION,
    migrations: { applied: applied.length, latest: latestWhen === null ? null : migrationTag(journal, latestWhen), latestWhen },
    pgliteVersion: pgliteVersion(),
    postgresVersion: version.rows[0]?.server_version ?? 'unknown',
    createdAt: new Date().toISOString(),
  };
}

/** DATA_DIR's files to keep, relative to it, in a stable order: its folders' regular files, then the keys. */
async function dataFiles(dataDir: string): Promise<string[]> {
  const found: string[] = [];
  for (const folder of DATA_FOLDERS) {
    const listed = await readdir(path.join(dataDir, folder), { recursive: true, withFileTypes: true }).catch(
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      },
    );
    for (const entry of listed) {
      // `*.part`: an object still being written (lib/object-storage), renamed once complete.
      if (entry.isFile() && !entry.name.endsWith('.part'))
        found.push(path.relative(dataDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
    }
  }
  found.sort();
  for (const key of KEY_FILES) found.push(key);
  return found;
}

/** The PGlite release that wrote the dump (its package.json is not among its exports, so found beside its entry). */
function pgliteVersion(): string {
  try {
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    return (JSON.parse(readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}
