import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from 'graphql-ws';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { postJson, uploadOverHttp } from '../src/testing/bundle-client';
import { collect, type GqlData } from '../src/testing/graphql-client';
import { startRedis, type TestRedis } from '../src/testing/own-redis';
import {
  buildBundle,
  createUserWithCli,
  type RunningProcess,
  type RunningServer,
  startBundle,
  startWorkerBundle,
} from '../src/testing/server-bundle';
import { createScratchDatabase, type ScratchDatabase, scaled } from '../src/testing/test-backend';

/**
 * Outages are normal (issue "survive what production throws at it"): the scaled-out deployment,
 * a web process and a worker process of the production bundle on a Postgres database and a Redis of
 * this test's own, has its Redis stopped and started again, its database connections cut, and its
 * worker killed mid-file. No process exits, turns and jobs go on, and live updates come back.
 */
const secret = `outages-${randomUUID()}`;
const owner = { email: 'owner@outage.test', password: 'correct horse battery' };

describe.runIf(scaled)('outages in the scaled-out deployment', () => {
  let database: ScratchDatabase;
  let bundle: ReturnType<typeof buildBundle>;
  let dataDir: string;
  let redis: TestRedis;
  let web: RunningServer;
  let worker: RunningProcess;
  let admin: pg.Client;
  let access: string;
  let shareToken: string;
  let storeId: string;
  let assistantId: string;
  const extra: RunningProcess[] = [];

  const env = () => ({
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    JWT_SECRET: secret,
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'none'),
    DEFAULT_MODEL: 'local:extractive',
    EMBEDDING_PROVIDER: undefined,
  });

  beforeAll(async () => {
    bundle = buildBundle();
    [database, redis] = await Promise.all([createScratchDatabase(), startRedis()]);
    dataDir = mkdtempSync(path.join(tmpdir(), 'aisle-outages-'));
    web = await startBundle(bundle.dir, { ...env(), ROLE: 'web' });
    worker = await startWorkerBundle(bundle.dir, env());
    createUserWithCli(env(), owner);
    access = (await call('/api/token/', owner)).access;
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    const assistant = await call('/api/assistant/create/', { assistantName: 'Shop helper' }, access);
    assistantId = assistant.id;
    shareToken = (await call('/api/shared-assistant/create/', { assistantId: assistant.id }, access)).shareToken.token;
    storeId = (await call('/api/store/create/', { name: 'Help centre' }, access)).id;
  }, 120_000);

  afterAll(async () => {
    await Promise.all([web?.stop(), worker?.stop(), ...extra.map((p) => p.stop())]);
    await admin?.end();
    await redis?.stop();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    bundle?.remove();
  });

  const call = (url: string, body: unknown, token?: string, server = web) => postJson(server.url, url, body, token);
  const graphql = async (query: string) => (await call('/graphql', { query }, access)).data;
  const fileOf = async (id: string) =>
    (await graphql(`{ getFile(id: "${id}") { status statusReason passageCount } }`)).getFile as {
      status: string;
      statusReason: string | null;
      passageCount: number | null;
    };
  const readiness = async (server: RunningServer) => (await fetch(`${server.url}/readyz`)).json() as Promise<GqlData>;
  const logs = () => `\nweb:\n${web.output.join('').slice(-3000)}\nworker:\n${worker.output.join('').slice(-3000)}`;

  async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 60_000) {
    const deadline = Date.now() + timeoutMs;
    while (!(await check().catch(() => false))) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${logs()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  const upload = (fileName: string, text: string) => uploadOverHttp(web.url, access, { storeId, fileName, text });

  /** Renames the assistant: a change every subscriber of onUpdateAssistant hears of. */
  const rename = async (assistantName: string, server = web) =>
    (
      await call(
        '/graphql',
        { query: `mutation { updateAssistant(input: { id: "${assistantId}", assistantName: "${assistantName}" }) { id } }` },
        access,
        server,
      )
    ).data?.updateAssistant?.id === assistantId;
  const ON_RENAME = 'subscription { onUpdateAssistant { id assistantName } }';

  /** What the last shopper's question was answered with, for the failure message. */
  let lastAnswer = '';

  /**
   * One shopper's question on the public link, answered by the local model. A fast 503 `busy`
   * (nothing stored) is sent again after a second, as the chat page does.
   */
  async function visitorTurn(message: string) {
    for (let attempt = 0; ; attempt++) {
      const answer = await call('/api/shared-chat/message/', { token: shareToken, message });
      lastAnswer = JSON.stringify(answer).slice(0, 500);
      if (answer.httpStatus === 503 && answer.code === 'busy' && attempt < 3) {
        await new Promise((r) => setTimeout(r, 1_000));
        continue;
      }
      return answer.httpStatus === 200 && typeof answer.sharedThreadId === 'string';
    }
  }

  const alive = (process: RunningProcess) => process.child.exitCode === null && process.child.signalCode === null;

  it('keeps answering through a 10 s Redis outage, starts a process meanwhile, and resumes live updates', async () => {
    const socketCloses: number[] = [];
    const before = createClient({
      url: `ws://127.0.0.1:${web.port}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { Authorization: `Bearer ${access}` },
      retryAttempts: 0,
      on: { closed: (event) => socketCloses.push((event as { code: number }).code) },
    });
    const earlier = collect(before, ON_RENAME);
    await waitFor(async () => (await rename('Before the outage')) && earlier.events.length > 0, 'a live event before the outage', 10_000);

    await redis.stop();
    const outageEnds = Date.now() + 10_000;
    let turns = 0;
    // A web process started while Redis is down starts anyway, and says so.
    const starting = startBundle(bundle.dir, { ...env(), ROLE: 'web' });
    const fileId = await upload('outage.md', '# Opening hours\n\nThe shop is open from nine to five on weekdays.\n');
    while (Date.now() < outageEnds) {
      expect(await visitorTurn(`Are you open on Sunday? (${turns})`), `${lastAnswer}${logs()}`).toBe(true);
      expect(await rename(`During the outage ${turns}`)).toBe(true);
      turns++;
    }
    await waitFor(async () => (await fileOf(fileId)).status === 'ready', 'the file uploaded during the outage to be indexed');
    expect(turns).toBeGreaterThan(3);
    const late = await starting;
    extra.push(late);
    expect(await readiness(late)).toMatchObject({ status: 'degraded', redis: 'unavailable' });
    for (const process of [web, worker, late]) expect(alive(process), logs()).toBe(true);

    const back = Date.now();
    await redis.start();
    // The socket opened before the outage is closed once live updates resume (it missed events):
    // a client reconnects and reads its lists again.
    await waitFor(async () => socketCloses.includes(1012), 'the old socket to be told to reconnect', 10_000);
    const after = createClient({
      url: `ws://127.0.0.1:${web.port}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { Authorization: `Bearer ${access}` },
      retryAttempts: 0,
    });
    const fresh = collect(after, ON_RENAME);
    // A change made on the other web process reaches this one's subscriber through Redis.
    let attempt = 0;
    await waitFor(
      async () => {
        await rename(`After the outage ${attempt++}`, late);
        await new Promise((r) => setTimeout(r, 200));
        return fresh.events.length > 0;
      },
      'a live event after Redis returned',
      15_000,
    );
    expect(Date.now() - back).toBeLessThan(5_000);
    expect(await readiness(web)).toMatchObject({ status: 'ready', redis: 'connected' });
    fresh.dispose();
    await after.dispose();
    await before.dispose();
  }, 120_000);

  it('survives its database connections being cut three times under traffic, and finishes every job', async () => {
    const cut = () =>
      admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`);
    const files: string[] = [];
    let stopTraffic = false;
    const traffic = (async () => {
      for (let i = 0; !stopTraffic; i++) await visitorTurn(`Do you ship abroad? (${i})`).catch(() => false);
    })();
    for (let round = 0; round < 3; round++) {
      files.push(await upload(`cut-${round}.md`, `# Section ${round}\n\n${'Parcels leave the warehouse every afternoon. '.repeat(400)}\n`));
      await cut();
      await new Promise((r) => setTimeout(r, 300));
    }
    stopTraffic = true;
    await traffic;
    for (const process of [web, worker]) expect(alive(process), logs()).toBe(true);
    // Every file the worker was given during the cuts is indexed: its jobs were retried.
    for (const id of files) await waitFor(async () => (await fileOf(id)).status === 'ready', `file ${id} to be indexed`);
    expect(await visitorTurn('And after all that?'), `${lastAnswer}${logs()}`).toBe(true);
  }, 150_000);

  it('hands a file whose worker was killed mid-indexing to a new worker, with no duplicate passages', async () => {
    // Big enough that indexing takes a while: thousands of sections.
    const sections = Array.from(
      { length: 6_000 },
      (_, i) => `## Care note ${i}\n\nRinse item ${i} in cold water and let it dry flat, away from the sun, for ${i % 9} hours.\n`,
    );
    const fileId = await upload('care-guide.md', `# Care guide\n\n${sections.join('\n')}`);
    await waitFor(async () => (await fileOf(fileId)).status === 'processing', 'indexing to start');
    worker.child.kill('SIGKILL');
    await new Promise((r) => worker.child.once('exit', r));
    expect((await fileOf(fileId)).status).toBe('processing');

    worker = await startWorkerBundle(bundle.dir, env());
    const started = Date.now();
    let sawRetrying = false;
    await waitFor(
      async () => {
        const file = await fileOf(fileId);
        if (file.status === 'processing' && file.statusReason === 'Retrying…') sawRetrying = true;
        return file.status === 'ready';
      },
      'the file to be indexed by the new worker',
      45_000,
    );
    expect(Date.now() - started).toBeLessThan(45_000);
    expect(sawRetrying).toBe(true);
    const { rows } = await admin.query<{ total: number; distinct: number }>(
      'SELECT count(*)::int AS total, count(DISTINCT text)::int AS distinct FROM passages WHERE file_id = $1',
      [fileId],
    );
    expect(rows[0]?.total).toBeGreaterThan(0);
    expect(rows[0]?.total).toBe(rows[0]?.distinct);
    expect(rows[0]?.total).toBe((await fileOf(fileId)).passageCount);
  }, 120_000);
});
