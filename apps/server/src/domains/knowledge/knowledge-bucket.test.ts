import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestViewer } from '../../testing/graphql-client';
import { viewerToken } from '../../testing/graphql-client';
import { createStore, post, waitForFiles } from '../../testing/knowledge';
import { startS3Server, type TestS3Server } from '../../testing/s3-server';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * The knowledge API with S3_BUCKET set, against a real S3-protocol server (s3rver) on loopback:
 * the browser's bytes go straight to the bucket by the presigned URL, the server checks and hashes
 * them there at finish, indexing reads them from there, and the owner downloads them from there.
 * Nothing lands in DATA_DIR/files.
 */
describe('knowledge files in an S3 bucket', () => {
  let s3: TestS3Server;
  let t: TestApp;
  let alice: TestViewer;
  let bob: TestViewer;
  let storeId: string;

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp(s3.env);
    alice = await viewerToken(t, 'alice@shop.test');
    bob = await viewerToken(t, 'bob@shop.test');
    storeId = await createStore(t, alice);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await s3?.stop();
  });

  const returns = '# Returns\n\nUnworn items can be returned within 30 days for a full refund.\n';

  /** upload-batch, then the PUT as a browser sends it (no Authorization header) to the URL given. */
  async function sendToBucket(fileName: string, bytes: Buffer, declaredSize = bytes.length) {
    const batch = await post(t, alice, '/api/files/upload-batch/', {
      storeId,
      files: [{ fileName, size: declaredSize, contentType: 'text/markdown' }],
    });
    expect(batch.status).toBe(200);
    const { fileId, uploadUrl } = (batch.body?.files?.[0] ?? {}) as { fileId: string; uploadUrl: string };
    expect(uploadUrl.startsWith(`${s3.endpoint}/${s3.bucket}/files/${storeId}/${fileId}?`)).toBe(true);
    const put = await fetch(uploadUrl, { method: 'PUT', body: new Uint8Array(bytes), headers: { 'content-type': 'text/markdown' } });
    expect(put.status, await put.text()).toBe(200);
    return fileId;
  }
  const finish = (fileIds: string[], viewer = alice) => post(t, viewer, '/api/files/finish-upload/', { storeId, fileIds });

  it('indexes a file uploaded straight to the bucket, and the owner downloads the exact bytes', async () => {
    const bytes = Buffer.from(returns);
    const fileId = await sendToBucket('返品ポリシー.md', bytes);
    const finished = await finish([fileId]);
    expect(finished.body?.files).toEqual([{ fileId, status: 'queued' }]);
    const [row] = await waitForFiles(t, [fileId]);
    expect(row?.status).toBe('ready');

    const search = await post(t, alice, '/api/store/search/', { storeIds: [storeId], query: 'refund', k: 1 });
    expect(search.body?.results[0].text).toContain('within 30 days');

    const link = await post(t, alice, '/api/files/download/', { storeId, fileId });
    expect(link.status).toBe(200);
    expect(link.body?.url.startsWith(`${s3.endpoint}/`)).toBe(true);
    expect(Date.parse(link.body?.expiresAt)).toBeGreaterThan(Date.now());
    const download = await fetch(link.body?.url);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(bytes);
    expect(download.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('返品ポリシー.md')}`);

    // Another owner's file is not found, exactly like one that does not exist.
    const foreign = await post(t, bob, '/api/files/download/', { storeId, fileId });
    expect(foreign).toEqual({ status: 404, body: { detail: 'Not found.' } });
    const missing = await post(t, alice, '/api/files/download/', { storeId, fileId: crypto.randomUUID() });
    expect(missing).toEqual({ status: 404, body: { detail: 'Not found.' } });

    // The same content again is reported as a duplicate and its copy leaves the bucket.
    const again = await sendToBucket('returns copy.md', bytes);
    const duplicate = await finish([again]);
    expect(duplicate.body?.files).toEqual([{ fileId: again, status: 'duplicate', duplicateOf: fileId }]);
    expect(await t.services.storage.head(`files/${storeId}/${again}`)).toBeNull();
    expect(existsSync(path.join(t.services.env.dataDir, 'files'))).toBe(false);
  });

  it('refuses bytes of another size than declared at finish, deletes them, and takes the right ones after', async () => {
    const bytes = Buffer.from('# Shipping\n\nWe ship to Canada within five working days.\n');
    const fileId = await sendToBucket('shipping.md', Buffer.concat([bytes, Buffer.from('extra')]), bytes.length);
    const refused = await finish([fileId]);
    expect(refused).toEqual({
      status: 400,
      body: { detail: `The upload has ${bytes.length + 5} bytes but ${bytes.length} were declared.` },
    });
    expect(await t.services.storage.head(`files/${storeId}/${fileId}`)).toBeNull();

    const notSent = await post(t, alice, '/api/files/upload-batch/', {
      storeId,
      files: [{ fileName: 'later.md', size: 5, contentType: 'text/markdown' }],
    });
    const laterId = notSent.body?.files[0].fileId as string;
    expect((await finish([laterId])).body).toEqual({ fileIds: ['later.md has not been uploaded yet.'] });
  });

  it('removes a deleted file’s bytes and a deleted store’s from the bucket', async () => {
    const other = await createStore(t, alice, 'Catalogue');
    const batch = await post(t, alice, '/api/files/upload-batch/', {
      storeId: other,
      files: [{ fileName: 'a.md', size: 4, contentType: 'text/markdown' }],
    });
    const { fileId, uploadUrl } = (batch.body?.files?.[0] ?? {}) as { fileId: string; uploadUrl: string };
    await fetch(uploadUrl, { method: 'PUT', body: '# A\n', headers: { 'content-type': 'text/markdown' } });
    await post(t, alice, '/api/files/finish-upload/', { storeId: other, fileIds: [fileId] });
    await waitForFiles(t, [fileId]);
    expect(await t.services.storage.head(`files/${other}/${fileId}`)).toEqual({ size: 4 });
    expect((await post(t, alice, '/api/store/delete/', { id: other })).status).toBe(204);
    expect(await t.services.storage.head(`files/${other}/${fileId}`)).toBeNull();
  });
});
