import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MigratableDatabase, openDatabase } from '../db/database';
import { parseEnv } from '../env';
import { verifyBackupArchive } from './read-backup-archive';
import { listBackups, runScheduledBackup, startScheduledBackups } from './scheduled-backups';

/** A real logger whose lines are kept, to read what an operator would see in the log. */
function recordingLogger() {
  const lines: { level: number; msg: string; err?: { message: string }; file?: string }[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines, messages: () => lines.map((line) => line.msg) };
}

async function until(condition: () => boolean, timeoutMs = 45_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// The embedded database in memory: what is dumped is the same, whichever backend the suite runs on.
describe('scheduled backups', { timeout: 90_000 }, () => {
  let root: string;
  let dataDir: string;
  let database: MigratableDatabase;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'aisle-scheduled-'));
    dataDir = path.join(root, 'data');
    mkdirSync(path.join(dataDir, 'files', 'store-1'), { recursive: true });
    writeFileSync(path.join(dataDir, 'files', 'store-1', 'file-1'), 'uploaded bytes');
    // A file still being written by the object storage: not a file yet, so not backed up.
    writeFileSync(path.join(dataDir, 'files', 'store-1', 'file-2.0b1c.part'), 'half');
    writeFileSync(path.join(dataDir, 'variables-encryption-key'), `${'k'.repeat(43)}=\n`);
    database = await openDatabase({});
  });
  afterAll(async () => {
    await database?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('writes complete archives through the open database and keeps the newest BACKUP_KEEP', async () => {
    const backupDir = path.join(root, 'kept');
    const { logger, messages } = recordingLogger();
    const written: string[] = [];
    for (let i = 0; i < 3; i++) {
      const file = await runScheduledBackup({ database, dataDir, backupDir, keep: 2, logger });
      expect(file).toBeDefined();
      written.push(path.basename(file ?? ''));
    }
    expect(messages()).toEqual(['scheduled backup written', 'scheduled backup written', 'scheduled backup written']);
    expect(written.every((name) => /^aisle-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.tar\.gz$/.test(name))).toBe(true);
    expect(readdirSync(backupDir).sort()).toEqual(written.slice(1));
    const manifest = await verifyBackupArchive(path.join(backupDir, written[2] ?? ''));
    expect(manifest.entries.map((entry) => entry.path)).toEqual([
      'database/pgdata.tar',
      'data/files/store-1/file-1',
      'data/variables-encryption-key',
    ]);
  });

  it('logs a failure and carries on when the folder cannot be written', async () => {
    const blocked = path.join(root, 'not-a-folder');
    writeFileSync(blocked, 'a file where the folder should be');
    const { logger, lines } = recordingLogger();
    await expect(
      runScheduledBackup({ database, dataDir, backupDir: path.join(blocked, 'backups'), keep: 2, logger }),
    ).resolves.toBeUndefined();
    expect(lines.map((line) => [line.level, line.msg])).toEqual([[50, 'scheduled backup failed']]);
    expect(lines[0]?.err?.message).toMatch(/ENOTDIR/);
    // The database is still usable: nothing was left half-done.
    expect(await database.isReady()).toBe(true);
  });

  it('runs every BACKUP_EVERY_HOURS from the newest archive, rotating and cleaning up after a crash', async () => {
    const backupDir = path.join(root, 'scheduled');
    mkdirSync(backupDir);
    // An old archive (overdue: the first backup starts at once) and a half-written one a killed process left.
    const old = path.join(backupDir, 'aisle-backup-2000-01-01T00-00-00-000Z.tar.gz');
    writeFileSync(old, 'old');
    utimesSync(old, new Date('2000-01-01'), new Date('2000-01-01'));
    writeFileSync(path.join(backupDir, '.aisle-backup-2000-01-02T00-00-00-000Z.tar.gz.1234abcd.partial'), 'cut');
    const env = parseEnv({
      DATA_DIR: dataDir,
      BACKUP_DIR: backupDir,
      BACKUP_EVERY_HOURS: '0.0005',
      BACKUP_KEEP: '2',
      JWT_SECRET: 'x'.repeat(40),
    });
    const { logger, messages } = recordingLogger();
    const schedule = startScheduledBackups(env, database, logger);
    expect(schedule).toBeDefined();
    try {
      await until(() => messages().filter((msg) => msg === 'scheduled backup written').length >= 2);
    } finally {
      await schedule?.stop();
    }
    expect(messages()).not.toContain('scheduled backup failed');
    const kept = await listBackups(backupDir);
    expect(kept).toHaveLength(2);
    expect(kept).not.toContain(path.basename(old));
    expect(readdirSync(backupDir).filter((name) => name.endsWith('.partial'))).toEqual([]);
  });

  it('schedules nothing on Postgres, and says so', () => {
    const env = parseEnv({ DATA_DIR: dataDir, BACKUP_DIR: path.join(root, 'pg'), JWT_SECRET: 'x'.repeat(40) });
    const { logger, messages } = recordingLogger();
    expect(startScheduledBackups(env, { ...database, kind: 'postgres', dump: undefined }, logger)).toBeUndefined();
    expect(messages()).toEqual(['BACKUP_DIR is ignored on Postgres: back it up with pg_dump (docs/backup.md)']);
  });
});
