import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { FAKE_OPENAI_KEY, startFakeOpenAi } from '../apps/server/src/testing/fake-llm/fake-openai';
import { firstTokenMs, percentile, removeBundle, startServer } from './server-process';

/**
 * Throughput and fairness of answering turns on the embedded default, a zero-delay
 * OpenAI-compatible fake as the model (named gpt-4o-mini, so every turn is charged), no stores, and
 * a merchant with a real account (issue: throughput and fairness):
 * - CPU per turn: the server process's CPU time (user + system) over 500 turns one after another,
 *   divided by the turns, once 2,000 turns have warmed the process up. Goal: at most 6 ms.
 * - 100 concurrent chats for 20 s, each asking its next question once the answer is done: turns per
 *   second and time to the first token p50/p99. Goals: at least 200 turns/s, p99 at most 2 × p50.
 * - Memory after the load. Goal: under 400 MB.
 * With BENCH_CPU_PROFILE=1 the server writes V8 CPU profiles, and the functions that took the most
 * of the sequential turns (self time, per thread) are listed by source file.
 *
 * `postgres` runs the same on Postgres and Redis (DATABASE_URL, REDIS_URL; a scratch database is
 * made and dropped) with WEB_CONCURRENCY=2: CPU and memory are then those of the Node processes
 * (the primary and its two web processes), not of Postgres.
 */
/** A merchant on the Business tier with credit: every turn reads and charges a real account. */
const BENCH_USER = 'throughput@bench.test';

interface Client {
  url: string;
  token: string;
}

async function call(client: Client, url: string, body: unknown) {
  const res = await fetch(`${client.url}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${client.token}` },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as Record<string, string>;
}

/** The account's credit in USD: turns that were charged lower it. */
async function creditUsd(client: Client): Promise<number> {
  const res = await fetch(`${client.url}/api/users/available-usd/`, { headers: { authorization: `Bearer ${client.token}` } });
  if (!res.ok) throw new Error(`users/available-usd answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { available_usd: number }).available_usd;
}

/** One streamed turn; the time to its first token, or null when the server was busy (503, nothing stored). */
async function turn(client: Client, threadId: string, content: string): Promise<number | null> {
  const start = performance.now();
  const res = await fetch(`${client.url}/api/chat/message/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${client.token}` },
    body: JSON.stringify({ threadId, content }),
  });
  if (res.status === 503) {
    await res.text();
    return null;
  }
  if (!res.ok || !res.body) throw new Error(`chat/message answered ${res.status}: ${await res.text()}`);
  return firstTokenMs(res, start);
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

/**
 * The server's CPU profiles (one per thread: the main thread and the database thread), self time by
 * function over the sequential turns only (samples inside `window`, microseconds of the monotonic
 * clock both processes share), top `limit`, in milliseconds per turn.
 */
export function topOfProfile(dir: string, window: [bigint, bigint], turns: number, limit = 20) {
  const threads: Record<string, { busyMsPerTurn: number; top: { fn: string; msPerTurn: number }[] }> = {};
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as {
      nodes: ProfileNode[];
      startTime: number;
      samples: number[];
      timeDeltas: number[];
    };
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    const self = new Map<string, number>();
    let busy = 0;
    let at = profile.startTime;
    profile.samples.forEach((id, i) => {
      const delta = profile.timeDeltas[i] ?? 0;
      at += delta;
      const node = byId.get(id);
      if (!node || at < window[0] || at > window[1]) return;
      const { functionName, url, lineNumber } = node.callFrame;
      if (functionName === '(idle)') return;
      busy += delta;
      const where = url ? `${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/dist[^/]*\//, '')}:${lineNumber + 1}` : '(native)';
      const key = `${functionName || '(anonymous)'} ${where}`;
      self.set(key, (self.get(key) ?? 0) + delta);
    });
    if (!busy) continue; // a process that was not running during the window (the data directory's set-up)
    const perTurn = (us: number) => Number((us / 1000 / turns).toFixed(3));
    const thread = /\.\d+\.0\.\d+\.cpuprofile$/.test(file) ? 'main' : 'database';
    threads[thread] = {
      busyMsPerTurn: perTurn(busy),
      top: [...self.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, limit)
        .map(([fn, us]) => ({ fn, msPerTurn: perTurn(us) })),
    };
  }
  return threads;
}

export async function turnThroughput({ warmUp = 2000, sequential = 500, concurrent = 100, seconds = 20, postgres = false } = {}) {
  const scratch = postgres ? await scratchDatabase() : null;
  const fake = await startFakeOpenAi();
  const profileDir = process.env.BENCH_CPU_PROFILE ? mkdtempSync(path.join(tmpdir(), 'aisle-profile-')) : null;
  const server = await startServer({
    users: [BENCH_USER],
    env: {
      OPENAI_API_KEY: FAKE_OPENAI_KEY,
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_MODELS: 'gpt-4o-mini',
      ...(profileDir ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profileDir}` } : {}),
      ...(scratch ? { DATABASE_URL: scratch.url, REDIS_URL: redisUrl(), WEB_CONCURRENCY: '2' } : {}),
    },
  });
  let result: Record<string, unknown>;
  let sequentialWindowUs: [bigint, bigint] | null = null;
  try {
    const client = { url: server.url, token: await server.token(BENCH_USER) };
    const assistant = await call(client, '/api/assistant/create/', { assistantName: 'Bench', model: 'openai:gpt-4o-mini' });
    fake.script({ text: ['Hello', ' there', '.'], usage: { inputTokens: 20, outputTokens: 3 } });
    const newThread = async () => (await call(client, '/api/thread/create/', { assistantId: assistant.id })).id as string;

    const creditBefore = await creditUsd(client);
    // A running server's turns, not its first ones: V8 keeps compiling newly hot functions over the
    // first ~1,000 turns (--trace-opt: ~1.6 a turn, ~1.4 ms of compiler time each turn, after 300
    // turns; ~0.1 a turn after 3,000), so the turns measured below come after these.
    const warm = await Promise.all(Array.from({ length: 10 }, newThread));
    // The same figure over a just-started server's turns 51–550, for comparison.
    let justStartedFrom = 0;
    let justStartedTo = 0;
    for (let i = 0; i < warmUp; i++) {
      if (i === 50) justStartedFrom = server.cpuMs();
      if (i === 550) justStartedTo = server.cpuMs();
      await turn(client, warm[i % warm.length] as string, `warm-up ${i}`);
    }

    // CPU per turn: turns one after another in a few threads (history grows as in a real chat).
    const threads = await Promise.all(Array.from({ length: 10 }, newThread));
    const cpuBefore = server.cpuMs();
    const threadsBefore = server.cpuMsByThread();
    const windowStart = process.hrtime.bigint() / 1000n;
    const sequentialStart = performance.now();
    for (let i = 0; i < sequential; i++) await turn(client, threads[i % threads.length] as string, `Question ${i}?`);
    const cpuPerTurnMs = (server.cpuMs() - cpuBefore) / sequential;
    const threadsAfter = server.cpuMsByThread();
    const cpuPerTurnByThreadMs = Object.fromEntries(
      Object.entries(threadsAfter).map(([name, ms]) => [name, Number(((ms - (threadsBefore[name] ?? 0)) / sequential).toFixed(2))]),
    );
    const sequentialMs = (performance.now() - sequentialStart) / sequential;
    sequentialWindowUs = [windowStart, process.hrtime.bigint() / 1000n];

    // 100 chats at once, closed loop.
    const chats = await Promise.all(Array.from({ length: concurrent }, newThread));
    const firstTokens: number[] = [];
    let busy = 0;
    const until = performance.now() + seconds * 1000;
    const loadStart = performance.now();
    await Promise.all(
      chats.map(async (id, chat) => {
        for (let n = 0; performance.now() < until; n++) {
          const first = await turn(client, id, `Chat ${chat} question ${n}?`);
          if (first === null) busy++;
          else firstTokens.push(first);
        }
      }),
    );
    const loadS = (performance.now() - loadStart) / 1000;
    const p50 = percentile(firstTokens, 50);
    const p99 = percentile(firstTokens, 99);
    result = {
      backend: scratch ? 'postgres, WEB_CONCURRENCY=2' : 'embedded',
      cpuPerTurnMs: Number(cpuPerTurnMs.toFixed(2)),
      cpuPerTurnByThreadMs,
      cpuPerTurnJustStartedMs: justStartedTo ? Number(((justStartedTo - justStartedFrom) / 500).toFixed(2)) : null,
      goalCpuPerTurnMs: 6,
      sequentialTurnMs: Number(sequentialMs.toFixed(2)),
      concurrent100: {
        turns: firstTokens.length,
        turnsPerSecond: Number((firstTokens.length / loadS).toFixed(1)),
        busy503: busy,
        firstTokenP50Ms: p50,
        firstTokenP99Ms: p99,
        p99OverP50: Number((p99 / p50).toFixed(2)),
        goal: { turnsPerSecond: 200, p99OverP50: 2 },
      },
      rssMbAfter: Math.round(server.rssBytes() / 1024 / 1024),
      goalRssMb: 400,
      // Every turn was charged to the merchant's credit (gpt-4o-mini's price for the fake's usage).
      creditSpentUsd: Number((creditBefore - (await creditUsd(client))).toFixed(6)),
    };
  } finally {
    await server.stop();
    await fake.close();
    await scratch?.drop();
  }
  if (profileDir) {
    if (sequentialWindowUs) result.profileSequentialTurns = topOfProfile(profileDir, sequentialWindowUs, sequential);
    if (!process.env.BENCH_KEEP_PROFILE) rmSync(profileDir, { recursive: true, force: true });
    else Object.assign(result, { profileDir, sequentialWindowUs: sequentialWindowUs?.map(String) });
  }
  return result;
}

export const redisUrl = () => process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A database of its own on the Postgres at DATABASE_URL, dropped afterwards. */
export async function scratchDatabase() {
  const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `aisle_bench_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

if (process.argv[1]?.endsWith('turn-throughput.ts')) {
  turnThroughput()
    .then((result) => console.log(JSON.stringify(result, null, 2)))
    .catch((error) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(removeBundle);
}
