import { MegaphoneIcon } from 'lucide-react';
import { useCollection } from '@/app/startup-data/startup-data-provider';
import { EmptyState } from '@/components/empty-state';
import { ScreenHeader } from '@/components/layouts/screen-header';
import { Skeleton } from '@/components/ui/skeleton';
import { type AnnouncementItem, newestFirst } from '../api/announcements-api';
import { useAnnouncementActions } from '../hooks/use-announcement-actions';
import { AnnouncementForm } from './announcement-form';
import { AnnouncementsList } from './announcements-list';

function ListSkeleton() {
  return (
    <div role="status" className="grid gap-3">
      <span className="sr-only">Loading announcements…</span>
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
  const { status, items } = useCollection<AnnouncementItem>('announcements');
  const { publish, edit, remove } = useAnnouncementActions();
  const loading = status.state === 'loading' || status.state === 'not-initialised';

  return (
    <div className="mx-auto w-full max-w-3xl p-4 md:p-8">
      <ScreenHeader
        title="Announcements"
        icon={MegaphoneIcon}
        summary="Every user sees the newest one as a banner until they dismiss it."
      />
      <section aria-label="New announcement" className="mb-8 rounded-xl border p-4">
        <AnnouncementForm label="New announcement" submitLabel="Publish" onSubmit={publish} clearOnSubmit />
      </section>
      {status.state === 'error' ? (
        <p role="alert" className="text-destructive text-sm">
          {status.error}
        </p>
      ) : null}
      {loading ? (
        <ListSkeleton />
      ) : items.length === 0 ? (
        <EmptyState icon={MegaphoneIcon} title="No announcements yet">
          <p className="mt-1 text-muted-foreground text-sm">What you publish here shows to every user as a banner.</p>
        </EmptyState>
      ) : (
        <AnnouncementsList items={newestFirst(items)} onEdit={edit} onDelete={remove} />
      )}
    </div>
  );
}
