import type { FinishUploadResponse } from '@aisle/contracts/knowledge';
import { i18n } from '@/i18n/i18n';
import type { FileChipStatus } from './status-chips';
import type { StoreFile } from './store-file';

/**
 * The uploads this tab started, from choosing the files to the server taking them in. The
 * server's `File` rows (live over subscriptions) say what happens after; `fileRows` merges the
 * two into what the file list shows.
 *
 *   requesting → uploading (bytes, 0-100) → finishing → done (the live row takes over)
 *                         ↘ failed (refused, or the PUT failed)      ↘ duplicate / failed
 */
export type UploadPhase = 'requesting' | 'uploading' | 'finishing' | 'done' | 'failed' | 'duplicate';

export interface UploadEntry {
  /** A local id: the server's file id only exists once upload-batch answered. */
  key: string;
  storeId: string;
  fileName: string;
  size: number;
  fileId: string | null;
  phase: UploadPhase;
  /** Bytes sent so far. */
  loaded: number;
  /** Why it failed, as the server or the upload said it; null for the generic "could not be processed". */
  error: string | null;
  duplicateOf: string | null;
}

type FinishResult = FinishUploadResponse['files'][number];

export type UploadAction =
  | { type: 'added'; entries: { key: string; storeId: string; fileName: string; size: number }[] }
  | { type: 'accepted'; key: string; fileId: string }
  | { type: 'progress'; key: string; loaded: number }
  | { type: 'sent'; key: string }
  | { type: 'refused'; key: string; error: string }
  | { type: 'finished'; result: FinishResult }
  | { type: 'dismissed'; keys: readonly string[] };

const patch = (state: UploadEntry[], match: (entry: UploadEntry) => boolean, change: Partial<UploadEntry>) =>
  state.map((entry) => (match(entry) ? { ...entry, ...change } : entry));

export function uploadsReducer(state: UploadEntry[], action: UploadAction): UploadEntry[] {
  switch (action.type) {
    case 'added':
      return [
        ...action.entries.map((entry) => ({
          ...entry,
          fileId: null,
          phase: 'requesting' as const,
          loaded: 0,
          error: null,
          duplicateOf: null,
        })),
        ...state,
      ];
    case 'accepted':
      return patch(state, (entry) => entry.key === action.key, { fileId: action.fileId, phase: 'uploading' });
    case 'progress':
      return patch(state, (entry) => entry.key === action.key && entry.phase === 'uploading', {
        loaded: Math.min(Math.max(action.loaded, 0), entry(state, action.key)?.size ?? action.loaded),
      });
    case 'sent':
      return patch(state, (entry) => entry.key === action.key, { phase: 'finishing', loaded: entry(state, action.key)?.size ?? 0 });
    case 'refused':
      return patch(state, (entry) => entry.key === action.key, { phase: 'failed', error: action.error });
    case 'finished': {
      const { result } = action;
      const change: Partial<UploadEntry> =
        result.status === 'duplicate'
          ? { phase: 'duplicate', duplicateOf: result.duplicateOf ?? null }
          : result.status === 'failed'
            ? { phase: 'failed', error: result.statusReason ?? null }
            : { phase: 'done' };
      return patch(state, (entry) => entry.fileId === result.fileId, change);
    }
    case 'dismissed':
      return state.filter((entry) => !action.keys.includes(entry.key));
  }
}

const entry = (state: UploadEntry[], key: string) => state.find((candidate) => candidate.key === key);

/** One line of the file list. */
export interface FileRow {
  key: string;
  /** The server's file, when there is one (only those can be selected and deleted). */
  fileId: string | null;
  fileName: string;
  size: number;
  status: FileChipStatus;
  /** 0-100, or null for no bar (ready files, failures, duplicates). */
  progress: number | null;
  progressKind: 'upload' | 'processing' | null;
  /** In the interface's language when the row was made (the file list re-makes rows when it changes). */
  reason: string | null;
  passageCount: number | null;
  /** A row only this tab knows (a refused upload, a duplicate): it can be dismissed. */
  dismissible: boolean;
  /**
   * One of the store's files as the server counts them (its `fileCount`): uploaded and taken in,
   * whatever became of it since. Not: uploads still under way or never finished, refused ones,
   * duplicates (`fileCounts`).
   */
  inStore: boolean;
}

const failedText = () => i18n.t('knowledge:fileReason.failed');

const percent = (part: number, whole: number) => (whole > 0 ? Math.round(Math.min(100, (part / whole) * 100)) : 0);

function localRow(upload: UploadEntry, files: ReadonlyMap<string, StoreFile>): FileRow {
  const base = { key: upload.key, fileId: null, fileName: upload.fileName, size: upload.size, passageCount: null, inStore: false };
  if (upload.phase === 'failed')
    return { ...base, status: 'failed', progress: null, progressKind: null, reason: upload.error ?? failedText(), dismissible: true };
  if (upload.phase === 'duplicate') {
    const original = upload.duplicateOf ? files.get(upload.duplicateOf)?.fileName : null;
    const reason = original ? i18n.t('knowledge:fileReason.duplicateOf', { name: original }) : i18n.t('knowledge:fileReason.duplicate');
    return { ...base, status: 'duplicate', progress: null, progressKind: null, reason, dismissible: true };
  }
  const progress = upload.phase === 'uploading' ? percent(upload.loaded, upload.size) : upload.phase === 'finishing' ? 100 : 0;
  return { ...base, fileId: upload.fileId, status: 'uploading', progress, progressKind: 'upload', reason: null, dismissible: false };
}

function serverRow(file: StoreFile, key: string = file.id): FileRow {
  const status = file.status ?? 'queued';
  const base = {
    key,
    fileId: file.id,
    fileName: file.fileName ?? i18n.t('knowledge:fileReason.untitled'),
    size: file.size ?? 0,
    passageCount: status === 'ready' ? (file.passageCount ?? 0) : null,
    dismissible: false,
    inStore: status !== 'uploading',
  };
  switch (status) {
    case 'failed':
      return { ...base, status, progress: null, progressKind: null, reason: file.statusReason || failedText() };
    case 'ready':
      return { ...base, status, progress: null, progressKind: null, reason: null };
    case 'uploading':
      return { ...base, status, progress: 0, progressKind: 'upload', reason: null };
    default:
      return {
        ...base,
        status,
        progress: status === 'queued' ? 0 : Math.min(100, Math.max(0, file.progress ?? 0)),
        progressKind: 'processing',
        // Set while a file is being indexed again after its worker stopped ("Retrying…").
        reason: file.statusReason || null,
      };
  }
}

/**
 * What the file list shows for a store: this tab's uploads in flight (upload progress in bytes),
 * then its refused and duplicate uploads, merged with the live rows (processing progress, ready,
 * failed), newest first. A live row still "uploading" that none of this tab's uploads claims yet
 * is left out while upload-batch has not answered, so a file is never listed twice.
 */
export function fileRows(files: readonly StoreFile[], uploads: readonly UploadEntry[], storeId: string): FileRow[] {
  const byId = new Map(files.map((file) => [file.id, file]));
  const mine = uploads.filter((upload) => upload.storeId === storeId);
  const claimed = new Set<string>();
  const rows: FileRow[] = [];
  for (const upload of mine) {
    const file = upload.fileId ? byId.get(upload.fileId) : undefined;
    if (upload.fileId) claimed.add(upload.fileId);
    if (upload.phase === 'done') {
      // The finish call said "queued" before the live update did: show that, not "uploading".
      if (file)
        rows.push(
          file.status === 'uploading'
            ? { ...serverRow({ ...file, status: 'queued', progress: 0 }), key: upload.key }
            : serverRow(file, upload.key),
        );
      continue;
    }
    if (upload.phase === 'failed' && file) {
      // The server counts it only if it took the upload in (and then failed it); a PUT that failed
      // leaves a file still "uploading" there.
      const row = serverRow({ ...file, status: 'failed', statusReason: file.statusReason ?? upload.error }, upload.key);
      rows.push({ ...row, inStore: file.status !== 'uploading' });
      continue;
    }
    if (upload.phase === 'uploading' || upload.phase === 'finishing' || upload.phase === 'requesting') {
      // Processing already reported live wins over our own bookkeeping.
      if (file && file.status !== 'uploading') {
        rows.push(serverRow(file, upload.key));
        continue;
      }
    }
    rows.push(localRow(upload, byId));
  }
  const waitingForIds = mine.some((upload) => upload.phase === 'requesting');
  const rest = files
    .filter((file) => file.storeID === storeId && !claimed.has(file.id))
    .filter((file) => !(waitingForIds && file.status === 'uploading'))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || (a.fileName ?? '').localeCompare(b.fileName ?? ''));
  return [...rows, ...rest.map((file) => serverRow(file))];
}
