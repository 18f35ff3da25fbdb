import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { FAKE_OPENAI_KEY, startFakeOpenAi } from '../apps/server/src/testing/fake-llm/fake-openai';
import { cpuMsOfProcess, percentile, readTurnStream, removeBundle, startServer } from './server-process';
import { topOfProfile } from './turn-throughput';

/**
 * The storefront's paths with answers of real length (issue 34): a zero-delay OpenAI-compatible
 * fake streams every answer as `pieces` chunks (one per word, as models stream tokens), on the
 * embedded default, for a merchant on the Business tier with credit (every turn charged):
 * - CPU per turn, one turn after another on a warmed-up server, for the owner's chat (a follow-up
 *   and a new thread) and a shopper on the public link (a new thread per question, and
 *   follow-ups), at 50 and 300 pieces; CPU per streamed piece is the difference between the two
 *   over the 250 extra pieces.
 * - The floor in the same run: a bare `node:http` proxy (floor-proxy.mjs) to the same fake, its
 *   CPU per turn and one client's first-token p50.
 * - 100 shoppers at once on the public link for `seconds` (a 50-piece answer, closed loop):
 *   turns per second, first token p50/p99, errors (503 `busy` counted apart).
 * - Memory after the load.
 * Goals: CPU per turn ≤ 6 ms at 50 pieces, ≤ 12 ms at 300; ≥ 250 turns/s with p99 ≤ 2 × p50 and 0
 * errors besides fast 503s; one visitor's first-token p50 ≤ 4 × the proxy's; RSS < 400 MB.
 */
const BENCH_USER = 'storefront@bench.test';

export type Path = 'ownerFollowUp' | 'ownerNewThread' | 'visitorNewThread' | 'visitorFollowUp';

export const words = (count: number) => Array.from({ length: count }, (_, i) => (i ? ` word${i % 97}` : 'Answer'));

export interface Setup {
  url: string;
  token: string;
  assistantId: string;
  shareToken: string;
}

export async function post(setup: Setup, url: string, body: unknown) {
  const res = await fetch(`${setup.url}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${setup.token}` },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/** The result of one streamed turn: the first token's time, or `busy` for a 503 before anything was stored. */
export type Outcome = { firstMs: number } | 'busy';

async function streamed(url: string, headers: Record<string, string>, body: unknown, onText?: (text: string) => void): Promise<Outcome> {
  const start = performance.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...headers },
    body: JSON.stringify(body),
  });
  if (res.status === 503) {
    await res.text();
    return 'busy';
  }
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  const { firstMs, text, done } = await readTurnStream(res, start);
  if (!done) throw new Error(`turn failed: ${text.slice(-300)}`);
  onText?.(text);
  return { firstMs };
}

/** A shopper on the public link: their thread once the first answer came. */
export interface Visitor {
  sharedThreadId?: string;
  visitorToken?: string;
}

export function visitorTurn(setup: Setup, visitor: Visitor | null, message: string) {
  return streamed(
    `${setup.url}/api/shared-chat/stream/`,
    {},
    { token: setup.shareToken, message, origin: 'widget', ...(visitor?.sharedThreadId ? visitor : {}) },
    (text) => {
      if (!visitor || visitor.sharedThreadId) return;
      const thread = /event: thread\ndata: (.+)\n/.exec(text);
      if (thread?.[1]) Object.assign(visitor, JSON.parse(thread[1]) as Visitor);
    },
  );
}

const ownerTurn = (setup: Setup, threadId: string, content: string) =>
  streamed(`${setup.url}/api/chat/message/`, { authorization: `Bearer ${setup.token}` }, { threadId, content });

const newOwnerThread = async (setup: Setup) => (await post(setup, '/api/thread/create/', { assistantId: setup.assistantId })).id as string;

/** One turn of a path; threads and visitors for follow-ups are made once and reused (history grows as in a real chat). */
export function pathRunner(setup: Setup, kind: Path) {
  const ownerThreads: string[] = [];
  const visitors: Visitor[] = Array.from({ length: 10 }, () => ({}));
  let n = 0;
  return async (): Promise<Outcome> => {
    const i = n++;
    const question = `Question ${i} about the store?`;
    if (kind === 'ownerNewThread') return ownerTurn(setup, await newOwnerThread(setup), question);
    if (kind === 'ownerFollowUp') {
      while (ownerThreads.length < 10) ownerThreads.push(await newOwnerThread(setup));
      return ownerTurn(setup, ownerThreads[i % 10] as string, question);
    }
    if (kind === 'visitorNewThread') return visitorTurn(setup, null, question);
    return visitorTurn(setup, visitors[i % 10] as Visitor, question);
  };
}

const round = (value: number, digits = 2) => Number(value.toFixed(digits));

/** The floor proxy, in its own process so its CPU is its own. */
async function startProxy(modelBaseUrl: string) {
  const child: ChildProcess = spawn(process.execPath, [path.join(import.meta.dirname, 'floor-proxy.mjs'), modelBaseUrl, FAKE_OPENAI_KEY], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(child.stdout as NodeJS.ReadableStream, 'data')) as [Buffer];
  const url = `http://127.0.0.1:${line.toString().trim()}`;
  return {
    turn: (content: string) => streamed(`${url}/`, {}, { content }),
    cpuMs: () => cpuMsOfProcess(child.pid as number),
    stop: () => child.kill(),
  };
}

export async function storefrontTurns({ warmUp = 400, sequential = 200, concurrent = 100, seconds = 15, firstTokenTurns = 100 } = {}) {
  const fake = await startFakeOpenAi();
  // BENCH_CPU_PROFILE=<path kind>: V8 CPU profiles of the server, the top functions over that path's
  // 300-piece turns (BENCH_PROFILE_PIECES=50 for the 50-piece ones); `concurrent` over the 100 visitors' load.
  const profiled = process.env.BENCH_CPU_PROFILE as Path | 'concurrent' | undefined;
  let profiledTurns = sequential;
  const profileDir = profiled ? mkdtempSync(path.join(tmpdir(), 'aisle-profile-')) : null;
  let profileWindow: [bigint, bigint] | null = null;
  const proxy = await startProxy(fake.baseUrl);
  const server = await startServer({
    users: [BENCH_USER],
    env: {
      OPENAI_API_KEY: FAKE_OPENAI_KEY,
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_MODELS: 'gpt-4o-mini',
      SHARED_CHAT_TOKEN_RATE_LIMIT: '100000000',
      SHARED_CHAT_VISITOR_RATE_LIMIT: '100000000',
      SHARED_CHAT_READ_RATE_LIMIT: '100000000',
      ...(profileDir ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profileDir}` } : {}),
    },
  });
  try {
    const token = await server.token(BENCH_USER);
    const base = { url: server.url, token, assistantId: '', shareToken: '' };
    const assistant = await post(base, '/api/assistant/create/', { assistantName: 'Bench', model: 'openai:gpt-4o-mini' });
    const share = (await post(base, '/api/shared-assistant/create/', { assistantId: assistant.id })) as { shareToken: { token: string } };
    const setup: Setup = { ...base, assistantId: assistant.id as string, shareToken: share.shareToken.token };
    const paths: Path[] = ['ownerFollowUp', 'ownerNewThread', 'visitorNewThread', 'visitorFollowUp'];
    const runners = Object.fromEntries(paths.map((kind) => [kind, pathRunner(setup, kind)])) as Record<Path, () => Promise<Outcome>>;

    fake.script({ text: words(50), usage: { inputTokens: 200, outputTokens: 50 } });
    // V8 compiles newly hot functions over a just-started server's first turns: measured after these.
    for (let i = 0; i < warmUp; i++) await runners[paths[i % paths.length] as Path]();
    for (let i = 0; i < 50; i++) await proxy.turn(`warm-up ${i}`);

    const cpuPerTurn: Record<string, Record<Path | 'floorProxy', number>> = {};
    for (const pieces of [50, 300]) {
      fake.script({ text: words(pieces), usage: { inputTokens: 200, outputTokens: pieces } });
      const figures = {} as Record<Path | 'floorProxy', number>;
      for (const kind of paths) {
        const before = server.cpuMs();
        const from = process.hrtime.bigint() / 1000n;
        for (let i = 0; i < sequential; i++) await runners[kind]();
        figures[kind] = round((server.cpuMs() - before) / sequential);
        if (kind === profiled && pieces === Number(process.env.BENCH_PROFILE_PIECES ?? 300))
          profileWindow = [from, process.hrtime.bigint() / 1000n];
      }
      const before = proxy.cpuMs();
      for (let i = 0; i < sequential; i++) await proxy.turn(`Question ${i}?`);
      figures.floorProxy = round((proxy.cpuMs() - before) / sequential);
      cpuPerTurn[`pieces${pieces}`] = figures;
    }
    const at50 = cpuPerTurn.pieces50 as Record<string, number>;
    const at300 = cpuPerTurn.pieces300 as Record<string, number>;
    const cpuPerPieceMs = Object.fromEntries(
      Object.keys(at50).map((kind) => [kind, round(((at300[kind] ?? 0) - (at50[kind] ?? 0)) / 250, 4)]),
    );

    // One visitor, one question after another: first token against the floor's.
    fake.script({ text: words(50), usage: { inputTokens: 200, outputTokens: 50 } });
    const firstOf = async (turn: () => Promise<Outcome>) => {
      const times: number[] = [];
      for (let i = 0; i < firstTokenTurns; i++) {
        const outcome = await turn();
        if (outcome !== 'busy') times.push(outcome.firstMs);
      }
      return percentile(times, 50);
    };
    const oneVisitorP50 = await firstOf(runners.visitorFollowUp);
    const oneVisitorNewThreadP50 = await firstOf(runners.visitorNewThread);
    const proxyP50 = await firstOf(() => proxy.turn('Question?'));

    // 100 shoppers at once, each asking again once the answer is done.
    const firstTokens: number[] = [];
    let busy = 0;
    let errors = 0;
    const until = performance.now() + seconds * 1000;
    const loadStart = performance.now();
    const loadFrom = process.hrtime.bigint() / 1000n;
    const cpuBeforeLoad = server.cpuMs();
    const threadsBeforeLoad = server.cpuMsByThread();
    const generatorBeforeLoad = process.cpuUsage();
    await Promise.all(
      Array.from({ length: concurrent }, async (_, shopper) => {
        const visitor: Visitor = {};
        for (let n = 0; performance.now() < until; n++) {
          try {
            const outcome = await visitorTurn(setup, visitor, `Shopper ${shopper} question ${n}?`);
            if (outcome === 'busy') busy++;
            else firstTokens.push(outcome.firstMs);
          } catch {
            errors++;
          }
        }
      }),
    );
    const loadS = (performance.now() - loadStart) / 1000;
    if (profiled === 'concurrent') {
      profileWindow = [loadFrom, process.hrtime.bigint() / 1000n];
      profiledTurns = firstTokens.length;
    }
    const threadsAfterLoad = server.cpuMsByThread();
    const cpuAfterLoad = server.cpuMs();
    const rssMbAfter = Math.round(server.rssBytes() / 1024 / 1024);
    const generator = process.cpuUsage(generatorBeforeLoad);

    // The same load against the floor proxy, on the same cores in the same run: the machine's own
    // ceiling, so the figures above can be read against it on a VM of any speed.
    let proxyTurns = 0;
    const proxyUntil = performance.now() + seconds * 1000;
    const proxyStart = performance.now();
    await Promise.all(
      Array.from({ length: concurrent }, async (_, shopper) => {
        for (let n = 0; performance.now() < proxyUntil; n++) {
          await proxy.turn(`Shopper ${shopper} question ${n}?`);
          proxyTurns++;
        }
      }),
    );
    const proxyTurnsPerSecond = round(proxyTurns / ((performance.now() - proxyStart) / 1000), 1);
    const p50 = percentile(firstTokens, 50);
    const p99 = percentile(firstTokens, 99);
    const perTurn = (ms: number) => round(ms / Math.max(1, firstTokens.length), 3);
    const turnsPerSecond = round(firstTokens.length / loadS, 1);
    return {
      backend: 'embedded',
      cpuPerTurnMs: cpuPerTurn,
      cpuPerPieceMs,
      goal: { cpuPerTurnMs50Pieces: 6, cpuPerTurnMs300Pieces: 12 },
      oneClientFirstTokenP50Ms: {
        visitorFollowUp: oneVisitorP50,
        visitorNewThread: oneVisitorNewThreadP50,
        floorProxy: proxyP50,
        visitorOverProxy: round(oneVisitorP50 / proxyP50),
        goalVisitorOverProxy: 4,
      },
      concurrentVisitors: {
        visitors: concurrent,
        pieces: 50,
        turns: firstTokens.length,
        turnsPerSecond,
        cpuPerTurnMs: round((cpuAfterLoad - cpuBeforeLoad) / Math.max(1, firstTokens.length)),
        // Where a turn's CPU goes under load (the server's threads by name), and what the load
        // generator itself (this process: 100 streaming clients and the fake model) spends per turn
        // on the same two cores.
        cpuPerTurnMsByThread: Object.fromEntries(
          Object.entries(threadsAfterLoad)
            .map(([name, ms]) => [name, perTurn(ms - (threadsBeforeLoad[name] ?? 0))] as const)
            .filter(([, ms]) => ms > 0),
        ),
        loadGeneratorCpuPerTurnMs: perTurn((generator.user + generator.system) / 1000),
        busy503: busy,
        errors,
        firstTokenP50Ms: p50,
        firstTokenP99Ms: p99,
        p99OverP50: round(p99 / p50),
        goal: { turnsPerSecond: 250, p99OverP50: 2, errors: 0 },
      },
      // The goals above were set on a machine where the floor proxy took 0.7–0.9 ms of CPU per
      // 50-piece turn and served 1,500–1,860 turns/s to 100 clients (issue 34's table). The same
      // goals as same-run ratios to the proxy, taken at that machine's slowest proxy (the stricter
      // reading): 6 ms ↔ 6 / 0.9 = 6.7 × the proxy's CPU per turn, 12 ms at 300 pieces ↔ 12 / 0.9,
      // 250 turns/s ↔ 250 / 1,500 = 0.167 of the proxy's throughput.
      overFloorProxy: {
        cpuPerTurn50Pieces: Object.fromEntries(paths.map((kind) => [kind, round((at50[kind] ?? 0) / (at50.floorProxy ?? 1))])),
        cpuPerTurn300Pieces: Object.fromEntries(paths.map((kind) => [kind, round((at300[kind] ?? 0) / (at50.floorProxy ?? 1))])),
        concurrentTurnsPerSecond: round(turnsPerSecond / proxyTurnsPerSecond, 3),
        floorProxyConcurrentTurnsPerSecond: proxyTurnsPerSecond,
        goal: { cpuPerTurn50Pieces: round(6 / 0.9), cpuPerTurn300Pieces: round(12 / 0.9), concurrentTurnsPerSecond: round(250 / 1500, 3) },
      },
      rssMbAfter,
      goalRssMb: 400,
    };
  } finally {
    await server.stop();
    proxy.stop();
    await fake.close();
    if (profileDir && profileWindow) console.error(JSON.stringify(topOfProfile(profileDir, profileWindow, profiledTurns, 40), null, 1));
    if (profileDir && !process.env.BENCH_KEEP_PROFILE) rmSync(profileDir, { recursive: true, force: true });
    else if (profileDir) console.error(`profiles kept in ${profileDir}, window ${profileWindow}`);
  }
}

if (process.argv[1]?.endsWith('storefront-turns.ts')) {
  storefrontTurns()
    .then((result) => console.log(JSON.stringify(result, null, 2)))
    .catch((error) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(removeBundle);
}
