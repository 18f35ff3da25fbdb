import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { fakeDataClient } from '@/testing/fake-data-client';
import type { RawThread } from '../api/shared-thread-fields';
import { at, rawMessage, rawThread } from '../testing/inbox-fixtures';
import { InboxScreen } from './inbox-screen';

const fake = vi.hoisted(() => ({ current: null as ReturnType<typeof fakeDataClient> | null }));
vi.mock('@/app/auth/auth-provider', () => ({
  useAuth: () => ({ user: { email: 'ann@shop.test' }, sessionStore: { getValidAccessToken: async () => 'T' } }),
}));
vi.mock('@/app/data-client/app-sync-provider', () => ({ useAppSync: () => ({ client: fake.current?.client ?? null }) }));

const share = {
  id: 'share-1',
  originalAssistantID: 'assistant-1',
  assistantName: 'Shop helper',
  isActive: true,
  expiresAt: null,
  shareToken: 'tok-123',
};

function renderScreen({ threads = [] as RawThread[], shares = [share] } = {}) {
  fake.current = fakeDataClient({
    listSharedAssistants: () => ({ items: shares, nextToken: null }),
    sharedThreadsByOwnerEmailAndLastActivityAt: () => ({ items: threads, nextToken: null }),
    searchSharedThreads: () => ({ items: [], nextToken: null }),
    sharedMessagesBySharedThreadID: () => ({ items: [], nextToken: null }),
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/conversations']}>
        <InboxScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fake.current;
}

const rows = () =>
  within(screen.getByRole('list', { name: 'Conversations' }))
    .getAllByRole('listitem')
    .map((row) => row.getAttribute('aria-label'));

describe('the Conversations screen', () => {
  it('asks for threads by last activity and follows new threads and messages live', async () => {
    const client = renderScreen({ threads: [rawThread('a', 10)] });
    await screen.findByRole('listitem', { name: 'visitor-a' });
    expect(client.request.mock.calls.find(([q]) => q.includes('sharedThreadsByOwnerEmailAndLastActivityAt'))?.[1]).toMatchObject({
      ownerEmail: 'ann@shop.test',
      filter: null,
    });
    await waitFor(() => expect(client.subscribed('onCreateSharedMessage')).toBe(true));

    act(() => client.emit('onCreateSharedThread', rawThread('b', 20)));
    await waitFor(() => expect(rows()).toEqual(['visitor-b', 'visitor-a']));

    act(() => client.emit('onCreateSharedMessage', rawMessage('m1', 'a', 30, { content: 'Still there?' })));
    await waitFor(() => expect(rows()).toEqual(['visitor-a', 'visitor-b']));
    const moved = screen.getByRole('listitem', { name: 'visitor-a' });
    expect(within(moved).getByText('Still there?')).toBeInTheDocument();
    expect(moved).toHaveAttribute('data-unread', 'true');

    act(() =>
      client.emit('onUpdateSharedThread', {
        ...rawThread('b', 20, { autoReplyPaused: true }),
        sharedAssistant: undefined,
        lastMessage: undefined,
      }),
    );
    expect(await within(screen.getByRole('listitem', { name: 'visitor-b' })).findByText('Paused')).toBeInTheDocument();
  });

  it('searches the server once typing settles', async () => {
    const client = renderScreen({ threads: [rawThread('a', 10)] });
    await screen.findByRole('listitem', { name: 'visitor-a' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search conversations' }), 'refund');
    expect(await screen.findByText('No matching conversations')).toBeInTheDocument();
    const searches = client.request.mock.calls.filter(([q]) => q.includes('searchSharedThreads'));
    expect(searches).toHaveLength(1);
    expect(searches[0]?.[1]).toMatchObject({ query: 'refund', sharedAssistantID: null, origin: null });
    await userEvent.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    expect(await screen.findByRole('listitem', { name: 'visitor-a' })).toBeInTheDocument();
  });

  it('filters by assistant and origin', async () => {
    const client = renderScreen({ threads: [rawThread('a', 10)] });
    await screen.findByRole('listitem', { name: 'visitor-a' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Origin' }), 'widget');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Assistant' }), 'Shop helper');
    await waitFor(() =>
      expect(client.request.mock.calls.at(-1)?.[1]).toMatchObject({
        filter: { and: [{ origin: { eq: 'widget' } }, { sharedAssistantID: { eq: 'share-1' } }] },
      }),
    );
  });

  it('points to the Assistants screen before anything is shared', async () => {
    renderScreen({ shares: [] });
    expect(await screen.findByText('Share an assistant to start')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Share an assistant' })).toHaveAttribute('href', '/assistants');
  });

  it('offers the share link while no one has written yet', async () => {
    renderScreen();
    expect(await screen.findByText('No conversations yet')).toBeInTheDocument();
    expect(screen.getByText(`${window.location.origin}/shared/chat?token=tok-123`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
  });

  it('opens a conversation from the list', async () => {
    renderScreen({ threads: [rawThread('a', 10, { lastVisitorMessageAt: at(9), ownerLastReadAt: at(9) })] });
    await userEvent.click(await screen.findByRole('button', { name: /^visitor-a/ }));
    expect(await screen.findByTestId('thread-title')).toHaveTextContent('visitor-a');
    expect(screen.getByRole('button', { name: 'Pause auto-reply' })).toBeInTheDocument();
  });
});
