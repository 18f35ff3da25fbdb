import { describe, expect, it } from 'vitest';
import { applyBufferedFileEvents } from './file-events';
import type { StoreFile } from './store-file';

const file = (id: string, status: StoreFile['status'], progress: number, updatedAt: string): StoreFile => ({
  id,
  ownerEmail: 'm@shop.test',
  fileName: `${id}.md`,
  size: 10,
  storeID: 's1',
  contentType: 'text/markdown',
  status,
  statusReason: null,
  progress,
  passageCount: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt,
});

describe('file events that arrive while the list loads', () => {
  it('applies newer changes, skips ones the loaded list already has, and applies deletes', () => {
    const loaded = [file('a', 'processing', 60, '2026-11-23T10:00:05.000Z'), file('b', 'queued', 0, '2026-11-23T10:00:01.000Z')];
    const merged = applyBufferedFileEvents(loaded, [
      { type: 'update', item: file('a', 'processing', 20, '2026-11-23T10:00:03.000Z') },
      { type: 'update', item: file('b', 'ready', 100, '2026-11-23T10:00:06.000Z') },
      { type: 'create', item: file('c', 'uploading', 0, '2026-11-23T10:00:07.000Z') },
    ]);
    expect(merged.map((item) => [item.id, item.status, item.progress])).toEqual([
      ['c', 'uploading', 0],
      ['a', 'processing', 60],
      ['b', 'ready', 100],
    ]);
    expect(applyBufferedFileEvents(merged, [{ type: 'delete', id: 'a' }]).map((item) => item.id)).toEqual(['c', 'b']);
  });
});
