import { describe, expect, it } from 'vitest';
import { fileCounts } from './file-counts';
import type { StoreFile } from './store-file';
import { fileRows, type UploadAction, type UploadEntry, uploadsReducer } from './upload-queue';

const STORE = 'store-1';
const serverFile = (id: string, change: Partial<StoreFile> = {}): StoreFile => ({
  id,
  ownerEmail: 'ann@shop.test',
  fileName: `${id}.md`,
  size: 2048,
  storeID: STORE,
  contentType: 'text/markdown',
  status: 'ready',
  statusReason: null,
  progress: 100,
  passageCount: 2,
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
  ...change,
});
const run = (...actions: UploadAction[]) => actions.reduce(uploadsReducer, [] as UploadEntry[]);

describe('file counts', () => {
  it('count as the store’s files only those the server counts, and every other row apart', () => {
    const uploads = run(
      {
        type: 'added',
        entries: ['big.pdf', 'copy.md', 'new.md', 'broken-put.md'].map((fileName) => ({
          key: fileName,
          storeId: STORE,
          fileName,
          size: 10,
        })),
      },
      { type: 'refused', key: 'big.pdf', error: 'big.pdf: This file is larger than the 1 MB limit.' },
      { type: 'accepted', key: 'copy.md', fileId: 'copy' },
      { type: 'finished', result: { fileId: 'copy', status: 'duplicate', duplicateOf: 'faq' } },
      { type: 'accepted', key: 'new.md', fileId: 'new' },
      { type: 'accepted', key: 'broken-put.md', fileId: 'broken-put' },
      { type: 'refused', key: 'broken-put.md', error: 'The upload failed. Please try again.' },
    );
    const files = [
      serverFile('faq'),
      serverFile('sizes', { status: 'processing', progress: 40, passageCount: null }),
      serverFile('scan', { status: 'failed', statusReason: 'This PDF is encrypted.' }),
      serverFile('new', { status: 'uploading', progress: 0 }),
      serverFile('broken-put', { status: 'uploading', progress: 0 }),
      serverFile('elsewhere', { status: 'uploading', progress: 0 }),
    ];
    const rows = fileRows(files, uploads, STORE);
    const counts = fileCounts(rows);
    // What the server's fileCount says for these files: all but the three still "uploading" there.
    expect(counts).toMatchObject({ files: 3, ready: 1, failed: 1, uploading: 2, notAdded: 3 });
    expect(counts.files + counts.uploading + counts.notAdded).toBe(rows.length);
    expect(counts.failedFiles).toEqual([{ id: 'scan', name: 'scan.md' }]);
  });
});
