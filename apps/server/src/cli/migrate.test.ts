import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { migrationJournal } from '../db/migration-status';
import { createScratchDatabase, type ScratchDatabase, scaled } from '../testing/test-backend';

const serverDir = fileURLToPath(new URL('../../', import.meta.url));

/** `npm run migrate` as npm runs it (cwd apps/server), on the database `env` names. */
const migrate = (env: Record<string, string>) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/migrate.ts'], {
    cwd: serverDir,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, ...env },
    timeout: 150_000,
  });

async function tablesOf(options: { url?: string; dataDir?: string }): Promise<string[]> {
  const database = await openDatabase({ ...options, migrate: false });
  try {
    const result = (await database.db.execute(
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
    )) as unknown as { rows: { table_name: string }[] };
    return result.rows.map((row) => row.table_name);
  } finally {
    await database.close();
  }
}

// The embedded folder always; a scratch Postgres too in the scaled pass (the only one with a server).
describe('npm run migrate', { timeout: 180_000 }, () => {
  let root: string;
  let scratch: ScratchDatabase | undefined;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'aisle-migrate-'));
    if (scaled) scratch = await createScratchDatabase();
  });
  afterAll(async () => {
    await scratch?.drop();
    rmSync(root, { recursive: true, force: true });
  });

  it('migrates an empty embedded folder, then has nothing left to apply', async () => {
    const dataDir = path.join(root, 'data');
    const journal = await migrationJournal();
    const first = migrate({ DATA_DIR: dataDir });
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout.trim()).toBe(
      `Applied ${journal.length} migrations to the embedded database in ${dataDir}: ${journal.map((entry) => entry.tag).join(', ')}.`,
    );
    expect(await tablesOf({ dataDir: path.join(dataDir, 'db') })).toEqual(expect.arrayContaining(['users', 'assistants', 'files']));
    const second = migrate({ DATA_DIR: dataDir });
    expect(second.status, second.stderr).toBe(0);
    expect(second.stdout.trim()).toBe(
      `No pending migrations in the embedded database in ${dataDir} (${journal.length} applied, latest ${journal.at(-1)?.tag}).`,
    );
  });

  it('is refused while another process has the embedded folder open', async () => {
    const dataDir = path.join(root, 'data');
    const open = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    try {
      const result = migrate({ DATA_DIR: dataDir });
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(
        new RegExp(
          `^The database folder is in use by process ${process.pid} on .+: the server is running on this data folder\\. Stop it first\\.`,
        ),
      );
    } finally {
      await open.close();
    }
  });

  if (scaled) {
    it('migrates an empty Postgres database (DATABASE_URL), then has nothing left to apply', async () => {
      const url = scratch?.url ?? '';
      const journal = await migrationJournal();
      const first = migrate({ DATABASE_URL: url, DATA_DIR: path.join(root, 'unused') });
      expect(first.status, first.stderr).toBe(0);
      expect(first.stdout.trim()).toMatch(new RegExp(`^Applied ${journal.length} migrations to Postgres \\(DATABASE_URL\\): 0000_init, `));
      expect(await tablesOf({ url })).toEqual(expect.arrayContaining(['users', 'assistants', 'files']));
      const second = migrate({ DATABASE_URL: url, DATA_DIR: path.join(root, 'unused') });
      expect(second.status, second.stderr).toBe(0);
      expect(second.stdout.trim()).toBe(
        `No pending migrations in Postgres (DATABASE_URL) (${journal.length} applied, latest ${journal.at(-1)?.tag}).`,
      );
    });
  }
});
