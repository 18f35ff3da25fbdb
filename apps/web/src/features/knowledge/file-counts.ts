import type { FileRow } from './upload-queue';

/**
 * What a store's file list holds, counted once from its rows, so the list's summary, the store's
 * header and its card say the same. Every row is in exactly one count:
 *
 * - `files`: the store's files, as the server counts them (`Store.fileCount`): `ready`, `failed`,
 *   and the rest queued or processing;
 * - `uploading`: uploads still under way, from this tab or another, not yet files of the store;
 * - `notAdded`: uploads that did not become files (refused, failed on the way, duplicates).
 */
export interface FileCounts {
  files: number;
  ready: number;
  failed: number;
  uploading: number;
  notAdded: number;
  /** The store's failed files, which "Remove failed files" deletes. */
  failedFiles: { id: string; name: string }[];
}

export function fileCounts(rows: readonly FileRow[]): FileCounts {
  const counts: FileCounts = { files: 0, ready: 0, failed: 0, uploading: 0, notAdded: 0, failedFiles: [] };
  for (const row of rows) {
    if (!row.inStore) {
      if (row.status === 'uploading') counts.uploading++;
      else counts.notAdded++;
      continue;
    }
    counts.files++;
    if (row.status === 'ready') counts.ready++;
    if (row.status === 'failed') {
      counts.failed++;
      if (row.fileId) counts.failedFiles.push({ id: row.fileId, name: row.fileName });
    }
  }
  return counts;
}
