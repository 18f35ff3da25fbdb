import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import pg from 'pg';
import { FAKE_OPENAI_KEY, startFakeOpenAi } from '../apps/server/src/testing/fake-llm/fake-openai';
import { startWorkerBundle } from '../apps/server/src/testing/server-bundle';
import { bundleDir, cpuMsOfProcess, percentile, removeBundle, startServer } from './server-process';
import { type Outcome, post, type Setup, type Visitor, visitorTurn, words } from './storefront-turns';
import { redisUrl, scratchDatabase } from './turn-throughput';

/**
 * Scale-out measured (issue 34): shoppers on the public link on Postgres + Redis, for one and two
 * web processes that also run the jobs, and for two web processes with a separate worker. For each:
 * - one visitor's follow-ups one after another: CPU per turn of the Node processes and of
 *   Postgres's own processes, and what each turn cost the database from its own statistics
 *   (`pg_stat_database`, `pg_stat_wal`, `pg_stat_user_tables` deltas: transactions, rows read and
 *   written, WAL bytes, buffer hits and reads; `pg_stat_statements` is not loaded on this machine);
 * - 100 visitors at once for `seconds`: turns per second and first-token p50/p99.
 * With `seedMessages`, the database first holds that many stored messages (in threads of 10, under
 * the same merchant's share, as years of a busy shop's conversations), so the per-turn figures are
 * checked against a full database rather than an empty one. docs/capacity.md is built on these.
 */
const BENCH_USER = 'capacity@bench.test';

interface DbCounters {
  xacts: number;
  tupReturned: number;
  tupFetched: number;
  tupInserted: number;
  tupUpdated: number;
  tupDeleted: number;
  blksHit: number;
  blksRead: number;
  walBytes: number;
  walRecords: number;
}

async function dbCounters(client: pg.Client): Promise<DbCounters> {
  // Statistics are sent by backends at most every second (PGSTAT_MIN_INTERVAL); a snapshot forces nothing, so wait for it.
  const { rows } = await client.query(`
    SELECT xact_commit + xact_rollback AS xacts, tup_returned, tup_fetched, tup_inserted, tup_updated, tup_deleted,
           blks_hit, blks_read, (SELECT wal_bytes FROM pg_stat_wal) AS wal_bytes, (SELECT wal_records FROM pg_stat_wal) AS wal_records
    FROM pg_stat_database WHERE datname = current_database()`);
  const row = rows[0] as Record<string, string>;
  return {
    xacts: Number(row.xacts),
    tupReturned: Number(row.tup_returned),
    tupFetched: Number(row.tup_fetched),
    tupInserted: Number(row.tup_inserted),
    tupUpdated: Number(row.tup_updated),
    tupDeleted: Number(row.tup_deleted),
    blksHit: Number(row.blks_hit),
    blksRead: Number(row.blks_read),
    walBytes: Number(row.wal_bytes),
    walRecords: Number(row.wal_records),
  };
}

/** Commands Redis has processed so far (every client: rate limits, the event bus, locks). */
async function redisCommands(redis: Redis): Promise<number> {
  const info = await redis.info('stats');
  return Number(/total_commands_processed:(\d+)/.exec(info)?.[1] ?? 0);
}

/** CPU time of every Postgres process on this machine (the server and its backends), in ms. */
function postgresCpuMs(): number {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') total += cpuMsOfProcess(Number(pid));
    } catch {
      // The process ended while it was read.
    }
  }
  return total;
}

const round = (value: number, digits = 2) => Number(value.toFixed(digits));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function seed(url: string, ownerEmail: string, messages: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const shares = await client.query('SELECT id FROM shared_assistants WHERE owner_email = $1 ORDER BY created_at LIMIT 1', [ownerEmail]);
    const shareId = shares.rows[0]?.id as string;
    const threads = Math.ceil(messages / 10);
    const started = performance.now();
    await client.query('SET synchronous_commit = off');
    for (let from = 1; from <= threads; from += 50_000) {
      const to = Math.min(threads, from + 49_999);
      await client.query(
        `WITH t AS (
           INSERT INTO shared_threads (owner_email, shared_assistant_id, origin, anonymous_email, created_at, updated_at, last_activity_at)
           SELECT $1, $2, 'widget', 'visitor-' || g || '@seed.test', now() - g * interval '1 minute', now() - g * interval '1 minute',
                  now() - g * interval '1 minute'
           FROM generate_series($3::int, $4::int) g
           RETURNING id, created_at)
         INSERT INTO shared_messages (owner_email, shared_thread_id, content, sender_type, created_at, updated_at, provider, model)
         SELECT $1, t.id,
                CASE WHEN m % 2 = 1 THEN 'Do you ship to Chiang Mai, and how long does it take? #' || m
                     ELSE 'Yes: orders to Chiang Mai arrive in 2 to 3 business days, free over 1,000 baht.' END,
                CASE WHEN m % 2 = 1 THEN 'user' ELSE 'assistant' END,
                t.created_at + m * interval '1 second', t.created_at + m * interval '1 second',
                CASE WHEN m % 2 = 0 THEN 'openai' END, CASE WHEN m % 2 = 0 THEN 'gpt-4o-mini' END
         FROM t CROSS JOIN generate_series(1, 10) m`,
        [ownerEmail, shareId, from, to],
      );
    }
    await client.query('ANALYZE shared_threads; ANALYZE shared_messages');
    const { rows } = await client.query(
      `SELECT count(*)::int AS messages, pg_total_relation_size('shared_messages') AS bytes FROM shared_messages`,
    );
    return {
      messages: rows[0].messages as number,
      sharedMessagesMb: Math.round(Number(rows[0].bytes) / 1024 / 1024),
      seedSeconds: round((performance.now() - started) / 1000, 1),
    };
  } finally {
    await client.end();
  }
}

interface Layout {
  name: string;
  webProcesses: number;
  separateWorker: boolean;
}

async function measureLayout(layout: Layout, options: { url: string; fakeBaseUrl: string; sequential: number; seconds: number }) {
  const env = {
    DATABASE_URL: options.url,
    REDIS_URL: redisUrl(),
    WEB_CONCURRENCY: String(layout.webProcesses),
    ...(layout.separateWorker ? { ROLE: 'web' } : {}),
    OPENAI_API_KEY: FAKE_OPENAI_KEY,
    OPENAI_BASE_URL: options.fakeBaseUrl,
    OPENAI_MODELS: 'gpt-4o-mini',
    SHARED_CHAT_TOKEN_RATE_LIMIT: '100000000',
    SHARED_CHAT_VISITOR_RATE_LIMIT: '100000000',
    SHARED_CHAT_READ_RATE_LIMIT: '100000000',
  };
  const server = await startServer({ users: [BENCH_USER], env });
  const worker = layout.separateWorker ? await startWorkerBundle(bundleDir(), env) : null;
  const stats = new pg.Client({ connectionString: options.url });
  await stats.connect();
  const redis = new Redis(redisUrl());
  try {
    const token = await server.token(BENCH_USER);
    const base: Setup = { url: server.url, token, assistantId: '', shareToken: '' };
    const assistant = await post(base, '/api/assistant/create/', { assistantName: `Bench ${layout.name}`, model: 'openai:gpt-4o-mini' });
    const share = (await post(base, '/api/shared-assistant/create/', { assistantId: assistant.id })) as {
      shareToken: { token: string };
    };
    const setup: Setup = { ...base, assistantId: assistant.id as string, shareToken: share.shareToken.token };
    const nodeCpu = () => server.cpuMs() + (worker ? cpuMsOfProcess(worker.child.pid as number) : 0);

    // Warm-up, then one visitor's follow-ups one after another.
    const visitors: Visitor[] = Array.from({ length: 10 }, () => ({}));
    for (let i = 0; i < 300; i++) await visitorTurn(setup, visitors[i % 10] as Visitor, `Warm-up ${i}?`);
    await pause(1_500);
    const before = { node: nodeCpu(), postgres: postgresCpuMs(), db: await dbCounters(stats), redis: await redisCommands(redis) };
    for (let i = 0; i < options.sequential; i++) await visitorTurn(setup, visitors[i % 10] as Visitor, `Question ${i}?`);
    // Deferred work of these turns (summaries are 10 minutes away; the dashboard's refresh within a minute) is not waited for.
    await pause(1_500);
    const after = { node: nodeCpu(), postgres: postgresCpuMs(), db: await dbCounters(stats), redis: await redisCommands(redis) };
    const per = (a: number, b: number) => round((b - a) / options.sequential, 1);
    const database = Object.fromEntries(
      Object.keys(before.db).map((key) => [key, per(before.db[key as keyof DbCounters], after.db[key as keyof DbCounters])]),
    );

    // 100 visitors at once.
    const firstTokens: number[] = [];
    let busy = 0;
    let errors = 0;
    const until = performance.now() + options.seconds * 1000;
    const loadStart = performance.now();
    const loadBefore = { node: nodeCpu(), postgres: postgresCpuMs() };
    await Promise.all(
      Array.from({ length: 100 }, async (_, n) => {
        const visitor: Visitor = {};
        for (let i = 0; performance.now() < until; i++) {
          try {
            const outcome: Outcome = await visitorTurn(setup, visitor, `Shopper ${n} question ${i}?`);
            if (outcome === 'busy') busy++;
            else firstTokens.push(outcome.firstMs);
          } catch {
            errors++;
          }
        }
      }),
    );
    const loadS = (performance.now() - loadStart) / 1000;
    const turns = firstTokens.length;
    return {
      layout: layout.name,
      sequential: {
        nodeCpuPerTurnMs: round((after.node - before.node) / options.sequential),
        postgresCpuPerTurnMs: round((after.postgres - before.postgres) / options.sequential),
        databasePerTurn: database,
        // Less the two INFO calls of this measurement.
        redisCommandsPerTurn: per(before.redis, after.redis - 2),
      },
      concurrent100: {
        turnsPerSecond: round(turns / loadS, 1),
        nodeCpuPerTurnMs: round((nodeCpu() - loadBefore.node) / Math.max(1, turns)),
        postgresCpuPerTurnMs: round((postgresCpuMs() - loadBefore.postgres) / Math.max(1, turns)),
        firstTokenP50Ms: percentile(firstTokens, 50),
        firstTokenP99Ms: percentile(firstTokens, 99),
        busy503: busy,
        errors,
      },
    };
  } finally {
    await stats.end();
    redis.disconnect();
    await worker?.stop();
    await server.stop();
  }
}

export async function storefrontCapacity({
  sequential = 300,
  seconds = 15,
  seedMessages = Number(process.env.BENCH_SEED_MESSAGES ?? 0),
} = {}) {
  const scratch = await scratchDatabase();
  const fake = await startFakeOpenAi();
  fake.script({ text: words(50), usage: { inputTokens: 200, outputTokens: 50 } });
  try {
    let seeded: Awaited<ReturnType<typeof seed>> | null = null;
    if (seedMessages) {
      // The schema and the merchant come from a first start; the seed goes under the merchant's first share.
      const server = await startServer({
        users: [BENCH_USER],
        env: {
          DATABASE_URL: scratch.url,
          REDIS_URL: redisUrl(),
          OPENAI_API_KEY: FAKE_OPENAI_KEY,
          OPENAI_BASE_URL: fake.baseUrl,
          OPENAI_MODELS: 'gpt-4o-mini',
        },
      });
      try {
        const token = await server.token(BENCH_USER);
        const base: Setup = { url: server.url, token, assistantId: '', shareToken: '' };
        const assistant = await post(base, '/api/assistant/create/', { assistantName: 'Seeded', model: 'openai:gpt-4o-mini' });
        await post(base, '/api/shared-assistant/create/', { assistantId: assistant.id });
        await server.stop();
        seeded = await seed(scratch.url, BENCH_USER, seedMessages);
      } catch (error) {
        await server.stop();
        throw error;
      }
    }
    const layouts: Layout[] = [
      { name: '1 web process (runs jobs)', webProcesses: 1, separateWorker: false },
      { name: '2 web processes (run jobs)', webProcesses: 2, separateWorker: false },
      { name: '2 web processes + 1 worker', webProcesses: 2, separateWorker: true },
    ];
    const results = [];
    for (const layout of layouts)
      results.push(await measureLayout(layout, { url: scratch.url, fakeBaseUrl: fake.baseUrl, sequential, seconds }));
    return { backend: 'postgres + redis', pieces: 50, seeded, layouts: results };
  } finally {
    await fake.close();
    await scratch.drop();
  }
}

if (process.argv[1]?.endsWith('storefront-capacity.ts')) {
  storefrontCapacity()
    .then((result) => console.log(JSON.stringify(result, null, 2)))
    .catch((error) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(removeBundle);
}
