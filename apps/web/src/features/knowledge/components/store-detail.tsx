import type { Store } from '@aisle/contracts/knowledge';
import { FileUpIcon, LoaderCircleIcon, PencilIcon, SearchIcon, Trash2Icon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { useAuth } from '@/app/auth/auth-provider';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
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
  const { files, isLoading, error } = useStoreFiles(store.id);
  const rows = useMemo(() => fileRows(files, uploads.uploads, store.id), [files, uploads.uploads, store.id]);
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
    toast.success(deleted.length === 1 ? 'File deleted' : `${deleted.length} files deleted`);
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
            <span>{formatBytes(store.totalSize)}</span>
            <span aria-hidden="true">·</span>
            <span>
              {store.fileCount ?? 0} {store.fileCount === 1 ? 'file' : 'files'}
            </span>
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
            Rename
          </Button>
          <Button variant="outline" size="sm" onClick={onDelete} className="text-destructive hover:text-destructive">
            <Trash2Icon />
            Delete store
          </Button>
        </div>
      </header>

      <UploadDropZone onFiles={(chosen) => void uploads.upload(store.id, chosen)} />

      {isLoading ? (
        <div role="status" className="flex items-center justify-center gap-2 rounded-xl border py-10 text-muted-foreground text-sm">
          <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
          Loading files…
        </div>
      ) : error && rows.length === 0 ? (
        <p role="alert" className="rounded-xl border border-destructive/30 bg-destructive/5 px-4 py-3 text-destructive text-sm">
          The files could not be loaded. Please reload the page.
        </p>
      ) : rows.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed py-10 text-center text-muted-foreground text-sm">
          <FileUpIcon className="size-8 opacity-50" aria-hidden="true" />
          <p className="font-medium text-foreground">No files yet</p>
          <p>Upload documents above; each one is split into passages your assistants can cite.</p>
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
        title={selectedNames.length === 1 ? 'Delete this file?' : `Delete ${selectedNames.length} files?`}
        confirmLabel="Delete"
        onConfirm={removeSelected}
      >
        <p>
          {selectedNames.length === 1 ? (
            <>
              “<strong className="font-medium text-foreground">{selectedNames[0]}</strong>” and its passages will be removed from “
              {store.name}”.
            </>
          ) : (
            <>
              {selectedNames.slice(0, 3).join(', ')}
              {selectedNames.length > 3 ? ` and ${selectedNames.length - 3} more` : ''} will be removed from “{store.name}”.
            </>
          )}{' '}
          Assistants will no longer find them.
        </p>
      </ConfirmDialog>
    </div>
  );
}
