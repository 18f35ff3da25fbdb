import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, passages, stores } from '../../db/schema';
import { collect, listen, settle, type TestViewer, viewerToken, wsClient } from '../../testing/graphql-client';
import { createStore, post, uploadFiles, waitForFiles } from '../../testing/knowledge';
import { createTestApp, type TestApp } from '../../testing/test-app';

const faq = `# Help centre

## Returns

You can return any unworn item within 30 days of delivery for a full refund. Start a return from your order page.

## Shipping

Orders over $75 ship free. Standard delivery takes 3 to 5 business days.
`;

const sizeChart = `Size chart for the Alpine fleece jacket

Small fits chest 86-91 cm.

Medium fits chest 96-101 cm.

Large fits chest 106-111 cm.
`;

const carePage = `<!doctype html><html><head><title>Care guide</title></head><body>
<nav><a href="/">Home</a> <a href="/sale">Flash sale banner</a></nav>
<main><article><h1>Caring for merino wool</h1>
<p>Wash merino garments cold on a gentle cycle and dry them flat, away from direct heat.</p>
<p>Never tumble dry merino: the fibres felt and the garment shrinks.</p></article></main>
<footer>Copyright Alpine Outfitters. Newsletter signup.</footer></body></html>`;

const text = (fileName: string, bytes: string, contentType: string) => ({ fileName, bytes, contentType });

describe('knowledge stores API', () => {
  let t: TestApp;
  let alice: TestViewer;
  let bob: TestViewer;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await viewerToken(t, 'alice@shop.test');
    bob = await viewerToken(t, 'bob@shop.test');
  });
  afterAll(() => t.close());

  const storeRow = async (id: string) => (await t.services.db.select().from(stores).where(eq(stores.id, id)))[0];
  /** The store once its recount after the last file has landed (it follows the file's own update). */
  const settledStore = async (id: string) => {
    for (let attempt = 0; attempt < 100; attempt++) {
      const row = await storeRow(id);
      if (row?.status !== 'indexing') return row;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return storeRow(id);
  };
  const passageCount = async (storeId: string) => (await t.services.db.select().from(passages).where(eq(passages.storeId, storeId))).length;

  it('creates a store, indexes three files and finds the answer an assistant needs', async () => {
    const created = await post(t, alice, '/api/store/create/', { name: 'Help centre' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Help centre',
      ownerEmail: alice.email,
      totalSize: 0,
      fileCount: 0,
      status: 'empty',
      retrievalMode: 'lexical',
    });
    const storeId = created.body?.id as string;

    const { fileIds, finish } = await uploadFiles(t, alice, storeId, [
      text('faq.md', faq, 'text/markdown'),
      text('size-chart.txt', sizeChart, 'text/plain'),
      text('care.html', carePage, 'text/html'),
    ]);
    expect(finish.map((file) => file.status)).toEqual(['queued', 'queued', 'queued']);
    const done = await waitForFiles(t, fileIds);
    expect(done.map((file) => [file.fileName, file.status, file.progress])).toEqual([
      ['faq.md', 'ready', 100],
      ['size-chart.txt', 'ready', 100],
      ['care.html', 'ready', 100],
    ]);
    expect(done.every((file) => (file.passageCount ?? 0) > 0)).toBe(true);

    const store = await settledStore(storeId);
    expect(store).toMatchObject({
      fileCount: 3,
      status: 'ready',
      totalSize: Buffer.byteLength(faq) + Buffer.byteLength(sizeChart) + Buffer.byteLength(carePage),
    });
    expect(done.map((file) => file.size)).toEqual([faq, sizeChart, carePage].map((content) => Buffer.byteLength(content)));

    const search = await post(t, alice, '/api/store/search/', {
      storeIds: [storeId],
      query: 'How many days do I have to return an item?',
      k: 3,
    });
    expect(search.status).toBe(200);
    expect(search.body?.mode).toBe('lexical');
    const [top] = (search.body?.results ?? []) as {
      fileName: string;
      heading: string;
      text: string;
      matchedTerms: string[];
      score: number;
    }[];
    expect(top?.fileName).toBe('faq.md');
    expect(top?.heading).toContain('Returns');
    expect(top?.text).toContain('30 days');
    expect(top?.matchedTerms).toEqual(expect.arrayContaining(['return', 'days']));

    const care = await post(t, alice, '/api/store/search/', { storeIds: [storeId], query: 'tumble dry merino', k: 5 });
    expect(care.body?.results[0]).toMatchObject({ fileName: 'care.html', heading: 'Caring for merino wool' });
    const boilerplate = await post(t, alice, '/api/store/search/', { storeIds: [storeId], query: 'newsletter copyright flash sale', k: 5 });
    expect(boilerplate.body?.results).toEqual([]);
  });

  it('tells subscribers how a store and its files move through ingestion', async () => {
    const port = await listen(t);
    const client = wsClient(port, alice);
    try {
      const storeId = await createStore(t, alice, 'Live');
      const storeUpdates = collect(client, `subscription($o: String) { onUpdateStore(ownerEmail: $o) { id status fileCount totalSize } }`, {
        o: alice.email,
      });
      const fileUpdates = collect(client, `subscription($o: String) { onUpdateFile(ownerEmail: $o) { id status progress } }`, {
        o: alice.email,
      });
      await settle();
      const { fileIds } = await uploadFiles(t, alice, storeId, [text('faq.md', faq, 'text/markdown')]);
      await waitForFiles(t, fileIds);
      await settle();
      const statuses = fileUpdates.events.map((event) => event.onUpdateFile.status);
      expect(statuses[0]).toBe('queued');
      expect(statuses).toContain('processing');
      expect(statuses.at(-1)).toBe('ready');
      expect(fileUpdates.events.at(-1)?.onUpdateFile.progress).toBe(100);
      const storeStates = storeUpdates.events.map((event) => event.onUpdateStore).filter((store) => store.id === storeId);
      expect(storeStates.map((store) => store.status)).toContain('indexing');
      expect(storeStates.at(-1)).toMatchObject({ status: 'ready', fileCount: 1, totalSize: Buffer.byteLength(faq) });
    } finally {
      await client.dispose();
    }
  });

  it('indexes the same content once: a re-upload is reported as a duplicate', async () => {
    const storeId = await createStore(t, alice, 'Duplicates');
    const first = await uploadFiles(t, alice, storeId, [text('faq.md', faq, 'text/markdown')]);
    await waitForFiles(t, first.fileIds);
    const before = await passageCount(storeId);

    const again = await uploadFiles(t, alice, storeId, [text('faq copy.md', faq, 'text/markdown')]);
    expect(again.finish).toEqual([{ fileId: again.fileIds[0], status: 'duplicate', duplicateOf: first.fileIds[0] }]);
    expect(await passageCount(storeId)).toBe(before);
    expect(await storeRow(storeId)).toMatchObject({ fileCount: 1, totalSize: Buffer.byteLength(faq) });
    const rows = await t.services.db.select().from(files).where(eq(files.storeId, storeId));
    expect(rows.map((row) => row.fileName)).toEqual(['faq.md']);
  });

  it('fails a bad file alone, with its reason, and leaves the rest of the store untouched', async () => {
    const storeId = await createStore(t, alice, 'Mixed');
    const { fileIds } = await uploadFiles(t, alice, storeId, [
      text('faq.md', faq, 'text/markdown'),
      text('catalogue.pdf', '<html><body>not a pdf</body></html>', 'application/pdf'),
      text('broken.pdf', `%PDF-1.7\n${'garbage '.repeat(40)}`, 'application/pdf'),
      text('blank.txt', '   \n\n  ', 'text/plain'),
      {
        fileName: 'photo.png',
        bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
        contentType: 'image/png',
      },
    ]);
    const [good, mismatch, corrupt, blank, image] = await waitForFiles(t, fileIds);
    expect(good?.status).toBe('ready');
    for (const bad of [mismatch, corrupt, blank, image]) {
      expect(bad?.status).toBe('failed');
      expect(bad?.statusReason).toMatch(/\w+/);
      expect(bad?.passageCount).toBe(0);
    }
    expect(mismatch?.statusReason).toMatch(/does not match/i);
    expect(corrupt?.statusReason).toMatch(/damaged|could not be read/i);
    expect(blank?.statusReason).toMatch(/empty/i);
    expect(image?.statusReason).toMatch(/not supported|cannot be indexed|unsupported/i);

    const store = await settledStore(storeId);
    expect(store?.status).toBe('attention');
    const search = await post(t, alice, '/api/store/search/', { storeIds: [storeId], query: 'free shipping', k: 5 });
    expect(new Set(search.body?.results.map((result: { fileName: string }) => result.fileName))).toEqual(new Set(['faq.md']));
  });

  it('refuses an oversize file before any byte is sent', async () => {
    const storeId = await createStore(t, alice, 'Big');
    const res = await post(t, alice, '/api/files/upload-batch/', {
      storeId,
      files: [
        { fileName: 'ok.txt', size: 10, contentType: 'text/plain' },
        { fileName: 'huge.pdf', size: t.services.env.FILE_MAX_BYTES + 1, contentType: 'application/pdf' },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body?.files).toEqual(['huge.pdf: This file is larger than the 25 MB limit. Split it into smaller files and upload those.']);
    expect(await t.services.db.select().from(files).where(eq(files.storeId, storeId))).toEqual([]);
  });

  it('judges a batch file by file: a name over 255 characters is kept shortened, a bad name is refused by name', async () => {
    const storeId = await createStore(t, alice, 'Long names');
    const longName = `Spring catalogue - ${'tents, sleeping bags and camp kitchens - '.repeat(7)}final.md`;
    expect(longName.length).toBeGreaterThan(255);
    const batch = await post(t, alice, '/api/files/upload-batch/', {
      storeId,
      files: ['returns.md', longName, 'shipping.txt', 'sizes.txt'].map((fileName) => ({ fileName, size: 4, contentType: 'text/plain' })),
    });
    expect(batch.status).toBe(200);
    expect(batch.body?.files).toHaveLength(4);
    const names = (await t.services.db.select().from(files).where(eq(files.storeId, storeId))).map((row) => row.fileName);
    const shortened = names.find((name) => name.startsWith('Spring catalogue'));
    expect(shortened?.length).toBeLessThanOrEqual(255);
    expect(shortened).toMatch(/^Spring catalogue - tents, sleeping bags.*….*kitchens - final\.md$/);
    expect(names).toEqual(expect.arrayContaining(['returns.md', 'shipping.txt', 'sizes.txt']));

    const refused = await post(t, alice, '/api/files/upload-batch/', {
      storeId,
      files: ['ok.md', 'tab\there.txt', 'fine.txt'].map((fileName) => ({ fileName, size: 4, contentType: 'text/plain' })),
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      files: ['tab\there.txt: File names may not contain slashes or control characters. Rename the file and upload it again.'],
    });
    expect(await t.services.db.select().from(files).where(eq(files.storeId, storeId))).toHaveLength(4);
  });

  it('refuses file names that try to be paths, and never uses a name as a path', async () => {
    const storeId = await createStore(t, alice, 'Names');
    for (const fileName of ['../../etc/passwd', 'a/b.txt', 'a\\b.txt', '..', 'tab\there.txt', '']) {
      const res = await post(t, alice, '/api/files/upload-batch/', { storeId, files: [{ fileName, size: 4, contentType: 'text/plain' }] });
      expect(res.status, fileName).toBe(400);
      expect(res.body?.['files.0.fileName'] ?? res.body?.files ?? res.body).toBeTruthy();
    }
    expect(await t.services.db.select().from(files).where(eq(files.storeId, storeId))).toEqual([]);

    const { fileIds } = await uploadFiles(t, alice, storeId, [text('..notes.txt', 'Gift cards never expire.', 'text/plain')]);
    const [row] = await waitForFiles(t, fileIds);
    expect(row).toMatchObject({ fileName: '..notes.txt', status: 'ready', filePath: `${storeId}/${fileIds[0]}` });
    expect(readdirSync(path.join(t.services.env.dataDir, 'files', storeId))).toEqual([fileIds[0]]);
  });

  it('only accepts the bytes at a valid, unexpired signed URL, once, with the declared size', async () => {
    const storeId = await createStore(t, alice, 'Signed');
    const batch = await post(t, alice, '/api/files/upload-batch/', {
      storeId,
      files: [{ fileName: 'a.txt', size: 5, contentType: 'text/plain' }],
    });
    const { fileId, uploadUrl } = (batch.body?.files?.[0] ?? {}) as { fileId: string; uploadUrl: string };
    expect(uploadUrl.startsWith(`/api/files/upload/${fileId}/?`)).toBe(true);
    const put = (url: string, payload: string) => t.app.inject({ method: 'PUT', url, payload, headers: { 'content-type': 'text/plain' } });

    const url = new URL(uploadUrl, 'http://aisle.test');
    const tampered = `${url.pathname}?expires=${url.searchParams.get('expires')}&signature=${'0'.repeat(64)}`;
    expect((await put(tampered, 'hello')).statusCode).toBe(403);
    const expired = `${url.pathname}?expires=${Math.floor(Date.now() / 1000) - 10}&signature=${url.searchParams.get('signature')}`;
    expect((await put(expired, 'hello')).statusCode).toBe(403);
    const wrongSize = await put(uploadUrl, 'hello, world');
    expect(wrongSize.statusCode).toBe(413);

    expect((await put(uploadUrl, 'hello')).statusCode).toBe(204);
    const finish = await post(t, alice, '/api/files/finish-upload/', { storeId, fileIds: [fileId] });
    expect(finish.body?.files[0].status).toBe('queued');
    expect((await put(uploadUrl, 'hello')).statusCode).toBe(409);
    await waitForFiles(t, [fileId]);
  });

  it('takes a PUT without a body, or without a content type, as an upload of 0 bytes (the fuzz campaign found 500s)', async () => {
    const storeId = await createStore(t, alice, 'Empty');
    const batch = await post(t, alice, '/api/files/upload-batch/', {
      storeId,
      files: [
        { fileName: 'a.txt', size: 5, contentType: 'text/plain' },
        { fileName: 'empty.txt', size: 0, contentType: 'text/plain' },
      ],
    });
    const [sized, empty] = (batch.body?.files ?? []) as { uploadUrl: string }[];
    const bare = await t.app.inject({ method: 'PUT', url: sized?.uploadUrl as string });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toEqual({ detail: 'The upload has 0 bytes but 5 were declared.' });
    const untyped = await t.app.inject({ method: 'PUT', url: sized?.uploadUrl as string, payload: 'hello' });
    expect(untyped.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'PUT', url: empty?.uploadUrl as string })).statusCode).toBe(204);
  });

  it('finishing a file whose bytes never arrived is refused', async () => {
    const storeId = await createStore(t, alice, 'Unsent');
    const batch = await post(t, alice, '/api/files/upload-batch/', {
      storeId,
      files: [{ fileName: 'a.txt', size: 5, contentType: 'text/plain' }],
    });
    const res = await post(t, alice, '/api/files/finish-upload/', { storeId, fileIds: [batch.body?.files[0].fileId] });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('has not been uploaded yet');
  });

  it('deletes files with everything indexed from them, and the store with its files', async () => {
    const storeId = await createStore(t, alice, 'Deleting');
    const { fileIds } = await uploadFiles(t, alice, storeId, [
      text('faq.md', faq, 'text/markdown'),
      text('size-chart.txt', sizeChart, 'text/plain'),
    ]);
    await waitForFiles(t, fileIds);

    const removed = await post(t, alice, '/api/files/delete-files/', { storeId, fileIds: [fileIds[0]] });
    expect(removed).toEqual({ status: 200, body: { deleted: [fileIds[0]] } });
    const search = await post(t, alice, '/api/store/search/', { storeIds: [storeId], query: 'refund return', k: 5 });
    expect(search.body?.results).toEqual([]);
    expect(await storeRow(storeId)).toMatchObject({ fileCount: 1, totalSize: Buffer.byteLength(sizeChart) });
    expect(existsSync(t.services.env.dataDir && path.join(t.services.env.dataDir, 'files', storeId, fileIds[0] as string))).toBe(false);

    expect((await post(t, alice, '/api/store/delete/', { id: storeId })).status).toBe(204);
    expect(await storeRow(storeId)).toBeUndefined();
    expect(await passageCount(storeId)).toBe(0);
    expect(await t.services.db.select().from(files).where(eq(files.storeId, storeId))).toEqual([]);
    expect(existsSync(path.join(t.services.env.dataDir, 'files', storeId))).toBe(false);
    expect((await post(t, alice, '/api/store/delete/', { id: storeId })).status).toBe(404);
  });

  describe('another merchant', () => {
    let storeId: string;
    let fileIds: string[];

    beforeAll(async () => {
      storeId = await createStore(t, alice, 'Private');
      ({ fileIds } = await uploadFiles(t, alice, storeId, [text('faq.md', faq, 'text/markdown')]));
      await waitForFiles(t, fileIds);
    });

    it('gets "Store not found." for every call on a store that is not theirs, and changes nothing', async () => {
      const calls: [string, unknown][] = [
        ['/api/store/delete/', { id: storeId }],
        ['/api/files/upload-batch/', { storeId, files: [{ fileName: 'x.txt', size: 1, contentType: 'text/plain' }] }],
        ['/api/files/finish-upload/', { storeId, fileIds }],
        ['/api/files/delete-files/', { storeId, fileIds }],
      ];
      for (const [url, body] of calls) {
        expect(await post(t, bob, url, body), url).toEqual({ status: 404, body: { detail: 'Store not found.' } });
      }
      expect(await storeRow(storeId)).toMatchObject({ fileCount: 1, status: 'ready' });
      expect((await t.services.db.select().from(files).where(eq(files.storeId, storeId))).length).toBe(1);
    });

    it('finds nothing in a store that is not theirs', async () => {
      const theirs = await post(t, bob, '/api/store/search/', { storeIds: [storeId], query: 'return refund', k: 5 });
      expect(theirs).toEqual({ status: 200, body: { results: [], mode: 'lexical' } });
      const mine = await post(t, alice, '/api/store/search/', { storeIds: [storeId], query: 'return refund', k: 5 });
      expect(mine.body?.results.length).toBeGreaterThan(0);
    });
  });

  it('requires a signed-in merchant and valid bodies', async () => {
    expect((await post(t, null, '/api/store/create/', { name: 'x' })).status).toBe(401);
    expect((await post(t, null, '/api/store/search/', { storeIds: [], query: 'x' })).status).toBe(401);
    expect(await post(t, alice, '/api/store/create/', { name: '  ' })).toEqual({
      status: 400,
      body: { name: ['This field may not be blank.'] },
    });
    expect((await post(t, alice, '/api/store/delete/', { id: 'not-a-uuid' })).status).toBe(400);
    expect((await post(t, alice, '/api/store/search/', { storeIds: [], query: 'x' })).status).toBe(400);
    expect((await post(t, alice, '/api/store/search/', { storeIds: [crypto.randomUUID()], query: 'x', k: 500 })).status).toBe(400);
    expect((await post(t, alice, '/api/files/upload-batch/', { storeId: crypto.randomUUID(), files: [] })).status).toBe(400);
    const before = await t.services.db.select().from(stores).where(eq(stores.ownerEmail, alice.email));
    expect((await post(t, alice, '/api/store/create/', { name: 'x'.repeat(201) })).status).toBe(400);
    expect(await t.services.db.select().from(stores).where(eq(stores.ownerEmail, alice.email))).toHaveLength(before.length);
  });
});
