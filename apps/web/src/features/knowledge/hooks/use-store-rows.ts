import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fileCounts } from '../file-counts';
import { fileRows, type UploadEntry } from '../upload-queue';
import { useStoreFiles } from './use-store-files';

/**
 * The chosen store's file list (its live files merged with this tab's uploads) and its counts,
 * made once for the screen: the list, the store's header and its card all read these.
 */
export function useStoreRows(storeId: string | null, uploads: readonly UploadEntry[]) {
  const { i18n } = useTranslation('knowledge');
  const { files, isLoading, error } = useStoreFiles(storeId);
  // Rows carry texts (reasons, fallback names): made again when the language changes.
  const language = i18n.language;
  // biome-ignore lint/correctness/useExhaustiveDependencies: language changes the rows' texts
  const rows = useMemo(() => (storeId ? fileRows(files, uploads, storeId) : []), [files, uploads, storeId, language]);
  const counts = useMemo(() => fileCounts(rows), [rows]);
  return { rows, counts, isLoading, error, loaded: !!storeId && !isLoading && !error };
}

export type StoreRows = ReturnType<typeof useStoreRows>;
