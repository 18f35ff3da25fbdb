// The embedded database's own thread (db/pglite-thread.ts). PGlite runs Postgres compiled to
// WebAssembly, and a statement runs synchronously until it is done: in the server's main thread
// one heavy query would hold every other request, /healthz included. Here it holds only this
// thread, and the server's two cores are both used (HTTP and streams there, SQL here).
//
// Plain JavaScript, so the same file runs from the sources (vitest, tsx) and beside the bundle.
// Messages in: { id, op, ... } (see pglite-thread.ts; ops query, exec, begin, commit, rollback,
// dump, close); out: { id, result } or { id, error }.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { createStatementCache } from './pglite-statements.mjs';

/** Types Drizzle asks to receive as text (its parsers are identity functions, which cannot cross threads). */
const identity = (value) => value;

const db = await PGlite.create({
  dataDir: workerData.dataDir,
  extensions: { vector },
  startParams: [...PGlite.defaultStartParams, ...workerData.startParams],
});
await db.exec('CREATE EXTENSION IF NOT EXISTS vector');
/** Repeated statements are parsed and planned once (pglite-statements.mjs). */
const statements = createStatementCache(db);

// The embedded database's own autoanalyze. PGlite runs Postgres without its background workers, so
// nothing refreshes the planner's statistics: a table never analysed is planned from guesses (a
// thread's latest messages were read by sorting the whole thread). Every minute, each table whose
// size moved by more than a fifth since its last ANALYZE (or never had one) is analysed, one
// statement at a time so other work runs between them; Postgres re-plans what depended on it.
const STALE_TABLES = `
  SELECT quote_ident(c.relname) AS name
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE c.relkind = 'r' AND n.nspname = 'public' AND pg_relation_size(c.oid) > 0
    AND (c.reltuples < 0 OR abs(pg_relation_size(c.oid) / current_setting('block_size')::int - c.relpages) > 0.2 * c.relpages)`;
let closing = false;
let analysing = false;
async function analyseStaleTables() {
  if (analysing || closing) return;
  analysing = true;
  try {
    const { rows } = await db.query(STALE_TABLES);
    for (const { name } of rows) {
      if (closing) return;
      // A table dropped meanwhile is simply skipped.
      await db.exec(`ANALYZE ${name}`).catch(() => undefined);
    }
  } finally {
    analysing = false;
  }
}
const upkeep = setInterval(() => analyseStaleTables().catch(() => undefined), workerData.analyseEveryMs ?? 60_000);
upkeep.unref();

/** Open transactions: id → { tx, finish(outcome) }. */
const transactions = new Map();
let nextTransaction = 1;
const ROLLBACK = Symbol('rollback');

/**
 * Parsers for each set of raw types, merged with PGlite's own once: given only the overrides,
 * PGlite copies all of its ~300 parsers into a new object for every result (half a millisecond of
 * this thread per chat turn); given the whole set, pglite-statements.mjs reads them as they are.
 */
const parsersByRawTypes = new Map();

function optionsOf(options) {
  if (!options) return undefined;
  const { rawTypes, ...rest } = options;
  if (!rawTypes?.length) return rest;
  const key = rawTypes.join(',');
  let parsers = parsersByRawTypes.get(key);
  if (!parsers) {
    parsers = { ...db.parsers, ...Object.fromEntries(rawTypes.map((oid) => [oid, identity])) };
    parsersByRawTypes.set(key, parsers);
  }
  return { ...rest, parsers, parsersComplete: true };
}

/** Postgres errors keep their fields (code, constraint, detail…) as plain data across the thread. */
function errorOf(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const copy = { name: error.name, message: error.message };
  for (const key of ['code', 'detail', 'hint', 'severity', 'constraint', 'table', 'column', 'schema', 'position', 'where']) {
    if (error[key] !== undefined) copy[key] = error[key];
  }
  return copy;
}

/** The open transaction a message names, or undefined for none. */
function transactionOf(message) {
  if (message.tx === undefined) return undefined;
  const open = transactions.get(message.tx);
  if (!open) throw new Error('Transaction is closed');
  return open.tx;
}

async function handle(message) {
  switch (message.op) {
    case 'query':
      return await statements.query(message.sql, message.params, optionsOf(message.options), transactionOf(message));
    case 'exec':
      return await (transactionOf(message) ?? db).exec(message.sql, optionsOf(message.options));
    case 'begin': {
      const id = nextTransaction++;
      const open = {};
      const began = new Promise((resolve, reject) => {
        open.done = db
          .transaction(async (tx) => {
            const outcome = new Promise((finish) => {
              open.finish = finish;
            });
            open.tx = tx;
            transactions.set(id, open);
            resolve(id);
            if ((await outcome) === 'rollback') throw ROLLBACK;
          })
          .catch((error) => {
            if (error === ROLLBACK) return;
            reject(error);
            throw error;
          })
          .finally(() => transactions.delete(id));
        // A failed COMMIT is reported to whoever asked for it (below); nothing else awaits this.
        open.done.catch(() => undefined);
      });
      return await began;
    }
    case 'commit':
    case 'rollback': {
      const open = transactions.get(message.tx);
      if (!open) return null;
      open.finish(message.op);
      // Settles once the COMMIT (or ROLLBACK) has run; a failed COMMIT rejects here.
      await open.done;
      return null;
    }
    case 'dump': {
      // Dirty pages written out first, so the copy needs no WAL replay; PGlite copies the folder
      // with no statement running (dumpDataDir holds its query lock), so it is consistent.
      await db.exec('CHECKPOINT');
      const tar = await db.dumpDataDir('none');
      return new Uint8Array(await tar.arrayBuffer());
    }
    case 'close':
      closing = true;
      clearInterval(upkeep);
      await db.close();
      return null;
    default:
      throw new Error(`unknown database operation ${message.op}`);
  }
}

parentPort.on('message', (message) => {
  handle(message).then(
    // A dump's bytes move to the other thread rather than being copied (it may be large).
    (result) => parentPort.postMessage({ id: message.id, result }, result instanceof Uint8Array ? [result.buffer] : []),
    (error) => parentPort.postMessage({ id: message.id, error: errorOf(error) }),
  );
});
parentPort.postMessage({ ready: true });
