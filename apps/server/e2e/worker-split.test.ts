import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadOverHttp } from '../src/testing/bundle-client';
import type { GqlData } from '../src/testing/graphql-client';
import {
  buildBundle,
  createUserWithCli,
  type RunningProcess,
  type RunningServer,
  startBundle,
  startWorkerBundle,
} from '../src/testing/server-bundle';
import { createScratchDatabase, redisUrl, type ScratchDatabase, scaled } from '../src/testing/test-backend';

/**
 * The roles apart (DESIGN "Runtime shape"): a `ROLE=web` process serves the routes and only queues
 * jobs; a separate `ROLE=worker` process, serving nothing, runs them. Both are the production
 * bundle on one Postgres and Redis, and share DATA_DIR, where uploaded files are kept. Runs in the
 * scaled pass only.
 */
const secret = `split-${randomUUID()}-${randomUUID()}`;
const owner = { email: 'owner@shop.test', password: 'correct horse battery' };
const STARTED_JOBS = 'running background jobs';

describe.runIf(scaled && redisUrl)('web and worker in separate processes', () => {
  let database: ScratchDatabase;
  let bundle: ReturnType<typeof buildBundle>;
  let dataDir: string;
  let web: RunningServer;
  let worker: RunningProcess | undefined;
  let queue: pg.Client;
  let access: string;

  const env = () => ({
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    JWT_SECRET: secret,
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'none'),
    DEFAULT_MODEL: 'local:extractive',
    EMBEDDING_PROVIDER: undefined,
    // A thread counts as quiet after 0.6 s (the default is 10 minutes).
    THREAD_SUMMARY_QUIET_MINUTES: '0.01',
  });

  beforeAll(async () => {
    bundle = buildBundle();
    database = await createScratchDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'aisle-split-'));
    // At info level, so the log would show workers starting here if they did.
    web = await startBundle(bundle.dir, { ...env(), ROLE: 'web', LOG_LEVEL: 'info' });
    createUserWithCli(env(), owner);
    const login = await call('/api/token/', owner);
    access = login.access;
    queue = new pg.Client({ connectionString: database.url });
    await queue.connect();
  }, 90_000);

  afterAll(async () => {
    await Promise.all([web?.stop(), worker?.stop()]);
    await queue?.end();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    bundle?.remove();
  });

  async function call(url: string, body: unknown, token?: string): Promise<GqlData> {
    const res = await fetch(`${web.url}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return (res.status === 204 ? null : await res.json()) as GqlData;
  }
  const graphql = async (query: string) => (await call('/graphql', { query }, access)).data;

  const upload = (storeId: string, fileName: string, text: string) => uploadOverHttp(web.url, access, { storeId, fileName, text });
  const fileStatus = async (id: string) => (await graphql(`{ getFile(id: "${id}") { status } }`)).getFile.status as string;
  const summaryOf = async (id: string) =>
    (await graphql(`{ getSharedThread(id: "${id}") { threadSummary } }`)).getSharedThread.threadSummary;
  const jobs = async () =>
    (
      await queue.query<{ name: string; state: string; due_seconds: number }>(
        `SELECT name, state::text, extract(epoch FROM now() - start_after)::float8 AS due_seconds FROM pgboss.job
         WHERE name IN ('ingest-file', 'summarize-shared-thread') ORDER BY name`,
      )
    ).rows;
  async function waitFor(check: () => Promise<boolean>, what: string) {
    const deadline = Date.now() + 60_000;
    while (!(await check())) {
      if (Date.now() > deadline) {
        throw new Error(
          `timed out waiting for ${what}\nweb:\n${web.output.join('').slice(-2000)}\nworker:\n${worker?.output.join('').slice(-2000)}`,
        );
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('queues an upload and a quiet thread’s summary on the web process; only the worker process runs them', async () => {
    const store = await call('/api/store/create/', { name: 'Help centre' }, access);
    const fileId = await upload(store.id, 'returns.md', '# Returns\n\nUnworn items can be returned within 30 days for a full refund.\n');

    const assistant = await call('/api/assistant/create/', { assistantName: 'Shop helper' }, access);
    const share = await call('/api/shared-assistant/create/', { assistantId: assistant.id }, access);
    const visit = await call('/api/shared-chat/message/', { token: share.shareToken.token, message: 'Do you ship to Canada?' });
    const threadId = visit.sharedThreadId as string;
    expect(threadId, JSON.stringify(visit)).toBeTruthy();

    // Both jobs wait in the queue. Once each has been due for longer than a worker's polling
    // interval (2 s), none has started: nothing in the web process takes jobs.
    await waitFor(async () => {
      const queued = await jobs();
      return queued.length === 2 && queued.every((job) => job.due_seconds > 3);
    }, 'both jobs to be due');
    expect((await jobs()).map((job) => [job.name, job.state])).toEqual([
      ['ingest-file', 'created'],
      ['summarize-shared-thread', 'created'],
    ]);
    expect(await fileStatus(fileId)).toBe('queued');
    expect(await summaryOf(threadId)).toBeNull();

    worker = await startWorkerBundle(bundle.dir, env());
    await waitFor(async () => (await fileStatus(fileId)) === 'ready', 'the file to be indexed');
    const search = await call('/api/store/search/', { storeIds: [store.id], query: 'refund', k: 1 }, access);
    expect(search.results[0].text).toContain('within 30 days');
    await waitFor(async () => Boolean(await summaryOf(threadId)), 'the thread summary');
    expect(await summaryOf(threadId)).toContain('Canada');

    // With both running, a new upload goes from the web process to the worker by the queue alone.
    const laterId = await upload(store.id, 'shipping.md', '# Shipping\n\nWe ship to Canada within five working days.\n');
    await waitFor(async () => (await fileStatus(laterId)) === 'ready', 'the second file to be indexed');
    // The worker's boot re-queued the waiting file only when it had no job: one job per file. The
    // file turns ready inside the handler, a moment before pg-boss marks its job completed.
    const ingestStates = async () => (await jobs()).filter((job) => job.name === 'ingest-file').map((job) => job.state);
    await waitFor(async () => (await ingestStates()).every((state) => state === 'completed'), 'both ingest jobs to complete');
    expect(await ingestStates()).toEqual(['completed', 'completed']);

    expect(web.output.join('')).toContain('role: web');
    expect(web.output.join('')).not.toContain(STARTED_JOBS);
    expect(worker.output.join('')).toContain(STARTED_JOBS);
    // SIGTERM: it stops taking jobs and closes cleanly.
    expect(await worker.stop()).toBe(0);
  }, 150_000);
});
