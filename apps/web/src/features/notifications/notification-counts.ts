import type { NotificationCollectionFields } from '@/app/startup-data/collections';
import { NOTIFICATION_BADGE_CAP } from '@/config/constants';
import type { ResultOf } from '@/graphql/graphql';
import { i18n } from '@/i18n/i18n';

/** A notification as the start-up collection holds it (and as marking one read answers it). */
export type NotificationItem = ResultOf<typeof NotificationCollectionFields>;

export const unreadOf = (items: readonly NotificationItem[]) => items.filter((item) => !item.userHasRead);

/** The bell badge (spec §2, §9): the unread count, or "99+" above 99; nothing at 0. */
export function badgeLabel(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > NOTIFICATION_BADGE_CAP ? `${NOTIFICATION_BADGE_CAP}+` : String(unread);
}

/** The dialog subtitle (spec §2: "N unread notification(s)", "All caught up!"), in the interface's language. */
export function unreadSubtitle(unread: number): string {
  return unread > 0 ? i18n.t('common:notifications.unread', { count: unread }) : i18n.t('common:notifications.allCaughtUp');
}

/** Spec §2, §9: "Mark all as read" only with more than one unread notification. */
export const showMarkAllAsRead = (unread: number) => unread > 1;
