// Prepared statements for the embedded database (used by pglite-worker.mjs).
//
// PGlite's `query` sends every statement as an unnamed one: Postgres parses, analyses and plans it
// again each time, and the answer takes six trips in and out of WebAssembly (parse, describe,
// bind, describe, execute, sync). For the statements an app repeats (Drizzle writes the same SQL
// text for the same query shape), that work is most of the cost: measured on a chat turn's three
// statements, 8.6 ms of the database thread's time became 3.3 ms once each was parsed and planned
// once and then only bound and executed (one trip). This is what node-postgres does for named
// queries and postgres.js for every query; Postgres re-plans a statement by itself when a table it
// reads changes, and chooses between a generic and a per-call plan as it does for any client.
//
// Plain JavaScript beside the worker, so the same file runs from the sources and beside the bundle.
import { parse, protocol } from '@electric-sql/pglite';

const { serialize } = protocol;

/** Statements worth keeping: reads and writes. DDL, SET, BEGIN and the like run as PGlite runs them. */
const REPEATABLE = /^\s*(?:select|insert|update|delete|with)\b/i;

/** Postgres refuses a kept statement whose result columns changed (ALTER TABLE … then SELECT *). */
const RESULT_CHANGED = '0A000';

function concat(parts) {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * `query(sql, params, options, transaction?)` with the same results and errors as PGlite's own
 * `query` (or a transaction's), keeping up to `limit` statements (least recently used closed first).
 */
export function createStatementCache(db, { limit = 200 } = {}) {
  /** SQL text → { name, paramTypes, rowDescription }; a Map iterates oldest first (the LRU order). */
  const statements = new Map();
  let sequence = 0;
  /** Names to close at the next trip (evicted or stale), so closing costs no trip of its own. */
  const closing = [];

  const run = (message) => db.execProtocolStream(message, { syncToFs: false });

  async function prepare(sql) {
    const name = `aisle_${sequence++}`;
    const stale = closing.splice(0);
    const closes = stale.map((old) => serialize.close({ type: 'S', name: old }));
    let messages;
    try {
      messages = await run(
        concat([...closes, serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      );
    } catch (error) {
      // A failed transaction refuses the whole trip, the closes too: they are sent again next time.
      closing.push(...stale);
      throw error;
    }
    const statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      rowDescription: messages.find((message) => message.name === 'rowDescription'),
    };
    statements.set(sql, statement);
    if (statements.size > limit) {
      const [oldest, evicted] = statements.entries().next().value;
      statements.delete(oldest);
      closing.push(evicted.name);
    }
    return statement;
  }

  function valuesOf(statement, params, options) {
    return params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const oid = statement.paramTypes[i];
      const serializer = options?.serializers?.[oid] ?? db.serializers[oid];
      return serializer ? serializer(param) : param.toString();
    });
  }

  async function execute(sql, params, options) {
    let statement = statements.get(sql);
    if (statement) {
      statements.delete(sql);
      statements.set(sql, statement);
    } else statement = await prepare(sql);
    const messages = await run(
      concat([
        serialize.bind({ statement: statement.name, values: valuesOf(statement, params, options) }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    );
    // The columns were described once, when the statement was prepared. Parsers marked complete
    // (PGlite's own with some replaced, merged once by the caller) are used as given rather than
    // merged into PGlite's again for every result.
    const described = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
    if (!options?.parsersComplete) return parse.parseResults(described, db.parsers, options)[0];
    const { parsers, parsersComplete: _, ...rest } = options;
    return parse.parseResults(described, parsers, rest)[0];
  }

  async function executeOrRenew(sql, params, options, inTransaction) {
    try {
      return await execute(sql, params, options);
    } catch (error) {
      if (error?.code !== RESULT_CHANGED || !statements.has(sql)) throw error;
      closing.push(statements.get(sql).name);
      statements.delete(sql);
      // Inside a transaction the error already failed it: the caller rolls back and may try again.
      if (inTransaction) throw error;
      return await execute(sql, params, options);
    }
  }

  return {
    /** How many statements are kept. */
    get size() {
      return statements.size;
    },
    /**
     * The statement's results, as `(transaction ?? db).query(sql, params, options)` gives them.
     * `options.parsersComplete`: `options.parsers` is a whole set (PGlite's own with some replaced),
     * used as it is instead of being merged into PGlite's for every result.
     */
    query(sql, params = [], options = undefined, transaction = undefined) {
      if (!REPEATABLE.test(sql) || options?.paramTypes || options?.blob) return (transaction ?? db).query(sql, params, options);
      // As PGlite's own query: outside a transaction it waits for any open one, then runs alone.
      const once = () => db._runExclusiveQuery(() => executeOrRenew(sql, params, options, Boolean(transaction)));
      if (transaction) return once();
      return db._runExclusiveTransaction(async () => {
        const result = await once();
        await db.syncToFs();
        return result;
      });
    },
  };
}
