import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../testing/s3-server';
import { freePort } from '../../testing/server-bundle';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { LocalObjectStorage } from './local-object-storage';
import { createObjectLinkSigner } from './object-links';
import { ObjectNotFoundError, type ObjectStorage, ObjectTooLargeError, StorageUnavailableError } from './object-storage';
import { S3ObjectStorage } from './s3-object-storage';

/**
 * The disk and the bucket behave the same through ObjectStorage: what one stores, the other would
 * give back, and their links work the same with a plain HTTP client (the disk's through the
 * server's own signed route, the bucket's straight to a real S3-protocol server, s3rver).
 */
let s3: TestS3Server;
let app: TestApp;
const storages: Record<'disk' | 'bucket', ObjectStorage> = {} as never;

beforeAll(async () => {
  s3 = await startS3Server();
  storages.bucket = new S3ObjectStorage(
    {
      bucket: s3.bucket,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.env.S3_ACCESS_KEY_ID as string, secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY as string },
    },
    pino({ level: 'silent' }),
  );
  // The disk's links are served by the app's /api/objects/ route, so it listens for real.
  app = await createTestApp();
  const origin = await app.app.listen({ port: 0, host: '127.0.0.1' });
  const { env } = app.services;
  storages.disk = new LocalObjectStorage({ root: env.dataDir, links: createObjectLinkSigner(env.JWT_SECRET), baseUrl: origin });
}, 60_000);

afterAll(async () => {
  storages.bucket?.close?.();
  await app?.close();
  await s3?.stop();
});

const inAMinute = () => new Date(Date.now() + 60_000);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe.each(['disk', 'bucket'] as const)('%s storage', (kind) => {
  const storage = () => storages[kind];
  const key = (name: string) => `files/${kind}-store/${name}`;

  it('gives back exactly what it stored, by Buffer and by stream, with its size; deleted, it is gone', async () => {
    const bytes = Buffer.from('Returns are free within 30 days.\n');
    await storage().put(key('a'), bytes, { contentType: 'text/plain' });
    expect(await storage().read(key('a'))).toEqual(bytes);
    expect(await storage().head(key('a'))).toEqual({ size: bytes.length });
    const opened = await storage().open(key('a'));
    expect(opened.size).toBe(bytes.length);
    const streamed: Buffer[] = [];
    for await (const chunk of opened.body as AsyncIterable<Buffer>) streamed.push(chunk);
    expect(Buffer.concat(streamed)).toEqual(bytes);

    await storage().remove(key('a'));
    expect(await storage().head(key('a'))).toBeNull();
    await expect(storage().read(key('a'))).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(storage().open(key('a'))).rejects.toBeInstanceOf(ObjectNotFoundError);
    // Deleting what is not there is not an error.
    await storage().remove(key('a'));
  });

  it('takes a stream up to its limit, answering size and sha256, and keeps nothing of one over it', async () => {
    const bytes = Buffer.alloc(300_000, 7);
    const written = await storage().putStream(key('s'), Readable.from([bytes.subarray(0, 100_000), bytes.subarray(100_000)]), {
      maxBytes: bytes.length,
    });
    expect(written).toEqual({ size: bytes.length, sha256: sha256(bytes) });
    expect(await storage().read(key('s'))).toEqual(bytes);
    await expect(storage().putStream(key('big'), Readable.from([bytes]), { maxBytes: 1000 })).rejects.toBeInstanceOf(ObjectTooLargeError);
    expect(await storage().head(key('big'))).toBeNull();
  });

  it('deletes every object under a prefix and nothing else', async () => {
    for (const name of ['one', 'two', 'three']) await storage().put(`files/${kind}-gone/${name}`, Buffer.from(name));
    await storage().put(`files/${kind}-kept/one`, Buffer.from('kept'));
    await storage().removePrefix(`files/${kind}-gone`);
    for (const name of ['one', 'two', 'three']) expect(await storage().head(`files/${kind}-gone/${name}`)).toBeNull();
    expect(await storage().read(`files/${kind}-kept/one`)).toEqual(Buffer.from('kept'));
  });

  it('refuses keys it did not build, so no name reaches outside its folder', async () => {
    for (const bad of ['../jwt-secret', 'files/../../jwt-secret', '/etc/passwd', 'files', 'Files/x', 'files/a\\b'])
      await expect(storage().put(bad, Buffer.from('x'))).rejects.toThrow(/not an object key/);
  });

  it('takes the bytes at a presigned PUT URL with no other authorisation', async () => {
    const bytes = Buffer.from('{"products":[]}');
    const url = await storage().presignedPut(key('put'), {
      expiresAt: inAMinute(),
      contentType: 'application/json',
      contentLength: bytes.length,
    });
    const res = await fetch(url, { method: 'PUT', body: new Uint8Array(bytes), headers: { 'content-type': 'application/json' } });
    expect(res.status, await res.text()).toBeLessThan(300);
    expect(await storage().read(key('put'))).toEqual(bytes);
  });

  it('downloads by a presigned GET URL under the file’s own name, in any script', async () => {
    const bytes = Buffer.from('ส่งฟรีทั่วประเทศ 配送料無料');
    await storage().put(key('get'), bytes);
    for (const fileName of ['返品ポリシー.md', 'นโยบายการคืนสินค้า.md', 'plain "quoted" (1).txt']) {
      const url = await storage().presignedGet(key('get'), { expiresAt: inAMinute(), fileName, contentType: 'text/markdown' });
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes);
      expect(res.headers.get('content-type')).toMatch(/^text\/markdown/);
      const disposition = res.headers.get('content-disposition') ?? '';
      expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
      const encoded = /filename\*=UTF-8''(.+)$/.exec(disposition)?.[1] ?? '';
      expect(decodeURIComponent(encoded)).toBe(fileName);
    }
  });

  it('refuses an expired link, and a link whose signature was altered', async () => {
    await storage().put(key('old'), Buffer.from('old'));
    const expired = await storage().presignedGet(key('old'), { expiresAt: new Date(Date.now() - 60_000), fileName: 'old.txt' });
    expect((await fetch(expired)).status).toBe(403);
    const putExpired = await storage().presignedPut(key('late'), {
      expiresAt: new Date(Date.now() - 60_000),
      contentType: 'text/plain',
      contentLength: 4,
    });
    expect((await fetch(putExpired, { method: 'PUT', body: 'late', headers: { 'content-type': 'text/plain' } })).status).toBe(403);
    expect(await storage().head(key('late'))).toBeNull();

    // s3rver checks a presigned URL's expiry but not its V4 signature (S3 itself does): the disk's only.
    if (kind === 'bucket') return;
    const valid = new URL(await storage().presignedGet(key('old'), { expiresAt: inAMinute(), fileName: 'old.txt' }));
    const altered = (param: string, value: string) => {
      const url = new URL(valid);
      url.searchParams.set(param, value);
      return url;
    };
    expect((await fetch(valid)).status).toBe(200);
    expect((await fetch(altered('signature', `${valid.searchParams.get('signature')?.slice(0, -4)}AAAA`))).status).toBe(403);
    expect((await fetch(altered('name', 'other.txt'))).status).toBe(403);
  });
});

it('keeps disk objects at DATA_DIR/<key>, as files were kept before there was a bucket', async () => {
  await storages.disk.put('files/store-1/file-1', Buffer.from('x'));
  expect(existsSync(path.join(app.services.env.dataDir, 'files', 'store-1', 'file-1'))).toBe(true);
});

it('answers a clear 503 when the bucket cannot be reached, and logs the failure without the secret key', async () => {
  const lines: string[] = [];
  const logger = pino({ level: 'error' }, { write: (line: string) => void lines.push(line) });
  const unreachable = new S3ObjectStorage(
    {
      bucket: 'aisle-test',
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${await freePort()}`,
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIA-TEST', secretAccessKey: 'secret-key-never-logged' },
    },
    logger,
  );
  try {
    const failure = await unreachable.put('files/s/f', Buffer.from('x')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StorageUnavailableError);
    expect((failure as StorageUnavailableError).status).toBe(503);
    expect((failure as StorageUnavailableError).toBody()).toEqual({
      detail: 'File storage is unavailable right now. Try again in a few minutes.',
    });
    expect(lines.join('')).toContain('object storage failed');
    expect(lines.join('')).not.toContain('secret-key-never-logged');
  } finally {
    unreachable.close();
  }
});
