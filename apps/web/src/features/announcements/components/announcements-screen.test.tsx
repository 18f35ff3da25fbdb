import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { startupQueryKey } from '@/app/startup-data/startup-data-provider';
import { fakeDataClient } from '@/testing/fake-data-client';
import type { AnnouncementItem } from '../api/announcements-api';
import { AnnouncementsScreen } from './announcements-screen';

const state = vi.hoisted(() => ({ client: null as ReturnType<typeof fakeDataClient> | null }));
vi.mock('@/app/auth/auth-provider', () => ({ useAuth: () => ({ user: { email: 'staff@aisle.test', admin: true } }) }));
vi.mock('@/app/data-client/app-sync-provider', () => ({ useAppSync: () => ({ client: state.client?.client ?? null }) }));
// A stand-in for the collection hook reading the same start-up cache, which each test fills (a live
// event is a cache change); the provider's subscriptions have tests of their own.
vi.mock('@/app/startup-data/startup-data-provider', async () => {
  const { useQuery } = await import('@tanstack/react-query');
  const startupQueryKey = (name: string, email: string | undefined) => ['startup', name, email ?? ''];
  return {
    startupQueryKey,
    useCollection: (name: string) => {
      const query = useQuery({ queryKey: startupQueryKey(name, 'staff@aisle.test'), enabled: false });
      return { status: { state: query.data ? 'initialised' : 'loading' }, items: query.data ?? [] };
    },
  };
});

const announcement = (id: string, message: string, createdAt: string): AnnouncementItem => ({
  id,
  message,
  createdAt,
  updatedAt: createdAt,
  ownerEmail: 'staff@aisle.test',
});

/** An in-memory Announcement model behind the fake data client. */
function announcementsBackend() {
  let next = 1;
  return fakeDataClient({
    createAnnouncement: ({ input }) => {
      const { message } = input as { message: string };
      if (message === 'refuse me') throw new Error('Unauthorized');
      return announcement(`new-${next++}`, message, '2026-11-28T12:00:00.000Z');
    },
    updateAnnouncement: ({ input }) => {
      const { id, message } = input as { id: string; message: string };
      return announcement(id, message, '2026-11-01T00:00:00.000Z');
    },
    deleteAnnouncement: ({ input }) => ({ id: (input as { id: string }).id }),
  });
}

function renderScreen(items: AnnouncementItem[] | undefined) {
  state.client = announcementsBackend();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (items) queryClient.setQueryData(startupQueryKey('announcements', 'staff@aisle.test'), items);
  render(
    <MemoryRouter>
      <QueryClientProvider client={queryClient}>
        <AnnouncementsScreen />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return { backend: state.client, queryClient };
}

const listedMessages = () =>
  within(screen.getByRole('list', { name: 'Announcements' }))
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('aria-label'));

describe('the staff announcements screen', () => {
  it('shows a loading skeleton, then the empty state', async () => {
    const { queryClient } = renderScreen(undefined);
    expect(screen.getByRole('status')).toHaveTextContent('Loading announcements…');
    queryClient.setQueryData(startupQueryKey('announcements', 'staff@aisle.test'), []);
    expect(await screen.findByRole('heading', { name: 'No announcements yet' })).toBeInTheDocument();
  });

  it('lists announcements newest first, and one published elsewhere appears live', async () => {
    const { queryClient } = renderScreen([
      announcement('old', 'Older news', '2026-10-01T00:00:00.000Z'),
      announcement('new', 'Newer news', '2026-11-01T00:00:00.000Z'),
    ]);
    expect(listedMessages()).toEqual(['Newer news', 'Older news']);
    queryClient.setQueryData<AnnouncementItem[]>(startupQueryKey('announcements', 'staff@aisle.test'), (items) => [
      announcement('other', 'From another staff member', '2026-11-20T00:00:00.000Z'),
      ...(items ?? []),
    ]);
    await waitFor(() => expect(listedMessages()).toEqual(['From another staff member', 'Newer news', 'Older news']));
  });

  it('refuses a blank or too long message with the contract message, sending nothing', async () => {
    const { backend } = renderScreen([]);
    const form = screen.getByRole('form', { name: 'New announcement' });
    await userEvent.type(within(form).getByLabelText('Message'), '   ');
    await userEvent.click(within(form).getByRole('button', { name: 'Publish' }));
    expect(within(form).getByText('This field may not be blank.')).toBeInTheDocument();
    await userEvent.clear(within(form).getByLabelText('Message'));
    await userEvent.click(within(form).getByLabelText('Message'));
    await userEvent.paste('x'.repeat(2001));
    await userEvent.click(within(form).getByRole('button', { name: 'Publish' }));
    expect(within(form).getByText('Ensure this field has no more than 2000 characters.')).toBeInTheDocument();
    expect(within(form).getByText('2001 / 2000')).toBeInTheDocument();
    expect(backend.calls()).toEqual([]);
  });

  it('publishes, clears the form and shows the new announcement at the top', async () => {
    const { backend } = renderScreen([announcement('old', 'Older news', '2026-10-01T00:00:00.000Z')]);
    const form = screen.getByRole('form', { name: 'New announcement' });
    await userEvent.type(within(form).getByLabelText('Message'), '  New pricing from Monday  ');
    await userEvent.click(within(form).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(listedMessages()).toEqual(['New pricing from Monday', 'Older news']));
    expect(backend.request).toHaveBeenCalledWith(expect.stringContaining('createAnnouncement'), {
      input: { message: 'New pricing from Monday' },
    });
    expect(within(form).getByLabelText('Message')).toHaveValue('');
  });

  it('keeps the text and says why when the server refuses', async () => {
    renderScreen([]);
    const form = screen.getByRole('form', { name: 'New announcement' });
    await userEvent.type(within(form).getByLabelText('Message'), 'refuse me');
    await userEvent.click(within(form).getByRole('button', { name: 'Publish' }));
    expect(await within(form).findByText('Unauthorized')).toBeInTheDocument();
    expect(within(form).getByLabelText('Message')).toHaveValue('refuse me');
  });

  it('edits an announcement in place', async () => {
    const { backend } = renderScreen([announcement('a1', 'Maintenance tonight', '2026-11-01T00:00:00.000Z')]);
    const item = screen.getByRole('listitem', { name: 'Maintenance tonight' });
    await userEvent.click(within(item).getByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit announcement' });
    await userEvent.clear(within(form).getByLabelText('Message'));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByText('This field may not be blank.')).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText('Message'), 'Maintenance moved to Friday');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(listedMessages()).toEqual(['Maintenance moved to Friday']));
    expect(screen.queryByRole('form', { name: 'Edit announcement' })).not.toBeInTheDocument();
    expect(backend.request).toHaveBeenCalledWith(expect.stringContaining('updateAnnouncement'), {
      input: { id: 'a1', message: 'Maintenance moved to Friday' },
    });
  });

  it('deletes only after the confirm, and cancel keeps it', async () => {
    const { backend } = renderScreen([announcement('a1', 'Maintenance tonight', '2026-11-01T00:00:00.000Z')]);
    const item = screen.getByRole('listitem', { name: 'Maintenance tonight' });
    await userEvent.click(within(item).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(backend.calls()).toEqual([]);
    await userEvent.click(within(item).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this announcement?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('heading', { name: 'No announcements yet' })).toBeInTheDocument();
    expect(backend.calls()).toEqual(['deleteAnnouncement']);
  });
});
