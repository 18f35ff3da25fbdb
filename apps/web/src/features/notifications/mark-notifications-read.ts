import { NotificationCollectionFields } from '@/app/startup-data/collections';
import { graphql } from '@/graphql/graphql';
import { type DataClient, required } from '@/lib/graphql-client';
import type { NotificationItem } from './notification-counts';

const UPDATE_NOTIFICATION = graphql(
  `mutation MarkNotificationRead($input: UpdateNotificationInput!) {
  updateNotification(input: $input) { ...NotificationCollectionFields }
}`,
  [NotificationCollectionFields],
);

/**
 * Marks notifications read (spec §4): one update per notification, sent in parallel. Nothing is
 * sent without the user's e-mail. Failures are logged only (spec §8); the live update event
 * brings the change into the list.
 */
export async function markNotificationsRead(client: DataClient, ownerEmail: string | undefined, items: readonly NotificationItem[]) {
  if (!ownerEmail) return [];
  const results = await Promise.allSettled(
    items.map(async (item) => {
      const data = await client.request(UPDATE_NOTIFICATION, { input: { id: item.id, userHasRead: true, ownerEmail } });
      return required(data.updateNotification, 'updateNotification');
    }),
  );
  for (const result of results) if (result.status === 'rejected') console.error('marking a notification read failed', result.reason);
  return results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
}
