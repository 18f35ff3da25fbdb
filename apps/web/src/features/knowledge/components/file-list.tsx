import { CircleXIcon, DownloadIcon, FileTextIcon, Trash2Icon, XIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useFormat } from '@/i18n/format';
import { cn } from '@/lib/cn';
import type { FileCounts } from '../file-counts';
import { formatBytes } from '../format-bytes';
import { fileStatusChip } from '../status-chips';
import type { FileRow } from '../upload-queue';
import { ProgressBar } from './progress-bar';
import { StatusChip } from './status-chip';

/**
 * The files of a store with their progress, status and reasons; selectable for deletion, and the
 * failed ones removable at once; a file whose bytes are in can be downloaded back. `counts` are the rows' (file-counts.ts), which the store's header
 * and card show too.
 */
export function FileList({
  rows,
  counts,
  selected,
  onToggle,
  onToggleAll,
  onDeleteSelected,
  onRemoveFailed,
  onDismiss,
  onDownload,
}: {
  rows: readonly FileRow[];
  counts: FileCounts;
  selected: ReadonlySet<string>;
  onToggle: (fileId: string) => void;
  onToggleAll: (select: boolean) => void;
  onDeleteSelected: () => void;
  onRemoveFailed: () => void;
  onDismiss: (key: string) => void;
  onDownload: (fileId: string) => void;
}) {
  const selectable = rows.filter((row) => row.fileId && !row.dismissible);
  const allSelected = selectable.length > 0 && selectable.every((row) => row.fileId && selected.has(row.fileId));
  const { t } = useTranslation('knowledge');
  const format = useFormat();
  // "6 files · 4 ready · 2 failed · 1 uploading": every row in one count; zero counts after "ready" left out.
  const summary = [
    t('fileList.summary', { count: counts.files, ready: counts.ready }),
    ...(counts.failed ? [t('fileList.summaryFailed', { failed: counts.failed })] : []),
    ...(counts.uploading ? [t('fileList.summaryUploading', { uploading: counts.uploading })] : []),
    ...(counts.notAdded ? [t('fileList.summaryNotAdded', { notAdded: counts.notAdded })] : []),
  ].join(t('fileList.summarySeparator'));

  return (
    <div className="overflow-hidden rounded-xl border bg-card">
      <div className="flex min-h-12 flex-wrap items-center gap-3 border-b bg-muted/30 px-4 py-2">
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={allSelected}
            disabled={selectable.length === 0}
            onChange={(event) => onToggleAll(event.target.checked)}
            aria-label={t('fileList.selectAll')}
          />
          <span className="text-muted-foreground">{selected.size > 0 ? t('fileList.selected', { count: selected.size }) : summary}</span>
        </label>
        <div className="ml-auto flex flex-wrap justify-end gap-2">
          {counts.failedFiles.length > 0 ? (
            <Button variant="outline" size="sm" onClick={onRemoveFailed} className="text-destructive hover:text-destructive">
              <CircleXIcon />
              {t('fileList.removeFailed', { failed: counts.failedFiles.length })}
            </Button>
          ) : null}
          <Button
            variant="outline"
            size="sm"
            disabled={selected.size === 0}
            onClick={onDeleteSelected}
            className="text-destructive hover:text-destructive"
          >
            <Trash2Icon />
            {t('fileList.deleteSelected')}
          </Button>
        </div>
      </div>
      <ul aria-label={t('fileList.label')} className="divide-y">
        {rows.map((row) => {
          const chip = fileStatusChip(row.status);
          const checked = !!row.fileId && selected.has(row.fileId);
          return (
            <li key={row.key} aria-label={row.fileName} className={cn('flex items-start gap-3 px-4 py-3', checked && 'bg-primary/5')}>
              <div className="flex h-9 items-center">
                {row.fileId && !row.dismissible ? (
                  <input
                    type="checkbox"
                    className="size-4 accent-primary"
                    checked={checked}
                    onChange={() => onToggle(row.fileId as string)}
                    aria-label={t('fileList.select', { name: row.fileName })}
                  />
                ) : (
                  <span className="size-4" />
                )}
              </div>
              <span className="mt-0.5 hidden size-8 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground sm:flex">
                <FileTextIcon className="size-4" aria-hidden="true" />
              </span>
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <p className="min-w-0 truncate font-medium text-sm" title={row.fileName}>
                    {row.fileName}
                  </p>
                  <StatusChip chip={chip} />
                </div>
                <p className="mt-0.5 text-muted-foreground text-xs">
                  {formatBytes(row.size, format)}
                  {row.passageCount !== null ? ` · ${t('fileList.passages', { count: row.passageCount })}` : null}
                  {row.progress !== null
                    ? ` · ${t(row.progressKind === 'upload' ? 'fileList.uploading' : 'fileList.processing', { percent: format.percent(row.progress / 100) })}`
                    : null}
                </p>
                {row.progress !== null ? (
                  <div className="mt-2 max-w-md">
                    <ProgressBar
                      value={row.progress}
                      tone={row.progressKind === 'upload' ? 'upload' : 'processing'}
                      label={t(row.progressKind === 'upload' ? 'fileList.uploadProgress' : 'fileList.processingProgress', {
                        name: row.fileName,
                      })}
                    />
                  </div>
                ) : null}
                {row.reason ? (
                  <p className={cn('mt-1 text-xs', row.status === 'failed' ? 'text-destructive' : 'text-amber-700 dark:text-amber-300')}>
                    {row.reason}
                  </p>
                ) : null}
              </div>
              {row.fileId && !row.dismissible && row.status !== 'uploading' ? (
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={t('fileList.download', { name: row.fileName })}
                  title={t('fileList.download', { name: row.fileName })}
                  onClick={() => onDownload(row.fileId as string)}
                >
                  <DownloadIcon />
                </Button>
              ) : null}
              {row.dismissible ? (
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={t('fileList.dismiss', { name: row.fileName })}
                  onClick={() => onDismiss(row.key)}
                >
                  <XIcon />
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
