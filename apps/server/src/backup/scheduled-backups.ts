import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Database } from '../db/database';
import type { Env } from '../env';
import { writeBackupArchive } from './write-backup-archive';

const PREFIX = 'aisle-backup-';
const SUFFIX = '.tar.gz';
/** setTimeout's longest delay (~24.8 days); a longer wait is taken in steps. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;
/** BACKUP_DIR alone backs up daily. */
const DEFAULT_EVERY_HOURS = 24;

export interface ScheduledBackupOptions {
  database: Pick<Database, 'db' | 'dump' | 'kind'>;
  dataDir: string;
  backupDir: string;
  keep: number;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
}

/** `aisle-backup-2026-12-02T15-30-00-000Z.tar.gz`: UTC, and names sort by age. */
export function backupFileName(at: Date): string {
  return `${PREFIX}${at.toISOString().replace(/[:.]/g, '-')}${SUFFIX}`;
}

/** The scheduled archives in a folder, oldest first (by name, which is by time). */
export async function listBackups(backupDir: string): Promise<string[]> {
  const names = await readdir(backupDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return names.filter((name) => name.startsWith(PREFIX) && name.endsWith(SUFFIX)).sort();
}

/**
 * One scheduled backup: the archive written through the server's open database (so the data
 * folder is never opened twice), then all but the newest `keep` deleted. Never throws: a full
 * disk or an unwritable folder is logged as an error and the server carries on.
 */
export async function runScheduledBackup(options: ScheduledBackupOptions): Promise<string | undefined> {
  const { backupDir, logger } = options;
  const startedAt = Date.now();
  try {
    await mkdir(backupDir, { recursive: true });
    const file = path.join(backupDir, backupFileName(new Date()));
    const manifest = await writeBackupArchive({ database: options.database, dataDir: options.dataDir, file });
    const removed = await rotateBackups(backupDir, options.keep);
    const { size } = await stat(file);
    logger.info({ file, bytes: size, entries: manifest.entries.length, removed, ms: Date.now() - startedAt }, 'scheduled backup written');
    return file;
  } catch (error) {
    logger.error({ err: error, backupDir }, 'scheduled backup failed');
    return undefined;
  }
}

/** Deletes all but the newest `keep` archives; returns the names deleted. */
export async function rotateBackups(backupDir: string, keep: number): Promise<string[]> {
  const backups = await listBackups(backupDir);
  const old = backups.slice(0, Math.max(0, backups.length - keep));
  for (const name of old) await rm(path.join(backupDir, name), { force: true });
  return old;
}

export interface BackupSchedule {
  /**
   * No backup starts after this; resolves once one in progress has ended. The server does not wait
   * for it (a large dump would outlast the shutdown's deadline): it fails when the database closes,
   * and its half-written file is removed at the next start.
   */
  stop(): Promise<void>;
}

/**
 * Backs the embedded default up into BACKUP_DIR every BACKUP_EVERY_HOURS (main.ts, ROLE=all). The
 * next backup is due that long after the newest archive in the folder, not after the start: a
 * server restarted more often than the period still backs up (overdue: right away).
 */
export function startScheduledBackups(env: Env, database: ScheduledBackupOptions['database'], logger: ScheduledBackupOptions['logger']) {
  if (!env.BACKUP_DIR) return undefined;
  if (database.kind !== 'pglite') {
    logger.warn('BACKUP_DIR is ignored on Postgres: back it up with pg_dump (docs/backup.md)');
    return undefined;
  }
  const options: ScheduledBackupOptions = {
    database,
    dataDir: env.dataDir,
    backupDir: path.resolve(env.BACKUP_DIR),
    keep: env.BACKUP_KEEP,
    logger,
  };
  const everyMs = (env.BACKUP_EVERY_HOURS ?? DEFAULT_EVERY_HOURS) * 3_600_000;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();

  const schedule = async () => {
    const newest = (await listBackups(options.backupDir).catch(() => [])).at(-1);
    const newestAt = newest
      ? await stat(path.join(options.backupDir, newest)).then(
          (s) => s.mtimeMs,
          () => 0,
        )
      : 0;
    const wait = Math.max(0, newestAt + everyMs - Date.now());
    if (stopped) return;
    timer = setTimeout(() => void tick(wait), Math.min(wait, LONGEST_TIMER_MS));
    // A backup timer never keeps a stopping process alive.
    timer.unref();
  };
  const tick = async (waited: number) => {
    if (stopped) return;
    if (waited <= LONGEST_TIMER_MS) {
      running = runScheduledBackup(options);
      await running;
    }
    await schedule();
  };
  void removeLeftovers(options.backupDir).then(schedule);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  } satisfies BackupSchedule;
}

/** Half-written archives of a process that was killed while writing one (write-backup-archive.ts names them). */
async function removeLeftovers(backupDir: string) {
  const names = await readdir(backupDir).catch(() => []);
  for (const name of names)
    if (name.startsWith(`.${PREFIX}`) && name.endsWith('.partial')) await rm(path.join(backupDir, name), { force: true });
}
