import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Logger } from 'pino';
import { acquireDataDirLock } from './data-dir-lock';
import { migrationJournal, migrationsFolder } from './migration-status';
import { type PgliteThread, startPgliteThread } from './pglite-thread';
import * as schema from './schema';

export type Schema = typeof schema;
/** The Drizzle database, the same type over PGlite and node-postgres (one SQL dialect everywhere). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction as `db.transaction()` hands it over. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Repositories take either the database or an open transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** pgvector is usable (always on PGlite; on Postgres when the extension is installed). */
  vector: boolean;
  /** What the job queue connects through: the PGlite instance itself, or the Postgres URL. */
  jobConnection: { kind: 'pglite'; client: PgliteThread } | { kind: 'postgres'; url: string };
  /** Database reachable and every committed migration applied. */
  isReady(): Promise<boolean>;
  /**
   * The embedded database's whole data folder as a tar (PGlite's `dumpDataDir`), taken after a
   * checkpoint by the process that has it open: a consistent copy while the server keeps running
   * (backups, src/backup/). Postgres has none: back it up with `pg_dump` (docs/backup.md).
   */
  dump?(): Promise<Uint8Array>;
  close(): Promise<void>;
}

/** A database as `openDatabase` returns it: its migrations can also be applied on demand (`npm run migrate`). */
export type MigratableDatabase = Database & { migrate(): Promise<void> };
// One advisory lock key for migrations, so several app instances booting together against one
// Postgres apply them once.
const MIGRATION_LOCK = 7_231_906_113;

export interface OpenDatabaseOptions {
  /** postgres:// URL; without it the embedded PGlite is used. */
  url?: string;
  /** PGlite data directory; `undefined` with no url = in-memory (tests). */
  dataDir?: string;
  /**
   * Postgres stops any statement that runs longer (0 or unset: no limit), so no request can hold a
   * connection and its locks for long. Migrations are exempt. PGlite cannot interrupt a statement
   * (measured: `statement_timeout` is ignored there); its bounds are the data API's input budgets.
   */
  statementTimeoutMs?: number;
  logger?: Pick<Logger, 'info' | 'warn'>;
  /** Apply pending migrations before returning (default true; backups read a folder as it is). */
  migrate?: boolean;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<MigratableDatabase> {
  const database = options.url
    ? await openPostgres(options.url, options.logger, options.statementTimeoutMs)
    : await openPglite(options.dataDir);
  if (options.migrate ?? true) {
    try {
      await database.migrate();
    } catch (error) {
      await database.close();
      throw error;
    }
  }
  return database;
}

async function openPglite(dataDir: string | undefined): Promise<MigratableDatabase> {
  const [{ drizzle }, { migrate }] = await Promise.all([import('drizzle-orm/pglite'), import('drizzle-orm/pglite/migrator')]);
  if (dataDir) mkdirSync(path.dirname(dataDir), { recursive: true });
  // One process at a time on a folder (data-dir-lock.ts): refused here, before anything is touched.
  const lock = dataDir ? acquireDataDirLock(dataDir) : undefined;
  let client: PgliteThread;
  try {
    if (dataDir && !existsSync(path.join(dataDir, 'PG_VERSION'))) initDataDirInChild(dataDir);
    // Postgres defaults shared_buffers to 128 MB, all of it WASM memory here; 16 MB keeps an idle
    // embedded server small (measured: 333 → 193 MB RSS for PGlite alone) at no measured speed cost,
    // since the data files stay in the operating system's page cache anyway.
    client = await startPgliteThread({
      dataDir,
      startParams: ['-c', 'shared_buffers=16MB', '-c', 'work_mem=4MB', '-c', 'temp_buffers=4MB'],
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
  // Drizzle needs only query, exec and transaction of a PGlite: the thread's client offers them.
  const db = drizzle({ client: client as never, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    vector: true,
    jobConnection: { kind: 'pglite', client },
    isReady: () => checkReady(db),
    dump: () => client.dump(),
    close: once(async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    }),
    migrate: () => migrate(drizzle({ client: client as never, schema }), { migrationsFolder }),
  };
}

const initScript = fileURLToPath(new URL('./init-pglite-data-dir.mjs', import.meta.url));

function initDataDirInChild(dataDir: string) {
  const result = spawnSync(process.execPath, [initScript, dataDir], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Error(`Could not create the database in ${dataDir} (exit ${result.status ?? result.signal})`);
}

async function openPostgres(url: string, logger?: OpenDatabaseOptions['logger'], statementTimeoutMs = 0): Promise<MigratableDatabase> {
  const [{ default: pg }, { drizzle }, { migrate }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}),
  });
  // An idle connection the server drops (a restart, a terminated backend) is reported here and
  // replaced on next use; without a listener the pool's 'error' event would crash the process.
  pool.on('error', (error) => logger?.warn({ err: error }, 'idle database connection lost'));
  // A connection that dies while checked out (between two statements of a transaction, say) emits
  // 'error' on its client, which the pool no longer listens to then: unheard, that is an uncaught
  // exception (a worker died of one when backends were terminated). The statement in flight rejects
  // with the same error, and the pool discards the broken client when it is released.
  pool.on('connect', (client) => {
    client.on('error', (error) => logger?.warn({ err: error }, 'database connection lost while in use'));
  });
  const db = drizzle({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
  const available = await pool.query("SELECT 1 FROM pg_available_extensions WHERE name = 'vector'");
  let vector = false;
  if (available.rowCount) {
    try {
      await pool.query('CREATE EXTENSION IF NOT EXISTS vector');
      vector = true;
    } catch (error) {
      logger?.warn({ err: error }, 'pgvector is installed but could not be enabled; retrieval will be lexical only');
    }
  } else {
    logger?.warn('pgvector is not available on this Postgres server; retrieval will be lexical only');
  }
  return {
    db,
    kind: 'postgres',
    vector,
    jobConnection: { kind: 'postgres', url },
    isReady: () => checkReady(db),
    close: once(() => pool.end()),
    migrate: async () => {
      const client = await pool.connect();
      try {
        // A migration may rewrite a big table: the statement timeout is for requests, not for it.
        await client.query('SET statement_timeout = 0');
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migrate(drizzle({ client, schema }), { migrationsFolder });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
        await client.query('RESET statement_timeout').catch(() => undefined);
        client.release();
      }
    },
  };
}

let expectedMigrations: number | undefined;

async function checkReady(db: Db): Promise<boolean> {
  try {
    expectedMigrations ??= (await migrationJournal()).length;
    const result = (await db.execute(sql`SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations`)) as unknown as {
      rows: { count: number }[];
    };
    return (result.rows[0]?.count ?? 0) >= expectedMigrations;
  } catch {
    return false;
  }
}

/** Closing twice (shutdown racing a failure path) must not throw. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= close();
    return closing;
  };
}
