import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AnnouncementBanner } from './announcement-banner';
import type { AnnouncementItem } from './api/announcements-api';

const collection = vi.hoisted(() => ({ items: [] as AnnouncementItem[], listeners: new Set<() => void>() }));
vi.mock('@/app/startup-data/startup-data-provider', async () => {
  const { useSyncExternalStore } = await import('react');
  return {
    useCollection: () => {
      const items = useSyncExternalStore(
        (listener) => {
          collection.listeners.add(listener);
          return () => collection.listeners.delete(listener);
        },
        () => collection.items,
      );
      return { status: { state: 'initialised' }, items };
    },
  };
});

/** A live event: the collection changes under the mounted banner. */
const setItems = (items: AnnouncementItem[]) =>
  act(() => {
    collection.items = items;
    for (const listener of collection.listeners) listener();
  });

const announcement = (id: string, message: string, createdAt: string): AnnouncementItem => ({
  id,
  message,
  createdAt,
  updatedAt: createdAt,
  ownerEmail: 'staff@aisle.test',
});

const older = announcement('a1', 'Maintenance tonight', '2026-11-01T00:00:00.000Z');
const newer = announcement('a2', 'New pricing from Monday', '2026-11-20T00:00:00.000Z');

describe('the announcement banner', () => {
  beforeEach(() => {
    localStorage.clear();
    collection.items = [];
  });

  it('shows only the newest announcement, and nothing when there is none', () => {
    render(<AnnouncementBanner />);
    expect(screen.queryByRole('region', { name: 'Announcement' })).not.toBeInTheDocument();
    setItems([newer, older]);
    expect(screen.getByRole('region', { name: 'Announcement' })).toHaveTextContent('New pricing from Monday');
    expect(screen.queryByText('Maintenance tonight')).not.toBeInTheDocument();
  });

  it('hides a dismissed announcement for good, and shows a newer one again', async () => {
    collection.items = [older];
    const first = render(<AnnouncementBanner />);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss announcement' }));
    expect(screen.queryByRole('region', { name: 'Announcement' })).not.toBeInTheDocument();

    // Remembered across a reload (a fresh mount reads the browser's storage).
    first.unmount();
    render(<AnnouncementBanner />);
    expect(screen.queryByRole('region', { name: 'Announcement' })).not.toBeInTheDocument();

    setItems([older, newer]);
    expect(screen.getByRole('region', { name: 'Announcement' })).toHaveTextContent('New pricing from Monday');
  });
});
