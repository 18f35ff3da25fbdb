import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeDataClient } from '@/testing/fake-data-client';
import { AnnouncementsStaffScreen } from './announcements-staff-screen';

const state = vi.hoisted(() => ({ admin: true, client: null as ReturnType<typeof fakeDataClient> | null }));
vi.mock('@/app/auth/auth-provider', () => ({ useAuth: () => ({ user: { email: 'staff@aisle.test', admin: state.admin } }) }));
vi.mock('@/app/data-client/app-sync-provider', () => ({ useAppSync: () => ({ client: state.client?.client ?? null }) }));
vi.mock('@/app/startup-data/startup-data-provider', () => ({
  useCollection: () => ({
    status: 'ready',
    items: [
      { id: 'a1', createdAt: '2026-11-01T10:00:00.000Z', message: 'Older news' },
      { id: 'a2', createdAt: '2026-11-20T10:00:00.000Z', message: 'Maintenance on Sunday' },
    ],
  }),
}));

function renderScreen() {
  const created: unknown[] = [];
  const deleted: unknown[] = [];
  state.client = fakeDataClient({
    createAnnouncement: (variables) => {
      created.push(variables.input);
      return { id: 'a3', message: 'x', createdAt: '2026-11-28T10:00:00.000Z' };
    },
    deleteAnnouncement: (variables) => {
      deleted.push(variables.input);
      return { id: 'a1' };
    },
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AnnouncementsStaffScreen />
    </QueryClientProvider>,
  );
  return { created, deleted };
}

describe('the staff announcements screen', () => {
  it('publishes an announcement and deletes an old one, newest listed first', async () => {
    state.admin = true;
    const { created, deleted } = renderScreen();
    const items = within(screen.getByRole('list', { name: 'Published announcements' })).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual(['Maintenance on Sunday', 'Older news']);
    expect(items[0]).toHaveTextContent('shown now');

    await userEvent.type(screen.getByLabelText('New announcement'), '  New plans are live  ');
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(created).toEqual([{ message: 'New plans are live' }]));
    await waitFor(() => expect(screen.getByLabelText('New announcement')).toHaveValue(''));

    await userEvent.click(screen.getByRole('button', { name: 'Delete “Older news”' }));
    await waitFor(() => expect(deleted).toEqual([{ id: 'a1' }]));
  });

  it('is not for other users', () => {
    state.admin = false;
    renderScreen();
    expect(screen.getByText('Only staff can write announcements.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
  });
});
