import { FILES_PER_CALL_MAX, type Store } from '@aisle/contracts/knowledge';
import { FileUpIcon, LoaderCircleIcon, PencilIcon, SearchIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useAuth } from '@/app/auth/auth-provider';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { useFormat } from '@/i18n/format';
import { apiErrorText } from '@/lib/api-error-text';
import { deleteFiles, downloadFile } from '../api/stores-api';
import { formatBytes } from '../format-bytes';
import type { StoreRows } from '../hooks/use-store-rows';
import type { useUploads } from '../hooks/use-uploads';
import { retrievalModeLabel, storeStatusChip } from '../status-chips';
import { FileList } from './file-list';
import { StatusChip } from './status-chip';
import { TestRetrieval } from './test-retrieval';
import { UploadDropZone } from './upload-drop-zone';

/** Deletes `ids` from a store, at most FILES_PER_CALL_MAX per call; the ids the server deleted. */
async function deleteInCalls(token: string | null, storeId: string, ids: readonly string[]) {
  const deleted: string[] = [];
  for (let start = 0; start < ids.length; start += FILES_PER_CALL_MAX) {
    const answer = await deleteFiles(token, storeId, ids.slice(start, start + FILES_PER_CALL_MAX));
    deleted.push(...answer.deleted);
  }
  return deleted;
}

/**
 * One store: its live files with uploads in flight (`files`, made by the screen, which counts them
 * for the store's card too), and the retrieval test box.
 */
export function StoreDetail({
  store,
  fileCount,
  files,
  uploads,
  onRename,
  onDelete,
}: {
  store: Store;
  /** The store's file count as the screen shows it (its list's, once loaded). */
  fileCount: number;
  files: StoreRows;
  uploads: ReturnType<typeof useUploads>;
  onRename: () => void;
  onDelete: () => void;
}) {
  const { sessionStore } = useAuth();
  const { t } = useTranslation('knowledge');
  const format = useFormat();
  const { rows, counts, isLoading, error } = files;
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirm, setConfirm] = useState<{ kind: 'selected' | 'failed'; open: boolean }>({ kind: 'selected', open: false });

  // Only files still listed stay selected (a live delete from elsewhere drops them).
  const listed = new Set(rows.flatMap((row) => (row.fileId && !row.dismissible ? [row.fileId] : [])));
  const selection = new Set([...selected].filter((id) => listed.has(id)));
  const selectedNames = rows.filter((row) => row.fileId && selection.has(row.fileId)).map((row) => row.fileName);

  const toggle = (fileId: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(fileId)) next.delete(fileId);
      else next.add(fileId);
      return next;
    });

  const removeSelected = async () => {
    const deleted = await deleteInCalls(await sessionStore.getValidAccessToken(), store.id, [...selection]);
    setSelected(new Set());
    toast.success(t('storeDetail.filesDeleted', { count: deleted.length }));
  };

  // The failed files as the confirmation named them, not as they are when it is confirmed.
  const [failedToRemove, setFailedToRemove] = useState(counts.failedFiles);
  const removeFailed = async () => {
    const deleted = await deleteInCalls(
      await sessionStore.getValidAccessToken(),
      store.id,
      failedToRemove.map((file) => file.id),
    );
    toast.success(t('storeDetail.failedRemoved', { count: deleted.length }));
  };

  // The link downloads under the file's own name (Content-Disposition): the page stays where it is.
  const download = async (fileId: string) => {
    try {
      const { url } = await downloadFile(await sessionStore.getValidAccessToken(), store.id, fileId);
      window.location.assign(url);
    } catch (error) {
      toast.error(apiErrorText(error, t('fileList.downloadFailed')));
    }
  };

  /** "a.md, b.md, c.md" or "a.md, b.md, c.md and 4 more will be removed from …", in `keys`' words. */
  const manyText = (
    names: readonly string[],
    keys: {
      many: 'storeDetail.deleteMany' | 'storeDetail.removeFailedMany';
      more: 'storeDetail.deleteManyMore' | 'storeDetail.removeFailedManyMore';
    },
  ) =>
    t(names.length > 3 ? keys.more : keys.many, {
      names: names.slice(0, 3).join(t('storeDetail.nameSeparator')),
      more: names.length - 3,
      store: store.name,
    });

  const chip = storeStatusChip(store.status);

  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
      <header className="flex flex-col gap-3 rounded-xl border bg-card p-4 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="min-w-0 truncate font-semibold text-xl tracking-tight" title={store.name}>
              {store.name}
            </h2>
            <StatusChip chip={chip} empty={store.status === 'empty'} />
          </div>
          <p className="mt-1 flex flex-wrap items-center gap-x-2 text-muted-foreground text-sm">
            <span>{formatBytes(store.totalSize, format)}</span>
            <span aria-hidden="true">·</span>
            <span>{t('fileCount', { count: fileCount })}</span>
            <span aria-hidden="true">·</span>
            <span className="inline-flex items-center gap-1">
              <SearchIcon className="size-3.5" aria-hidden="true" />
              {retrievalModeLabel(store.retrievalMode)}
            </span>
          </p>
        </div>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={onRename}>
            <PencilIcon />
            {t('storeDetail.rename')}
          </Button>
          <Button variant="outline" size="sm" onClick={onDelete} className="text-destructive hover:text-destructive">
            <Trash2Icon />
            {t('storeDetail.deleteStore')}
          </Button>
        </div>
      </header>

      <UploadDropZone onFiles={(chosen) => void uploads.upload(store.id, chosen)} />

      {isLoading ? (
        <div role="status" className="flex items-center justify-center gap-2 rounded-xl border py-10 text-muted-foreground text-sm">
          <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
          {t('storeDetail.loadingFiles')}
        </div>
      ) : error && rows.length === 0 ? (
        <p role="alert" className="rounded-xl border border-destructive/30 bg-destructive/5 px-4 py-3 text-destructive text-sm">
          {t('storeDetail.loadFailed')}
        </p>
      ) : rows.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed py-10 text-center text-muted-foreground text-sm">
          <FileUpIcon className="size-8 opacity-50" aria-hidden="true" />
          <p className="font-medium text-foreground">{t('storeDetail.noFiles')}</p>
          <p>{t('storeDetail.noFilesHint')}</p>
        </div>
      ) : (
        <FileList
          rows={rows}
          counts={counts}
          selected={selection}
          onToggle={toggle}
          onToggleAll={(all) => setSelected(all ? listed : new Set())}
          onDeleteSelected={() => setConfirm({ kind: 'selected', open: true })}
          onRemoveFailed={() => {
            setFailedToRemove(counts.failedFiles);
            setConfirm({ kind: 'failed', open: true });
          }}
          onDismiss={(key) => uploads.dismiss([key])}
          onDownload={(fileId) => void download(fileId)}
        />
      )}

      <TestRetrieval key={store.id} storeId={store.id} storeName={store.name} />

      <ConfirmDialog
        open={confirm.open && confirm.kind === 'selected'}
        onOpenChange={(open) => setConfirm((current) => ({ ...current, open }))}
        title={t('storeDetail.deleteTitle', { count: selectedNames.length })}
        confirmLabel={t('storeDetail.deleteConfirm')}
        onConfirm={removeSelected}
      >
        <p>
          {selectedNames.length === 1 ? (
            <Trans
              t={t}
              i18nKey="storeDetail.deleteOne"
              values={{ name: selectedNames[0], store: store.name }}
              components={{ strong: <strong className="font-medium text-foreground" /> }}
            />
          ) : (
            manyText(selectedNames, { many: 'storeDetail.deleteMany', more: 'storeDetail.deleteManyMore' })
          )}
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm.open && confirm.kind === 'failed'}
        onOpenChange={(open) => setConfirm((current) => ({ ...current, open }))}
        title={t('storeDetail.removeFailedTitle', { count: failedToRemove.length })}
        confirmLabel={t('storeDetail.removeFailedConfirm')}
        onConfirm={removeFailed}
      >
        <p>
          {failedToRemove.length === 1 ? (
            <Trans
              t={t}
              i18nKey="storeDetail.removeFailedOne"
              values={{ name: failedToRemove[0]?.name, store: store.name }}
              components={{ strong: <strong className="font-medium text-foreground" /> }}
            />
          ) : (
            manyText(
              failedToRemove.map((file) => file.name),
              { many: 'storeDetail.removeFailedMany', more: 'storeDetail.removeFailedManyMore' },
            )
          )}
        </p>
      </ConfirmDialog>
    </div>
  );
}
