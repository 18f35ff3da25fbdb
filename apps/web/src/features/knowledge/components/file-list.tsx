import { FileTextIcon, Trash2Icon, XIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatBytes } from '../format-bytes';
import { fileStatusChip } from '../status-chips';
import type { FileRow } from '../upload-queue';
import { ProgressBar } from './progress-bar';
import { StatusChip } from './status-chip';

const passagesText = (count: number) => `${count} ${count === 1 ? 'passage' : 'passages'}`;

/** The files of a store with their progress, status and reasons; selectable for deletion. */
export function FileList({
  rows,
  selected,
  onToggle,
  onToggleAll,
  onDeleteSelected,
  onDismiss,
}: {
  rows: readonly FileRow[];
  selected: ReadonlySet<string>;
  onToggle: (fileId: string) => void;
  onToggleAll: (select: boolean) => void;
  onDeleteSelected: () => void;
  onDismiss: (key: string) => void;
}) {
  const selectable = rows.filter((row) => row.fileId && !row.dismissible);
  const allSelected = selectable.length > 0 && selectable.every((row) => row.fileId && selected.has(row.fileId));
  const ready = rows.filter((row) => row.status === 'ready').length;

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
            aria-label="Select all files"
          />
          <span className="text-muted-foreground">
            {selected.size > 0 ? `${selected.size} selected` : `${rows.length} ${rows.length === 1 ? 'file' : 'files'} · ${ready} ready`}
          </span>
        </label>
        <div className="ml-auto">
          <Button
            variant="outline"
            size="sm"
            disabled={selected.size === 0}
            onClick={onDeleteSelected}
            className="text-destructive hover:text-destructive"
          >
            <Trash2Icon />
            Delete selected
          </Button>
        </div>
      </div>
      <ul aria-label="Files" className="divide-y">
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
                    aria-label={`Select ${row.fileName}`}
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
                  {formatBytes(row.size)}
                  {row.passageCount !== null ? ` · ${passagesText(row.passageCount)}` : null}
                  {row.progress !== null ? ` · ${row.progressKind === 'upload' ? 'Uploading' : 'Processing'} ${row.progress}%` : null}
                </p>
                {row.progress !== null ? (
                  <div className="mt-2 max-w-md">
                    <ProgressBar
                      value={row.progress}
                      tone={row.progressKind === 'upload' ? 'upload' : 'processing'}
                      label={`${row.fileName} ${row.progressKind === 'upload' ? 'upload' : 'processing'} progress`}
                    />
                  </div>
                ) : null}
                {row.reason ? (
                  <p className={cn('mt-1 text-xs', row.status === 'failed' ? 'text-destructive' : 'text-amber-700 dark:text-amber-300')}>
                    {row.reason}
                  </p>
                ) : null}
              </div>
              {row.dismissible ? (
                <Button variant="ghost" size="icon-sm" aria-label={`Dismiss ${row.fileName}`} onClick={() => onDismiss(row.key)}>
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
