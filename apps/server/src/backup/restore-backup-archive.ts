import { randomBytes } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { type BackupManifest, countDataEntries, DATA_PREFIX, DATABASE_ENTRY } from './backup-manifest';
import { BackupArchiveError, verifyBackupArchive } from './read-backup-archive';
import { tarPackage } from './tar-entries';

export interface RestoreResult {
  manifest: BackupManifest;
  /** Files restored besides the database, by DATA_DIR folder (`files`, `media`, `exports`, `keys`). */
  counts: ReturnType<typeof countDataEntries>;
}

/**
 * Restores an archive into a new DATA_DIR: checked whole first (read-backup-archive.ts), then the
 * files, media, exports and keys extracted, and the database loaded into `<dataDir>/db` by PGlite
 * itself (with pgvector, as the server opens it). The target must be missing or empty: a restore
 * never mixes with, or overwrites, a live folder. On a failure midway the target is emptied again.
 */
export async function restoreBackupArchive(options: { file: string; dataDir: string }): Promise<RestoreResult> {
  const { file, dataDir } = options;
  const existing = await readdir(dataDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (existing.length > 0) throw new BackupArchiveError(`${dataDir} is not empty; restore into a new, empty folder.`);
  const manifest = await verifyBackupArchive(file);
  await mkdir(dataDir, { recursive: true });
  const staging = path.join(dataDir, `.restoring-${randomBytes(4).toString('hex')}`);
  try {
    await mkdir(staging);
    await tarPackage().extract({ file, cwd: staging, strict: true });
    const data = path.join(staging, DATA_PREFIX);
    for (const name of await readdir(data).catch(() => [])) await rename(path.join(data, name), path.join(dataDir, name));
    await loadDatabase(path.join(staging, DATABASE_ENTRY), path.join(dataDir, 'db'));
  } catch (error) {
    for (const name of await readdir(dataDir)) await rm(path.join(dataDir, name), { recursive: true, force: true });
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return { manifest, counts: countDataEntries(manifest) };
}

/** PGlite unpacks its own dump into the new folder; closing it leaves the folder ready for the server. */
async function loadDatabase(dumpFile: string, databaseDir: string) {
  const [{ PGlite }, { vector }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite-pgvector')]);
  const db = await PGlite.create({ dataDir: databaseDir, loadDataDir: await openAsBlob(dumpFile), extensions: { vector } });
  try {
    await db.query('SELECT 1');
  } finally {
    await db.close();
  }
}
