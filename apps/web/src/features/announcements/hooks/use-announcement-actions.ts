import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/app/auth/auth-provider';
import { useAppSync } from '@/app/data-client/app-sync-provider';
import { applyCollectionEvent, type CollectionEvent } from '@/app/startup-data/collection-events';
import { startupQueryKey } from '@/app/startup-data/startup-data-provider';
import { i18n } from '@/i18n/i18n';
import { type AnnouncementItem, createAnnouncement, deleteAnnouncement, updateAnnouncement } from '../api/announcements-api';

/**
 * Publish, edit and delete for staff. Each change goes into the start-up collection as soon as
 * the server answers; the live event that follows says the same and changes nothing more.
 */
export function useAnnouncementActions() {
  const { client } = useAppSync();
  const { user } = useAuth();
  const queryClient = useQueryClient();

  const apply = (event: CollectionEvent<AnnouncementItem>): void => {
    queryClient.setQueryData<AnnouncementItem[]>(startupQueryKey('announcements', user?.email), (items) =>
      applyCollectionEvent(items ?? [], event, { ignoreDuplicateCreates: false }),
    );
  };

  const connected = () => {
    if (!client) throw new Error(i18n.t('common:errors.notConnected'));
    return client;
  };

  return {
    publish: async (message: string) => apply({ type: 'create', item: await createAnnouncement(connected(), message) }),
    edit: async (id: string, message: string) => apply({ type: 'update', item: await updateAnnouncement(connected(), id, message) }),
    remove: async (id: string) => apply({ type: 'delete', id: (await deleteAnnouncement(connected(), id)).id }),
  };
}
