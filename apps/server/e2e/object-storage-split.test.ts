import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, uploadOverHttp } from '../src/testing/bundle-client';
import { multipartBody, tinyPng } from '../src/testing/images';
import { startS3Server, type TestS3Server } from '../src/testing/s3-server';
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
 * With S3_BUCKET set, processes share no disk: a `ROLE=web` process, a `ROLE=worker` process and a
 * second web process, each on its own DATA_DIR, with one Postgres, Redis and bucket (s3rver on
 * loopback). A file uploaded through one web process is indexed by the worker and downloaded,
 * byte for byte, through either web process; an avatar uploaded through one is served by the
 * other. Production bundle; scaled pass only.
 */
const secret = `objects-${randomUUID()}-${randomUUID()}`;
const owner = { email: 'owner@shop.test', password: 'correct horse battery' };

describe.runIf(scaled && redisUrl)('web and worker processes sharing a bucket, not a disk', () => {
  let database: ScratchDatabase;
  let s3: TestS3Server;
  let bundle: ReturnType<typeof buildBundle>;
  const dataDirs: string[] = [];
  let web: RunningServer;
  let otherWeb: RunningServer;
  let worker: RunningProcess;
  let access: string;

  const env = (dataDir: string) => ({
    ...s3.env,
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    JWT_SECRET: secret,
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'none'),
    DEFAULT_MODEL: 'local:extractive',
    EMBEDDING_PROVIDER: undefined,
  });

  beforeAll(async () => {
    bundle = buildBundle();
    [database, s3] = await Promise.all([createScratchDatabase(), startS3Server()]);
    for (let i = 0; i < 3; i++) dataDirs.push(mkdtempSync(path.join(tmpdir(), `aisle-objects-${i}-`)));
    const [webDir, workerDir, otherDir] = dataDirs as [string, string, string];
    // The first web process migrates the database; the others start once it has.
    web = await startBundle(bundle.dir, { ...env(webDir), ROLE: 'web' });
    [otherWeb, worker] = await Promise.all([
      startBundle(bundle.dir, { ...env(otherDir), ROLE: 'web' }, { readyTimeoutMs: 90_000 }),
      startWorkerBundle(bundle.dir, env(workerDir)),
    ]);
    createUserWithCli(env(webDir), owner);
    access = (await postJson(web.url, '/api/token/', owner)).access;
  }, 120_000);

  afterAll(async () => {
    await Promise.all([web?.stop(), otherWeb?.stop(), worker?.stop()]);
    await Promise.all([database?.drop(), s3?.stop()]);
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    bundle?.remove();
  });

  async function waitFor(check: () => Promise<boolean>, what: string) {
    const deadline = Date.now() + 30_000;
    while (!(await check())) {
      if (Date.now() > deadline)
        throw new Error(
          `timed out waiting for ${what}\nweb:\n${web.output.join('').slice(-2000)}\nworker:\n${worker.output.join('').slice(-2000)}`,
        );
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('indexes an upload on the worker and serves the download and the avatar from any web process', async () => {
    const store = await postJson(web.url, '/api/store/create/', { name: 'Help centre' }, access);
    const text = '# 返品\n\nUnworn items can be returned within 30 days for a full refund.\n';
    const fileId = await uploadOverHttp(web.url, access, { storeId: store.id, fileName: '返品.md', text });
    const status = async () =>
      (await postJson(web.url, '/graphql', { query: `{ getFile(id: "${fileId}") { status } }` }, access)).data.getFile.status;
    await waitFor(async () => (await status()) === 'ready', 'the worker to index the file');
    const search = await postJson(otherWeb.url, '/api/store/search/', { storeIds: [store.id], query: 'refund', k: 1 }, access);
    expect(search.results[0].text).toContain('within 30 days');

    for (const server of [web, otherWeb]) {
      const link = await postJson(server.url, '/api/files/download/', { storeId: store.id, fileId }, access);
      expect(link.url.startsWith(`${s3.endpoint}/`)).toBe(true);
      const download = await fetch(link.url);
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer())).toEqual(Buffer.from(text));
    }

    const png = tinyPng(4);
    const form = multipartBody('avatar', 'me.png', 'image/png', png);
    const uploaded = await fetch(`${web.url}/api/users/upload-avatar-url/`, {
      method: 'POST',
      headers: { ...form.headers, authorization: `Bearer ${access}` },
      body: new Uint8Array(form.payload),
    });
    expect(uploaded.status).toBe(200);
    const avatarPath = new URL((await uploaded.json()).user_avatar_url as string).pathname;
    expect(avatarPath).toMatch(/^\/media\/avatars\/[0-9a-f-]{36}\.png$/);
    const served = await fetch(`${otherWeb.url}${avatarPath}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(png);

    // No process wrote a file or an avatar to its own disk.
    for (const dir of dataDirs) {
      expect(existsSync(path.join(dir, 'files'))).toBe(false);
      expect(existsSync(path.join(dir, 'media', 'avatars'))).toBe(false);
    }
  }, 60_000);
});
