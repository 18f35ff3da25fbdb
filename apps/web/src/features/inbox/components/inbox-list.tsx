import { LoaderCircleIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useFormat } from '@/i18n/format';
import { cn } from '@/lib/cn';
import { type InboxThread, isUnread } from '../api/shared-thread-fields';
import { fullTimeText, previewText, relativeTimeText, visitorName } from '../thread-display';
import { NeedsPersonBadge, OriginBadge, PausedBadge } from './thread-badges';

/**
 * One conversation in the list: who, with which assistant, from where, the newest message, when;
 * bold with a dot while unread, and badged while it needs a person.
 */
export function InboxRow({
  thread,
  selected,
  now,
  onSelect,
}: {
  thread: InboxThread;
  selected: boolean;
  now: number;
  onSelect: (thread: InboxThread) => void;
}) {
  const { t } = useTranslation('inbox');
  const format = useFormat();
  const unread = isUnread(thread);
  const visitor = visitorName(thread);
  const when = relativeTimeText(thread.lastActivityAt, now, format);
  return (
    <li aria-label={visitor} data-unread={unread || undefined} data-needs-person={thread.needsHuman || undefined} className="min-w-0">
      <button
        type="button"
        onClick={() => onSelect(thread)}
        aria-current={selected ? 'true' : undefined}
        className={cn(
          'flex w-full min-w-0 gap-2.5 rounded-lg px-2.5 py-2.5 text-left outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50',
          selected && 'bg-accent',
        )}
      >
        <span className="flex w-2 shrink-0 justify-center pt-1.5">
          {unread ? (
            <>
              <span className="size-2 rounded-full bg-primary" data-slot="unread-dot" aria-hidden="true" />
              <span className="sr-only">{t('list.unread')}</span>
            </>
          ) : null}
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline gap-2">
            <span className={cn('min-w-0 flex-1 truncate text-sm', unread ? 'font-semibold' : 'font-medium')}>{visitor}</span>
            <time
              dateTime={thread.lastActivityAt}
              title={fullTimeText(thread.lastActivityAt, format)}
              className={cn('shrink-0 text-xs tabular-nums', unread ? 'font-medium text-foreground' : 'text-muted-foreground')}
            >
              {when}
            </time>
          </span>
          <span className="mt-0.5 flex min-w-0 items-center gap-1.5">
            <span className="min-w-0 truncate text-muted-foreground text-xs" title={thread.assistantName ?? undefined}>
              {thread.assistantName ?? t('list.sharedAssistant')}
            </span>
            <OriginBadge origin={thread.origin} />
            {thread.autoReplyPaused ? <PausedBadge /> : null}
          </span>
          {thread.needsHuman ? <NeedsPersonBadge reason={thread.needsHumanReason} className="mt-1" /> : null}
          <span
            data-slot="preview"
            className={cn('mt-1 block truncate text-sm', unread ? 'font-medium text-foreground' : 'text-muted-foreground')}
          >
            {previewText(thread)}
          </span>
        </span>
      </button>
    </li>
  );
}

export function InboxList({
  threads,
  selectedId,
  now,
  onSelect,
  hasMore,
  loadingMore,
  onLoadMore,
}: {
  threads: readonly InboxThread[];
  selectedId: string | null;
  now: number;
  onSelect: (thread: InboxThread) => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  const { t } = useTranslation('inbox');
  return (
    <>
      <ul aria-label={t('list.label')} className="flex min-w-0 flex-col gap-0.5">
        {threads.map((thread) => (
          <InboxRow key={thread.id} thread={thread} selected={thread.id === selectedId} now={now} onSelect={onSelect} />
        ))}
      </ul>
      {hasMore ? (
        <div className="flex justify-center py-3">
          <Button variant="ghost" size="sm" onClick={onLoadMore} disabled={loadingMore}>
            {loadingMore ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
            {t('list.loadMore')}
          </Button>
        </div>
      ) : null}
    </>
  );
}

export function InboxListSkeleton() {
  const { t } = useTranslation('inbox');
  return (
    <div className="grid gap-2 p-1" role="status" aria-label={t('list.loading')}>
      {[0, 1, 2, 3, 4].map((index) => (
        <Skeleton key={index} className="h-[74px] rounded-lg" />
      ))}
    </div>
  );
}
