import type { Store } from '@aisle/contracts/knowledge';
import { FileUpIcon, LoaderCircleIcon, PencilIcon, SearchIcon, Trash2Icon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useAuth } from '@/app/auth/auth-provider';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { useFormat } from '@/i18n/format';
import { deleteFiles } from '../api/stores-api';
import { formatBytes } from '../format-bytes';
import { useStoreFiles } from '../hooks/use-store-files';
import type { useUploads } from '../hooks/use-uploads';
import { retrievalModeLabel, storeStatusChip } from '../status-chips';
import { fileRows } from '../upload-queue';
import { FileList } from './file-list';
import { StatusChip } from './status-chip';
import { TestRetrieval } from './test-retrieval';
import { UploadDropZone } from './upload-drop-zone';

/** One store: its live files with uploads in flight, and the retrieval test box. */
export function StoreDetail({
  store,
  uploads,
  onRename,
  onDelete,
}: {
  store: Store;
  uploads: ReturnType<typeof useUploads>;
  onRename: () => void;
  onDelete: () => void;
}) {
  const { sessionStore } = useAuth();
  const { t, i18n } = useTranslation('knowledge');
  const format = useFormat();
  const { files, isLoading, error } = useStoreFiles(store.id);
  // Rows carry texts (reasons, fallback names): made again when the language changes.
  const language = i18n.language;
  // biome-ignore lint/correctness/useExhaustiveDependencies: language changes the rows' texts
  const rows = useMemo(() => fileRows(files, uploads.uploads, store.id), [files, uploads.uploads, store.id, language]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirmOpen, setConfirmOpen] = useState(false);

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
    const ids = [...selection];
    const { deleted } = await deleteFiles(await sessionStore.getValidAccessToken(), store.id, ids);
    setSelected(new Set());
    toast.success(t('storeDetail.filesDeleted', { count: deleted.length }));
  };

  const chip = storeStatusChip(store.status);

  return (
    <div className="grid min-w-0 gap-4">
      <header className="flex flex-col gap-3 rounded-xl border bg-card p-4 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="truncate font-semibold text-xl tracking-tight">{store.name}</h2>
            <StatusChip chip={chip} empty={store.status === 'empty'} />
          </div>
          <p className="mt-1 flex flex-wrap items-center gap-x-2 text-muted-foreground text-sm">
            <span>{formatBytes(store.totalSize, format)}</span>
            <span aria-hidden="true">·</span>
            <span>{t('fileCount', { count: store.fileCount ?? 0 })}</span>
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
          selected={selection}
          onToggle={toggle}
          onToggleAll={(all) => setSelected(all ? listed : new Set())}
          onDeleteSelected={() => setConfirmOpen(true)}
          onDismiss={(key) => uploads.dismiss([key])}
        />
      )}

      <TestRetrieval key={store.id} storeId={store.id} storeName={store.name} />

      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
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
            t(selectedNames.length > 3 ? 'storeDetail.deleteManyMore' : 'storeDetail.deleteMany', {
              names: selectedNames.slice(0, 3).join(t('storeDetail.nameSeparator')),
              more: selectedNames.length - 3,
              store: store.name,
            })
          )}
        </p>
      </ConfirmDialog>
    </div>
  );
}
