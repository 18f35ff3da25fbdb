import { MegaphoneIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useCollection } from '@/app/startup-data/startup-data-provider';
import { EmptyState } from '@/components/empty-state';
import { ScreenHeader } from '@/components/layouts/screen-header';
import { Skeleton } from '@/components/ui/skeleton';
import { type AnnouncementItem, newestFirst } from '../api/announcements-api';
import { useAnnouncementActions } from '../hooks/use-announcement-actions';
import { AnnouncementForm } from './announcement-form';
import { AnnouncementsList } from './announcements-list';

function ListSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" className="grid gap-3">
      <span className="sr-only">{t('announcements.loading')}</span>
      {[0, 1, 2].map((index) => (
        <div key={index} className="grid gap-2 rounded-xl border p-4">
          <Skeleton className="h-4 w-full max-w-md" />
          <Skeleton className="h-3 w-40" />
        </div>
      ))}
    </div>
  );
}

/**
 * The staff screen: write an announcement, and the published ones newest first. The list is the
 * start-up collection, so other staff's changes appear live.
 */
export function AnnouncementsScreen() {
  const { t } = useTranslation();
  const { status, items } = useCollection<AnnouncementItem>('announcements');
  const { publish, edit, remove } = useAnnouncementActions();
  const loading = status.state === 'loading' || status.state === 'not-initialised';

  return (
    <div className="mx-auto w-full max-w-3xl p-4 md:p-8">
      <ScreenHeader title={t('announcements.title')} icon={MegaphoneIcon} summary={t('announcements.summary')} />
      <section aria-label={t('announcements.newLabel')} className="mb-8 rounded-xl border p-4">
        <AnnouncementForm label={t('announcements.newLabel')} submitLabel={t('announcements.publish')} onSubmit={publish} clearOnSubmit />
      </section>
      {status.state === 'error' ? (
        <p role="alert" className="text-destructive text-sm">
          {status.error}
        </p>
      ) : null}
      {loading ? (
        <ListSkeleton />
      ) : items.length === 0 ? (
        <EmptyState icon={MegaphoneIcon} title={t('announcements.emptyTitle')}>
          <p className="mt-1 text-muted-foreground text-sm">{t('announcements.emptyBody')}</p>
        </EmptyState>
      ) : (
        <AnnouncementsList items={newestFirst(items)} onEdit={edit} onDelete={remove} />
      )}
    </div>
  );
}
