import { Worker } from 'node:worker_threads';
import { createFairQueue } from '../lib/fair-queue';
import { currentAccount } from '../lib/request-scope';

/**
 * The embedded database in a thread of its own (pglite-worker.mjs), seen from the server as the
 * part of PGlite's interface that Drizzle and pg-boss use: `query`, `exec`, `transaction`, `close`.
 *
 * Why a thread: PGlite runs each statement synchronously. In the main thread, one account's heavy
 * query held every request of every account until it finished (/healthz went unanswered for
 * seconds); here the main thread keeps serving while the database works, and the two cores are
 * both used. bench/healthz-under-load.ts measures the difference.
 *
 * The database still runs one statement at a time, so statements take turns by account
 * (lib/request-scope.ts): one account's burst of queries waits behind itself, not in front of
 * everyone else. Two are in flight at once, so the thread never idles waiting for the next message.
 * Statements inside a transaction skip the queue: the transaction already holds the database.
 */
const IN_FLIGHT = 2;
export interface PgliteResults {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

export interface PgliteQueryOptions {
  rowMode?: 'array' | 'object';
  /** Drizzle's identity parsers (type oid → the value as text): sent as their oids. */
  parsers?: Record<number, unknown>;
  [option: string]: unknown;
}

export interface PgliteTransactionLike {
  query<T = unknown>(sql: string, params?: unknown[], options?: PgliteQueryOptions): Promise<PgliteResults & { rows: T[] }>;
  exec(sql: string, options?: PgliteQueryOptions): Promise<PgliteResults[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

export interface PgliteThread {
  query<T = unknown>(sql: string, params?: unknown[], options?: PgliteQueryOptions): Promise<PgliteResults & { rows: T[] }>;
  exec(sql: string, options?: PgliteQueryOptions): Promise<PgliteResults[]>;
  transaction<T>(callback: (tx: PgliteTransactionLike) => Promise<T>): Promise<T>;
  /** The data folder as a tar, after a checkpoint (PGlite's `dumpDataDir`; database.ts `dump`). */
  dump(): Promise<Uint8Array>;
  close(): Promise<void>;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

type Reply = { id: number; result?: unknown; error?: Record<string, unknown> & { message: string } } | { ready: true };

/** Postgres errors arrive as plain data and become Errors again, with their fields (code, constraint…). */
function errorFrom(data: Record<string, unknown> & { message: string }): Error {
  const error = new Error(data.message) as Error & Record<string, unknown>;
  for (const [key, value] of Object.entries(data)) if (key !== 'message') error[key] = value;
  return error;
}

/** Functions cannot cross threads: Drizzle's parsers (identity for dates and intervals) go as oids. */
function portable(options: PgliteQueryOptions | undefined) {
  if (!options) return undefined;
  const { parsers, ...rest } = options;
  return parsers ? { ...rest, rawTypes: Object.keys(parsers).map(Number) } : rest;
}

const workerFile = new URL('./pglite-worker.mjs', import.meta.url);

export async function startPgliteThread(options: {
  dataDir?: string;
  startParams: string[];
  /** How often tables that changed are analysed (default: every minute; pglite-worker.mjs). */
  analyseEveryMs?: number;
}): Promise<PgliteThread> {
  const worker = new Worker(workerFile, {
    workerData: { dataDir: options.dataDir, startParams: options.startParams, analyseEveryMs: options.analyseEveryMs },
  });
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let failure: Error | null = null;

  const ready = new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', () => resolve());
  });
  worker.on('message', (reply: Reply) => {
    if ('ready' in reply) return;
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if (reply.error) waiting.reject(errorFrom(reply.error));
    else waiting.resolve(reply.result);
  });
  // A crashed database thread fails what was asked of it, and everything after.
  const fail = (error: Error) => {
    failure ??= error;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the database thread stopped (exit code ${code})`)));
  await ready;

  const call = <T>(message: Record<string, unknown>): Promise<T> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ id, ...message });
    });
  };

  const turns = createFairQueue({ concurrency: IN_FLIGHT });
  /** A statement outside a transaction (or a BEGIN) waits for its account's turn. */
  const inTurn = <T>(message: Record<string, unknown>) => turns.run(currentAccount(), () => call<T>(message));
  const query = <T>(tx: number | undefined, sql: string, params?: unknown[], options?: PgliteQueryOptions) => {
    const message = { op: 'query', tx, sql, params, options: portable(options) };
    return tx === undefined ? inTurn<PgliteResults & { rows: T[] }>(message) : call<PgliteResults & { rows: T[] }>(message);
  };
  const exec = (tx: number | undefined, sql: string, options?: PgliteQueryOptions) => {
    const message = { op: 'exec', tx, sql, options: portable(options) };
    return tx === undefined ? inTurn<PgliteResults[]>(message) : call<PgliteResults[]>(message);
  };

  let closing: Promise<void> | undefined;
  return {
    query: (sql, params, queryOptions) => query(undefined, sql, params, queryOptions),
    exec: (sql, execOptions) => exec(undefined, sql, execOptions),
    // Takes its turn like a statement: PGlite runs it alone, between other statements.
    dump: () => inTurn<Uint8Array>({ op: 'dump' }),
    async transaction(callback) {
      const tx = await inTurn<number>({ op: 'begin' });
      let closed = false;
      const open = () => {
        if (closed) throw new Error('Transaction is closed');
      };
      const handle: PgliteTransactionLike = {
        query: async (sql, params, queryOptions) => {
          open();
          return await query(tx, sql, params, queryOptions);
        },
        exec: async (sql, execOptions) => {
          open();
          return await exec(tx, sql, execOptions);
        },
        async rollback() {
          open();
          closed = true;
          await call({ op: 'rollback', tx });
        },
        get closed() {
          return closed;
        },
      };
      try {
        const result = await callback(handle);
        if (!closed) {
          closed = true;
          await call({ op: 'commit', tx });
        }
        return result;
      } catch (error) {
        if (!closed) {
          closed = true;
          await call({ op: 'rollback', tx }).catch(() => undefined);
        }
        throw error;
      }
    },
    close() {
      closing ??= (async () => {
        if (!failure) await call({ op: 'close' }).catch(() => undefined);
        await worker.terminate();
      })();
      return closing;
    },
  };
}
