import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { postJson } from '../src/testing/bundle-client';
import { buildBundle, createUserWithCli, type RunningServer, startBundle } from '../src/testing/server-bundle';

/**
 * Durability as a merchant would meet it: the server is killed (no graceful shutdown) while a file
 * is being indexed; once it is started again the file finishes by itself, exactly once.
 */
describe('ingestion survives a crash', () => {
  let bundle: ReturnType<typeof buildBundle>;
  let dataDir: string;
  let server: RunningServer | undefined;
  const owner = { email: 'owner@shop.test', password: 'correct horse battery' };

  beforeAll(() => {
    bundle = buildBundle();
    dataDir = mkdtempSync(path.join(tmpdir(), 'aisle-ingest-'));
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    bundle?.remove();
  });

  const env = () => ({
    DATA_DIR: dataDir,
    DATABASE_URL: undefined,
    REDIS_URL: undefined,
    PUBLIC_URL: undefined,
    EMBEDDING_PROVIDER: undefined,
    JWT_SECRET: 'restart-secret-restart-secret-0123456789',
    WEB_DIST_DIR: '/nonexistent',
  });
  const call = (s: RunningServer, url: string, body: unknown, token?: string) => postJson(s.url, url, body, token);
  type FileState = { id: string; status: string; progress: number; passageCount: number };
  const fileState = async (s: RunningServer, token: string, fileId: string) => {
    const res = await call(s, '/graphql', { query: '{ listFiles { items { id status progress passageCount } } }' }, token);
    return (res.data.listFiles.items as FileState[]).find((file) => file.id === fileId) as FileState;
  };
  const waitFor = async (check: () => Promise<boolean>, what: string, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; server log:\n${server?.output.join('').slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };

  it('finishes the interrupted file after a restart, with no duplicate passages', async () => {
    createUserWithCli(env(), owner);
    server = await startBundle(bundle.dir, env());
    const login = await call(server, '/api/token/', owner);
    const access = login.access as string;
    expect(access, JSON.stringify(login)).toBeTruthy();
    const running = server;

    // A big handbook, so indexing takes long enough to be caught halfway. On a busy machine a poll
    // can miss the whole indexing of one: the next attempt uploads one twice as big, to a new store.
    const uploadHandbook = async (sectionCount: number) => {
      const store = await call(running, '/api/store/create/', { name: `Catalogue ${sectionCount}` }, access);
      const sections = Array.from(
        { length: sectionCount },
        (_, i) =>
          `## Product ${i}\n\nThe item number ${i} ships in ${(i % 9) + 1} days and is made of material-${i % 97} with care code c${i}.\n`,
      );
      const bytes = Buffer.from(`# Handbook\n\n${sections.join('\n')}`);
      const batch = await call(
        running,
        '/api/files/upload-batch/',
        { storeId: store.id, files: [{ fileName: 'handbook.md', size: bytes.length, contentType: 'text/markdown' }] },
        access,
      );
      const { fileId, uploadUrl } = batch.files[0];
      expect(
        (
          await fetch(`${running.url}${uploadUrl}`, {
            method: 'PUT',
            body: new Uint8Array(bytes),
            headers: { 'content-type': 'text/markdown' },
          })
        ).status,
      ).toBe(204);
      const finished = await call(running, '/api/files/finish-upload/', { storeId: store.id, fileIds: [fileId] }, access);
      expect(finished.files?.[0]?.status, JSON.stringify(finished)).toBe('queued');
      let indexedTooSoon = false;
      await waitFor(async () => {
        const { status } = await fileState(running, access, fileId);
        indexedTooSoon = status === 'ready';
        return indexedTooSoon || status === 'processing';
      }, 'processing');
      return { store, fileId: fileId as string, indexedTooSoon };
    };
    let caught = await uploadHandbook(20_000);
    for (let attempt = 1; caught.indexedTooSoon && attempt < 3; attempt++) caught = await uploadHandbook(20_000 * 2 ** attempt);
    if (caught.indexedTooSoon) throw new Error('every file was indexed before the process could be stopped: make the handbook bigger');
    const { store, fileId } = caught;
    running.child.kill('SIGKILL');
    await new Promise((r) => running.child.once('exit', r));

    server = await startBundle(bundle.dir, env());
    const restarted = server;
    await waitFor(async () => (await fileState(restarted, access, fileId)).status === 'ready', 'ready after restart', 90_000);
    const file = await fileState(restarted, access, fileId);
    expect(file).toMatchObject({ id: fileId, status: 'ready', progress: 100 });
    const search = await call(restarted, '/api/store/search/', { storeIds: [store.id], query: 'care code c4242', k: 1 }, access);
    expect(search.results[0].text).toContain('item number 4242');
    expect(await server.stop()).toBe(0);
    server = undefined;

    // The index itself: every passage once, and the statistics BM25 reads agree with the passages.
    const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    try {
      const one = async <T>(query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows[0] as T;
      const counts = await one<{ passages: number; ordinals: number; max: number }>(
        sql`SELECT count(*)::int AS passages, count(DISTINCT ordinal)::int AS ordinals, max(ordinal)::int AS max FROM passages WHERE file_id = ${fileId}`,
      );
      expect(counts.passages).toBe(file.passageCount);
      expect(counts.ordinals).toBe(counts.passages);
      expect(counts.max).toBe(counts.passages - 1);
      const totals = await one<{ passage_count: number }>(sql`SELECT passage_count FROM stores WHERE id = ${store.id}`);
      expect(totals.passage_count).toBe(counts.passages);
      const drift = await one<{ wrong: number }>(sql`
        SELECT count(*)::int AS wrong FROM store_term_stats s
        LEFT JOIN (SELECT term, count(*)::int AS df FROM passage_terms WHERE store_id = ${store.id} GROUP BY term) p ON p.term = s.term
        WHERE s.store_id = ${store.id} AND s.df IS DISTINCT FROM p.df`);
      expect(drift.wrong).toBe(0);
    } finally {
      await database.close();
    }
  }, 300_000);
});
