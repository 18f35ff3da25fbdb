import type { DataClient } from '@/lib/graphql-client';
import type { NotificationItem } from './notification-counts';

const UPDATE_NOTIFICATION = `mutation MarkNotificationRead($input: UpdateNotificationInput!) {
  updateNotification(input: $input) { id createdAt updatedAt ownerEmail title content userHasRead presignedGet }
}`;

/**
 * Marks notifications read (spec §4): one update per notification, sent in parallel. Nothing is
 * sent without the user's e-mail. Failures are logged only (spec §8); the live update event
 * brings the change into the list.
 */
export async function markNotificationsRead(client: DataClient, ownerEmail: string | undefined, items: readonly NotificationItem[]) {
  if (!ownerEmail) return [];
  const results = await Promise.allSettled(
    items.map((item) =>
      client.request<{ updateNotification: NotificationItem }>(UPDATE_NOTIFICATION, {
        input: { id: item.id, userHasRead: true, ownerEmail },
      }),
    ),
  );
  for (const result of results) if (result.status === 'rejected') console.error('marking a notification read failed', result.reason);
  return results.flatMap((result) => (result.status === 'fulfilled' ? [result.value.updateNotification] : []));
}
