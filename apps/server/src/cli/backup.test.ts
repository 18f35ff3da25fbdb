import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MigratableDatabase, openDatabase } from '../db/database';
import { users } from '../db/schema/users';
import { createUser } from '../domains/accounts';

const serverDir = fileURLToPath(new URL('../../', import.meta.url));

// Each case starts the real command (tsx, and PGlite for backup and restore): slower than an inject.
describe('npm run backup and npm run restore', { timeout: 150_000 }, () => {
  let root: string;
  let dataDir: string;
  let database: MigratableDatabase | undefined;
  /** Runs a command the way npm does (cwd apps/server), from `root` (INIT_CWD), on the embedded database in `dataDir`. */
  const run = (command: string, args: string[], env: Record<string, string> = {}) =>
    spawnSync(process.execPath, ['--import', 'tsx', `src/cli/${command}.ts`, ...args], {
      cwd: serverDir,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, INIT_CWD: root, ...env },
      timeout: 120_000,
    });

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'aisle-backup-cli-'));
    dataDir = path.join(root, 'data');
    database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    await createUser({ db: database.db, email: 'owner@shop.test', passwordHash: '!', isStaff: false, emailVerified: true });
  }, 90_000);
  afterAll(async () => {
    await database?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('refuses to open the folder while the server has it open, and writes nothing', () => {
    // This process holds the folder, as a running server would.
    const result = run('backup', ['--out', 'refused.tar.gz']);
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      'The server is running on this data folder; stop it, or use scheduled backups (BACKUP_DIR, docs/backup.md).',
    );
    expect(existsSync(path.join(root, 'refused.tar.gz'))).toBe(false);
  });

  it('backs the stopped folder up to one archive, which restore brings back into a new folder', async () => {
    await database?.close();
    database = undefined;
    const backup = run('backup', ['--out', 'backups/one.tar.gz']);
    expect(backup.status, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(
      /^Backed up .+ to .+backups\/one\.tar\.gz \([\d.]+ MB\): the database \(\d+ migrations, latest \d{4}_\w+\)/,
    );

    const restore = run('restore', ['--from', 'backups/one.tar.gz', '--data-dir', 'restored']);
    expect(restore.status, restore.stderr).toBe(0);
    expect(restore.stdout).toMatch(
      /^Restored the backup of .+ into .+\/restored: the database, 0 uploaded files, 0 media files, 0 exports and 1 keys\./,
    );
    const restored = await openDatabase({ dataDir: path.join(root, 'restored', 'db') });
    try {
      const [owner] = await restored.db.select().from(users).where(eq(users.email, 'owner@shop.test'));
      expect(owner?.emailVerified).toBe(true);
    } finally {
      await restored.close();
    }
    expect(readFileSync(path.join(root, 'restored', 'jwt-secret'), 'utf8')).toBe(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8'));
  });

  it('refuses a truncated archive with one line, leaving the target empty', () => {
    const bytes = readFileSync(path.join(root, 'backups', 'one.tar.gz'));
    writeFileSync(path.join(root, 'cut.tar.gz'), bytes.subarray(0, bytes.length >> 1));
    const result = run('restore', ['--from', 'cut.tar.gz', '--data-dir', 'from-cut']);
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/cut\.tar\.gz is not a readable backup archive \(.+\); it may be truncated or damaged\./);
    expect(existsSync(path.join(root, 'from-cut')) ? readdirSync(path.join(root, 'from-cut')) : []).toEqual([]);
  });

  it('points Postgres deployments to pg_dump, and explains missing arguments', () => {
    const postgres = run('backup', ['--out', 'pg.tar.gz'], { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' });
    expect(postgres.status).toBe(1);
    expect(postgres.stderr).toMatch(/DATABASE_URL is set: back Postgres up with pg_dump -Fc/);
    const missing = run('restore', ['--from', 'x.tar.gz']);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('Missing --data-dir.\nUsage: npm run restore -- --from <file.tar.gz> --data-dir <empty folder>');
  });
});
