import type { Store } from '@aisle/contracts/knowledge';
import { DatabaseIcon, EllipsisIcon, PencilIcon, PlusIcon, SearchIcon, Trash2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Skeleton } from '@/components/ui/skeleton';
import { useFormat } from '@/i18n/format';
import { cn } from '@/lib/cn';
import { formatBytes } from '../format-bytes';
import { retrievalModeLabel, storeStatusChip } from '../status-chips';
import { StatusChip } from './status-chip';

/** The stores as selectable cards, each with its size, file count, status and search mode. */
export function StoresList({
  stores,
  selectedId,
  fileCountOf = (store) => store.fileCount ?? 0,
  onSelect,
  onRename,
  onDelete,
}: {
  stores: readonly Store[];
  selectedId: string | null;
  /** A store's file count as the screen shows it everywhere (the chosen store's list counts its own). */
  fileCountOf?: (store: Store) => number;
  onSelect: (store: Store) => void;
  onRename: (store: Store) => void;
  onDelete: (store: Store) => void;
}) {
  const { t } = useTranslation('knowledge');
  const format = useFormat();
  return (
    <ul aria-label={t('storesList.label')} className="grid grid-cols-[minmax(0,1fr)] gap-2">
      {stores.map((store) => {
        const selected = store.id === selectedId;
        const chip = storeStatusChip(store.status);
        return (
          <li
            key={store.id}
            className={cn(
              'group relative min-w-0 rounded-xl border bg-card transition-colors hover:border-primary/40',
              selected && 'border-primary/60 ring-1 ring-primary/30',
            )}
          >
            <button
              type="button"
              onClick={() => onSelect(store)}
              aria-current={selected ? 'true' : undefined}
              className="flex w-full flex-col gap-2 rounded-xl p-4 pr-12 text-left outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <span className="flex min-w-0 items-center gap-2">
                <DatabaseIcon aria-hidden="true" className={cn('size-4 shrink-0 text-muted-foreground', selected && 'text-primary')} />
                <span className="truncate font-medium" title={store.name}>
                  {store.name}
                </span>
              </span>
              <span className="flex flex-wrap items-center gap-x-3 gap-y-1.5 text-muted-foreground text-xs">
                <StatusChip chip={chip} empty={store.status === 'empty'} />
                <span>{formatBytes(store.totalSize, format)}</span>
                <span aria-hidden="true">·</span>
                <span>{t('fileCount', { count: fileCountOf(store) })}</span>
              </span>
              <span className="flex items-center gap-1 text-muted-foreground text-xs">
                <SearchIcon aria-hidden="true" className="size-3" />
                {retrievalModeLabel(store.retrievalMode)}
              </span>
            </button>
            <DropdownMenu modal={false}>
              <DropdownMenuTrigger asChild>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  className="absolute top-3 right-3"
                  aria-label={t('storesList.actions', { name: store.name })}
                >
                  <EllipsisIcon />
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end">
                <DropdownMenuItem onSelect={() => onRename(store)}>
                  <PencilIcon />
                  {t('storesList.rename')}
                </DropdownMenuItem>
                <DropdownMenuSeparator />
                <DropdownMenuItem variant="destructive" onSelect={() => onDelete(store)}>
                  <Trash2Icon />
                  {t('storesList.delete')}
                </DropdownMenuItem>
              </DropdownMenuContent>
            </DropdownMenu>
          </li>
        );
      })}
    </ul>
  );
}

export function StoresListSkeleton() {
  return (
    <div className="grid gap-2" aria-hidden="true">
      {[0, 1, 2].map((index) => (
        <Skeleton key={index} className="h-[104px] rounded-xl" />
      ))}
    </div>
  );
}

/** What a merchant sees before their first store: what a store is for, and the one next step. */
export function StoresEmptyState({ onCreate }: { onCreate: () => void }) {
  const { t } = useTranslation('knowledge');
  return (
    <section
      aria-labelledby="stores-empty-title"
      className="relative overflow-hidden rounded-2xl border border-dashed bg-gradient-to-b from-primary/5 to-transparent px-6 py-14 text-center"
    >
      <div className="mx-auto mb-5 flex size-14 items-center justify-center rounded-2xl bg-primary/10 text-primary ring-8 ring-primary/5">
        <DatabaseIcon className="size-7" aria-hidden="true" />
      </div>
      <h2 id="stores-empty-title" className="font-semibold text-lg tracking-tight">
        {t('emptyState.title')}
      </h2>
      <p className="mx-auto mt-2 max-w-md text-muted-foreground text-sm">{t('emptyState.body')}</p>
      <Button className="mt-6" onClick={onCreate}>
        <PlusIcon />
        {t('emptyState.create')}
      </Button>
    </section>
  );
}
