import { describe, expect, it } from 'vitest';
import { badgeLabel, type NotificationItem, showMarkAllAsRead, unreadOf, unreadSubtitle } from './notification-counts';

const notification = (id: string, userHasRead: boolean | null): NotificationItem => ({
  id,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ownerEmail: 'ann@shop.test',
  title: id,
  content: null,
  userHasRead,
  presignedGet: null,
});

describe('notification counts (spec §2, §9)', () => {
  it('caps the bell badge at "99+" and hides it with nothing unread', () => {
    expect(badgeLabel(0)).toBeNull();
    expect(badgeLabel(1)).toBe('1');
    expect(badgeLabel(99)).toBe('99');
    expect(badgeLabel(100)).toBe('99+');
    expect(badgeLabel(2_500)).toBe('99+');
  });

  it('reads "N unread notification(s)" or "All caught up!"', () => {
    expect(unreadSubtitle(0)).toBe('All caught up!');
    expect(unreadSubtitle(1)).toBe('1 unread notification(s)');
    expect(unreadSubtitle(42)).toBe('42 unread notification(s)');
  });

  it('offers "Mark all as read" only with more than one unread', () => {
    expect(showMarkAllAsRead(0)).toBe(false);
    expect(showMarkAllAsRead(1)).toBe(false);
    expect(showMarkAllAsRead(2)).toBe(true);
  });

  it('counts a notification without a read flag as unread', () => {
    expect(unreadOf([notification('a', true), notification('b', false), notification('c', null)]).map((n) => n.id)).toEqual(['b', 'c']);
  });
});
