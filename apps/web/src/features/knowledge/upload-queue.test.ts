import { describe, expect, it } from 'vitest';
import type { StoreFile } from './store-file';
import { type FileRow, fileRows, type UploadAction, type UploadEntry, uploadsReducer } from './upload-queue';

const STORE = 'store-1';

const serverFile = (id: string, change: Partial<StoreFile> = {}): StoreFile => ({
  id,
  ownerEmail: 'ann@shop.test',
  fileName: `${id}.md`,
  size: 2048,
  storeID: STORE,
  contentType: 'text/markdown',
  status: 'uploading',
  statusReason: null,
  progress: 0,
  passageCount: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
  ...change,
});

const run = (...actions: UploadAction[]) => actions.reduce(uploadsReducer, [] as UploadEntry[]);
const added: UploadAction = {
  type: 'added',
  entries: [
    { key: 'k1', storeId: STORE, fileName: 'faq.md', size: 2000 },
    { key: 'k2', storeId: STORE, fileName: 'sizes.txt', size: 1000 },
  ],
};
const view = (rows: FileRow[]) => rows.map((row) => [row.fileName, row.status, row.progress, row.progressKind]);

describe('the upload queue', () => {
  it('starts each chosen file as uploading at 0 %, before the server gave it an id', () => {
    const rows = fileRows([], run(added), STORE);
    expect(view(rows)).toEqual([
      ['faq.md', 'uploading', 0, 'upload'],
      ['sizes.txt', 'uploading', 0, 'upload'],
    ]);
    expect(rows.every((row) => row.fileId === null)).toBe(true);
  });

  it('shows bytes sent as upload progress, then 100 % once sent', () => {
    const state = run(added, { type: 'accepted', key: 'k1', fileId: 'f1' }, { type: 'progress', key: 'k1', loaded: 500 });
    expect(fileRows([serverFile('f1')], state, STORE)[0]).toMatchObject({
      status: 'uploading',
      progress: 25,
      progressKind: 'upload',
      fileId: 'f1',
    });
    const sent = uploadsReducer(state, { type: 'sent', key: 'k1' });
    expect(fileRows([serverFile('f1')], sent, STORE)[0]).toMatchObject({ status: 'uploading', progress: 100 });
  });

  it('never counts more bytes than the file has, nor progress for a file not uploading', () => {
    const state = run(added, { type: 'accepted', key: 'k1', fileId: 'f1' }, { type: 'progress', key: 'k1', loaded: 99_999 });
    expect(state.find((e) => e.key === 'k1')?.loaded).toBe(2000);
    expect(run(added, { type: 'progress', key: 'k2', loaded: 10 }).find((e) => e.key === 'k2')?.loaded).toBe(0);
  });

  it('hands over to the live row: queued, then processing progress, then ready with its passages', () => {
    const state = run(
      added,
      { type: 'accepted', key: 'k1', fileId: 'f1' },
      { type: 'sent', key: 'k1' },
      { type: 'finished', result: { fileId: 'f1', status: 'queued' } },
    );
    // The finish call answered before the live update arrived.
    expect(fileRows([serverFile('f1')], state, STORE)[0]).toMatchObject({ status: 'queued', progress: 0, progressKind: 'processing' });
    expect(fileRows([serverFile('f1', { status: 'processing', progress: 40 })], state, STORE)[0]).toMatchObject({
      status: 'processing',
      progress: 40,
      progressKind: 'processing',
    });
    expect(fileRows([serverFile('f1', { status: 'ready', progress: 100, passageCount: 7 })], state, STORE)[0]).toMatchObject({
      status: 'ready',
      progress: null,
      passageCount: 7,
      key: 'k1',
    });
  });

  it('lets live processing win over an upload still being finished', () => {
    const state = run(added, { type: 'accepted', key: 'k1', fileId: 'f1' }, { type: 'sent', key: 'k1' });
    expect(fileRows([serverFile('f1', { status: 'processing', progress: 10 })], state, STORE)[0]).toMatchObject({
      status: 'processing',
      progress: 10,
    });
  });

  it('says a file is being retried after its worker stopped, beside its progress', () => {
    const rows = fileRows([serverFile('f3', { status: 'processing', progress: 10, statusReason: 'Retrying…' })], [], STORE);
    expect(rows[0]).toMatchObject({ status: 'processing', progress: 10, reason: 'Retrying…' });
  });

  it('shows the reason of a file that failed while processing', () => {
    const rows = fileRows([serverFile('f9', { status: 'failed', statusReason: 'The PDF has no text layer.' })], [], STORE);
    expect(rows[0]).toMatchObject({
      status: 'failed',
      progress: null,
      reason: 'The PDF has no text layer.',
      fileId: 'f9',
      dismissible: false,
    });
  });

  it('keeps a refused upload as a failed row with the server’s message, dismissible', () => {
    const state = run(added, { type: 'refused', key: 'k2', error: 'This file is larger than the 20 MB limit.' });
    const row = fileRows([], state, STORE).find((r) => r.key === 'k2');
    expect(row).toMatchObject({ status: 'failed', reason: 'This file is larger than the 20 MB limit.', dismissible: true, fileId: null });
    expect(fileRows([], uploadsReducer(state, { type: 'dismissed', keys: ['k2'] }), STORE).map((r) => r.key)).toEqual(['k1']);
  });

  it('reports a failed finish on the live row when there is one', () => {
    const state = run(
      added,
      { type: 'accepted', key: 'k1', fileId: 'f1' },
      { type: 'finished', result: { fileId: 'f1', status: 'failed', statusReason: 'Unsupported file type.' } },
    );
    expect(fileRows([serverFile('f1')], state, STORE)[0]).toMatchObject({
      status: 'failed',
      reason: 'Unsupported file type.',
      fileId: 'f1',
    });
  });

  it('marks a duplicate, naming the file that already holds the same content', () => {
    const state = run(
      added,
      { type: 'accepted', key: 'k1', fileId: 'f1' },
      { type: 'finished', result: { fileId: 'f1', status: 'duplicate', duplicateOf: 'old' } },
    );
    const original = serverFile('old', { fileName: 'faq-2025.md', status: 'ready', createdAt: '2026-11-01T00:00:00.000Z' });
    const rows = fileRows([original], state, STORE);
    expect(rows[0]).toMatchObject({
      status: 'duplicate',
      reason: 'Same content as “faq-2025.md”, already in this store.',
      dismissible: true,
    });
    expect(rows.map((r) => r.fileName)).toEqual(['faq.md', 'sizes.txt', 'faq-2025.md']);
  });

  it('does not list a live "uploading" row twice while upload-batch has not answered', () => {
    const rows = fileRows([serverFile('f1'), serverFile('f2')], run(added), STORE);
    expect(rows.map((r) => r.fileName)).toEqual(['faq.md', 'sizes.txt']);
  });

  it('lists only the chosen store’s files, newest first, and drops a deleted file', () => {
    const files = [
      serverFile('a', { status: 'ready', createdAt: '2026-11-01T00:00:00.000Z' }),
      serverFile('b', { status: 'ready', createdAt: '2026-11-02T00:00:00.000Z' }),
      serverFile('c', { storeID: 'other' }),
    ];
    expect(fileRows(files, [], STORE).map((r) => r.fileId)).toEqual(['b', 'a']);
    const done = run(added, { type: 'accepted', key: 'k1', fileId: 'a' }, { type: 'finished', result: { fileId: 'a', status: 'queued' } });
    expect(fileRows(files.slice(1), done, STORE).map((r) => r.fileName)).toEqual(['sizes.txt', 'b.md']);
  });
});
