import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestViewer, viewerToken } from '../../testing/graphql-client';
import { createStore, post, uploadFiles, waitForFiles } from '../../testing/knowledge';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * An owner downloads a file back from a store (files/download/) on the embedded default: the link
 * is the server's own signed route, opened with no sign-in, refused once altered.
 */
describe('downloading a store file from disk', () => {
  let t: TestApp;
  let alice: TestViewer;
  let bob: TestViewer;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await viewerToken(t, 'alice@shop.test');
    bob = await viewerToken(t, 'bob@shop.test');
  });
  afterAll(() => t.close());

  it('gives the owner a signed link to the exact bytes under the file’s name; others get 404', async () => {
    const storeId = await createStore(t, alice);
    const text = '# การคืนสินค้า\n\nคืนสินค้าได้ภายใน 30 วัน\n';
    const { fileIds } = await uploadFiles(t, alice, storeId, [{ fileName: 'คืนสินค้า.md', contentType: 'text/markdown', bytes: text }]);
    const fileId = fileIds[0] as string;
    await waitForFiles(t, [fileId]);

    const link = await post(t, alice, '/api/files/download/', { storeId, fileId });
    expect(link.status).toBe(200);
    const url = new URL(link.body?.url);
    expect(url.origin).toBe('http://aisle.test');
    expect(url.pathname).toBe(`/api/objects/files/${storeId}/${fileId}`);
    const open = (target: URL) => t.app.inject({ method: 'GET', url: `${target.pathname}${target.search}` });
    const download = await open(url);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload).toEqual(Buffer.from(text));
    expect(download.headers['content-type']).toMatch(/^text\/markdown/);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="_________.md"; filename*=UTF-8''${encodeURIComponent('คืนสินค้า.md')}`,
    );

    const altered = new URL(url);
    altered.searchParams.set('name', 'other.md');
    const refused = await open(altered);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: 'This download link is invalid or has expired.' });

    expect(await post(t, bob, '/api/files/download/', { storeId, fileId })).toEqual({ status: 404, body: { detail: 'Not found.' } });
    expect((await post(t, null, '/api/files/download/', { storeId, fileId })).status).toBe(401);
  });
});
