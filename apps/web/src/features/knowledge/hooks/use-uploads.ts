import { FILES_PER_CALL_MAX, shortenFileName } from '@aisle/contracts/knowledge';
import { useCallback, useReducer } from 'react';
import { useAuth } from '@/app/auth/auth-provider';
import { i18n } from '@/i18n/i18n';
import { apiErrorText } from '@/lib/api-error-text';
import { putFile } from '../api/put-file';
import { finishUploads, requestUploads } from '../api/stores-api';
import { type UploadAction, uploadsReducer } from '../upload-queue';
import { refusedFiles } from '../upload-refusals';

/** Files sent at once: enough to keep the line busy without starving the live connection. */
const PARALLEL_UPLOADS = 3;

interface Pending {
  key: string;
  file: File;
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  });
  await Promise.all(lanes);
}

/**
 * Uploads many files to a store: upload-batch for signed URLs (at most 100 per call), a PUT per
 * file with byte progress, then finish-upload per file as soon as its bytes are in, so a small
 * file starts processing without waiting for a large one. Files the server refuses by name (an
 * oversize file, say) fail alone and the rest of their batch is asked for again. A name too long
 * to keep is listed shortened, as the server keeps it.
 */
export function useUploads() {
  const [uploads, dispatch] = useReducer(uploadsReducer, []);
  const { sessionStore } = useAuth();

  const uploadBatch = useCallback(
    async (storeId: string, batch: Pending[], send: (action: UploadAction) => void) => {
      let pending = batch;
      while (pending.length > 0) {
        let urls: { fileId: string; uploadUrl: string }[];
        try {
          const token = await sessionStore.getValidAccessToken();
          const answer = await requestUploads(
            token,
            storeId,
            pending.map(({ file }) => ({ fileName: file.name, size: file.size, contentType: file.type })),
          );
          urls = answer.files;
        } catch (error) {
          const refused = refusedFiles(error, pending);
          if (refused.size) {
            for (const [key, reason] of refused) send({ type: 'refused', key, error: reason });
            pending = pending.filter((item) => !refused.has(item.key));
            continue;
          }
          const message = apiErrorText(error, i18n.t('knowledge:uploads.notStarted'));
          for (const item of pending) send({ type: 'refused', key: item.key, error: message });
          return;
        }
        const accepted = pending.map((item, index) => ({ ...item, ...(urls[index] as { fileId: string; uploadUrl: string }) }));
        for (const item of accepted) send({ type: 'accepted', key: item.key, fileId: item.fileId });
        await eachLimited(accepted, PARALLEL_UPLOADS, async (item) => {
          try {
            await putFile(item.uploadUrl, item.file, (loaded) => send({ type: 'progress', key: item.key, loaded }));
            send({ type: 'sent', key: item.key });
            const token = await sessionStore.getValidAccessToken();
            const finished = await finishUploads(token, storeId, [item.fileId]);
            for (const result of finished.files) send({ type: 'finished', result });
          } catch (error) {
            console.error('file upload failed', error);
            send({ type: 'refused', key: item.key, error: apiErrorText(error, i18n.t('knowledge:uploads.failed')) });
          }
        });
        return;
      }
    },
    [sessionStore],
  );

  const upload = useCallback(
    async (storeId: string, files: readonly File[]) => {
      if (files.length === 0) return;
      const pending = files.map((file) => ({ key: crypto.randomUUID(), file }));
      dispatch({
        type: 'added',
        entries: pending.map(({ key, file }) => ({ key, storeId, fileName: shortenFileName(file.name.trim()), size: file.size })),
      });
      const batches: Pending[][] = [];
      for (let start = 0; start < pending.length; start += FILES_PER_CALL_MAX)
        batches.push(pending.slice(start, start + FILES_PER_CALL_MAX));
      for (const batch of batches) await uploadBatch(storeId, batch, dispatch);
    },
    [uploadBatch],
  );

  const dismiss = useCallback((keys: readonly string[]) => dispatch({ type: 'dismissed', keys }), []);

  return { uploads, upload, dismiss };
}
