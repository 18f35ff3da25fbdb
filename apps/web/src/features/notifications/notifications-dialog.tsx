import { useQueryClient } from '@tanstack/react-query';
import { BellIcon, CheckCheckIcon, CheckIcon, DownloadIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@/app/auth/auth-provider';
import { useAppSync } from '@/app/data-client/app-sync-provider';
import { applyCollectionEvent } from '@/app/startup-data/collection-events';
import { startupQueryKey, useCollection } from '@/app/startup-data/startup-data-provider';
import { EmptyState } from '@/components/empty-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { ScrollArea } from '@/components/ui/scroll-area';
import { Skeleton } from '@/components/ui/skeleton';
import { useFormat } from '@/i18n/format';
import { cn } from '@/lib/cn';
import { downloadNotification } from './download-notification';
import { markNotificationsRead } from './mark-notifications-read';
import { badgeLabel, type NotificationItem, showMarkAllAsRead, unreadOf, unreadSubtitle } from './notification-counts';

/** The bell and its dialog (spec §2 "Notifications dialog"). */
export function NotificationsDialog() {
  const { status, items } = useCollection<NotificationItem>('notifications');
  const { client } = useAppSync();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const format = useFormat();
  const [busy, setBusy] = useState(false);
  const unread = unreadOf(items);
  const badge = badgeLabel(unread.length);
  // Until the list is read, nothing is known of what is unread: no "All caught up!" yet.
  const loading = status.state === 'loading' || status.state === 'not-initialised';

  const markRead = async (targets: NotificationItem[]) => {
    if (!client || targets.length === 0) return;
    setBusy(true);
    try {
      const updated = await markNotificationsRead(client, user?.email, targets);
      // Show the change at once; the update events say the same a moment later.
      queryClient.setQueryData<NotificationItem[]>(startupQueryKey('notifications', user?.email), (current) =>
        updated.reduce(
          (list, item) => applyCollectionEvent(list, { type: 'update', item }, { ignoreDuplicateCreates: false }),
          current ?? [],
        ),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={badge ? t('notifications.bellUnread', { badge }) : t('notifications.bell')}
        >
          <BellIcon />
          {badge ? (
            <span
              data-testid="notification-badge"
              className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] leading-none font-semibold text-white"
            >
              {badge}
            </span>
          ) : null}
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <div className="flex items-center justify-between gap-2 pr-6">
            <DialogTitle>{t('notifications.title')}</DialogTitle>
            {showMarkAllAsRead(unread.length) ? (
              <Button size="sm" variant="outline" disabled={busy} onClick={() => void markRead(unread)}>
                <CheckCheckIcon />
                {t('notifications.markAll')}
              </Button>
            ) : null}
          </div>
          <DialogDescription>{loading ? t('notifications.loading') : unreadSubtitle(unread.length)}</DialogDescription>
        </DialogHeader>
        {loading ? (
          <div className="grid gap-2 py-2" aria-hidden="true">
            {['a', 'b', 'c'].map((row) => (
              <Skeleton key={row} className="h-16" />
            ))}
          </div>
        ) : status.state === 'error' && items.length === 0 ? (
          <p role="alert" className="py-10 text-center text-sm text-destructive">
            {t('notifications.loadError', { error: status.error })}
          </p>
        ) : items.length === 0 ? (
          // Sized to its message: the 400 px list area (spec §2) is for a list.
          <EmptyState icon={BellIcon} title={t('notifications.empty')} titleAs="h3" className="py-8">
            <p className="mt-1 max-w-xs text-muted-foreground text-sm">{t('notifications.emptyBody')}</p>
          </EmptyState>
        ) : (
          <ScrollArea className="h-[400px] pr-3">
            <ul className="grid gap-2" aria-label={t('notifications.list')}>
              {items.map((item) => (
                <li
                  key={item.id}
                  className={cn('rounded-lg border p-3', !item.userHasRead && 'border-primary/30 bg-primary/5')}
                  data-read={item.userHasRead ? 'true' : 'false'}
                >
                  <div className="flex items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p className="flex items-center gap-2 text-sm font-medium">
                        <span>{item.title || t('notifications.untitled')}</span>
                        {!item.userHasRead ? <Badge variant="secondary">{t('notifications.new')}</Badge> : null}
                      </p>
                      {item.content ? (
                        <p className="mt-1 text-sm break-words whitespace-pre-line text-muted-foreground">{item.content}</p>
                      ) : null}
                      <time className="mt-1 block text-xs text-muted-foreground" dateTime={item.createdAt}>
                        {format.dateTime(item.createdAt)}
                      </time>
                    </div>
                    <div className="flex shrink-0 gap-1">
                      {item.presignedGet ? (
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={t('actions.download')}
                          onClick={() => void downloadNotification(item)}
                        >
                          <DownloadIcon />
                        </Button>
                      ) : null}
                    </div>
                  </div>
                  {!item.userHasRead ? (
                    <Button variant="link" size="sm" className="mt-1 h-auto px-0" disabled={busy} onClick={() => void markRead([item])}>
                      <CheckIcon />
                      {t('notifications.markRead')}
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
          </ScrollArea>
        )}
      </DialogContent>
    </Dialog>
  );
}
