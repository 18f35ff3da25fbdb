import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson } from '../src/testing/bundle-client';
import { contentBombPdf, deepJson, giantRunDocx, largeProductCsv, zipBombDocx } from '../src/testing/hostile-documents';
import { buildBundle, createUserWithCli, type RunningServer, startBundle } from '../src/testing/server-bundle';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/**
 * Files built to exhaust a parser, uploaded through the real flow to the production server while
 * another merchant chats: each fails with a reason, a large legitimate file still indexes, the
 * server never goes down, and a restart on the same data replays nothing.
 */
describe('hostile files', () => {
  let bundle: ReturnType<typeof buildBundle>;
  let dataDir: string;
  let server: RunningServer | undefined;
  const owner = { email: 'owner@shop.test', password: 'correct horse battery' };
  const other = { email: 'other@shop.test', password: 'correct horse battery' };

  // The CLI opens the embedded database in a process of its own: slow on a busy machine, so it
  // runs here, under the hook's own time limit, not the test's.
  beforeAll(() => {
    bundle = buildBundle();
    dataDir = mkdtempSync(path.join(tmpdir(), 'aisle-hostile-'));
    createUserWithCli(env(), owner);
    createUserWithCli(env(), other);
  }, 180_000);
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
    JWT_SECRET: 'hostile-secret-hostile-secret-0123456789',
    WEB_DIST_DIR: '/nonexistent',
  });
  const call = async (s: RunningServer, url: string, body: unknown, token?: string) => {
    const res = await postJson(s.url, url, body, token);
    if (res.httpStatus >= 300) throw new Error(`${url} answered ${res.httpStatus}: ${JSON.stringify(res)}`);
    return res;
  };
  type FileState = { id: string; fileName: string; status: string; statusReason: string | null };
  const fileStates = async (s: RunningServer, token: string) => {
    const res = await call(s, '/graphql', { query: '{ listFiles(limit: 100) { items { id fileName status statusReason } } }' }, token);
    return res.data.listFiles.items as FileState[];
  };

  it('fails each hostile file with a reason while the server keeps answering, and a restart replays none', async () => {
    server = await startBundle(bundle.dir, env());
    const running = server;
    const ownerToken = (await call(running, '/api/token/', owner)).access as string;
    const otherToken = (await call(running, '/api/token/', other)).access as string;

    // The other merchant's chat, on the built-in model: its answers must keep coming.
    const assistant = await call(running, '/api/assistant/create/', { assistantName: 'Local', model: 'local:extractive' }, otherToken);
    const thread = await call(running, '/api/thread/create/', { assistantId: assistant.id }, otherToken);
    let done = false;
    const answers: boolean[] = [];
    const chatting = (async () => {
      while (!done) {
        const res = await fetch(`${running.url}/api/chat/message/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${otherToken}` },
          body: JSON.stringify({ threadId: thread.id, content: 'Do you ship abroad?' }),
        });
        answers.push(res.ok && (await res.text()).includes('event: done'));
      }
    })();
    const health: number[] = [];
    const probing = (async () => {
      while (!done) {
        health.push(
          await fetch(`${running.url}/healthz`).then(
            (res) => res.status,
            () => 0,
          ),
        );
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();

    const store = await call(running, '/api/store/create/', { name: 'Catalogue' }, ownerToken);
    const uploads = [
      { fileName: 'bomb.docx', contentType: DOCX, bytes: zipBombDocx(300) },
      { fileName: 'one-run.docx', contentType: DOCX, bytes: giantRunDocx(200) },
      { fileName: 'bomb.pdf', contentType: 'application/pdf', bytes: contentBombPdf(300) },
      { fileName: 'deep.json', contentType: 'application/json', bytes: deepJson(100_000) },
      // Long descriptions (1,600 products): indexing many thousands of passages holds the embedded
      // database for tens of seconds, a separate matter from parsing.
      { fileName: 'products.csv', contentType: 'text/csv', bytes: largeProductCsv(20, 120) },
    ];
    const batch = await call(
      running,
      '/api/files/upload-batch/',
      { storeId: store.id, files: uploads.map(({ fileName, contentType, bytes }) => ({ fileName, contentType, size: bytes.length })) },
      ownerToken,
    );
    const targets = batch.files as { fileId: string; uploadUrl: string }[];
    for (const [i, target] of targets.entries()) {
      const upload = uploads[i] as (typeof uploads)[number];
      const put = await fetch(`${running.url}${target.uploadUrl}`, {
        method: 'PUT',
        body: new Uint8Array(upload.bytes),
        headers: { 'content-type': upload.contentType },
      });
      expect(put.status).toBe(204);
    }
    await call(running, '/api/files/finish-upload/', { storeId: store.id, fileIds: targets.map((t) => t.fileId) }, ownerToken);

    const deadline = Date.now() + 100_000;
    let states = await fileStates(running, ownerToken);
    while (!states.every((file) => file.status === 'ready' || file.status === 'failed')) {
      if (Date.now() > deadline) throw new Error(`files not done: ${JSON.stringify(states)}\n${running.output.join('').slice(-3000)}`);
      expect(running.child.exitCode).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 250));
      states = await fileStates(running, ownerToken);
    }
    done = true;
    await Promise.all([chatting, probing]);

    const byName = Object.fromEntries(states.map((file) => [file.fileName, file]));
    expect(byName['products.csv']?.status).toBe('ready');
    for (const name of ['bomb.docx', 'one-run.docx', 'bomb.pdf', 'deep.json']) {
      expect(byName[name]?.status, name).toBe('failed');
      expect(byName[name]?.statusReason, name).toMatch(/expands to more than|nested more than/);
    }
    expect(running.child.exitCode).toBeNull();
    expect(health.length).toBeGreaterThan(5);
    expect(health.every((status) => status === 200)).toBe(true);
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.every(Boolean)).toBe(true);

    running.child.kill('SIGKILL');
    await new Promise((resolve) => running.child.once('exit', resolve));
    server = await startBundle(bundle.dir, env());
    const restarted = server;
    expect((await fetch(`${restarted.url}/healthz`)).status).toBe(200);
    expect((await fileStates(restarted, ownerToken)).map(({ fileName, status }) => ({ fileName, status }))).toEqual(
      states.map(({ fileName, status }) => ({ fileName, status })),
    );
    expect(await restarted.stop()).toBe(0);
    server = undefined;
  }, 180_000);
});
