import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { fakeDataClient } from '@/testing/fake-data-client';
import type { RawThread } from '../api/shared-thread-fields';
import type { RawQuestion } from '../api/unanswered-questions-api';
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

const question = (id: string, minute: number, extra: Partial<RawQuestion> = {}): RawQuestion => ({
  id,
  assistantId: 'assistant-1',
  sharedThreadID: 'a',
  question: `Question ${id}?`,
  createdAt: at(minute),
  answeredAt: null,
  ...extra,
});

function renderScreen({ threads = [] as RawThread[], shares = [share], questions = [] as RawQuestion[], path = '/conversations' } = {}) {
  fake.current = fakeDataClient({
    listUnansweredQuestions: () => ({ items: questions, nextToken: null }),
    listSharedAssistants: () => ({ items: shares, nextToken: null }),
    sharedThreadsByOwnerEmailAndLastActivityAt: () => ({ items: threads, nextToken: null }),
    searchSharedThreads: () => ({ items: [], nextToken: null }),
    sharedMessagesBySharedThreadID: () => ({ items: [], nextToken: null }),
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
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

  it('narrows the list to conversations that need a person, in the list and in a search', async () => {
    const client = renderScreen({ threads: [rawThread('a', 10)] });
    await screen.findByRole('listitem', { name: 'visitor-a' });
    const filter = screen.getByRole('button', { name: 'Needs a person' });
    expect(filter).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(filter);
    expect(filter).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(client.request.mock.calls.at(-1)?.[1]).toMatchObject({ filter: { needsHuman: { eq: true } } }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search conversations' }), 'refund');
    await waitFor(() =>
      expect(client.request.mock.calls.find(([q]) => q.includes('searchSharedThreads'))?.[1]).toMatchObject({
        query: 'refund',
        needsHuman: true,
      }),
    );
  });

  it('badges a conversation live when it comes to need a person, and brings it into the needs-a-person list', async () => {
    const client = renderScreen({ threads: [rawThread('a', 10), rawThread('b', 8)] });
    const row = await screen.findByRole('listitem', { name: 'visitor-a' });
    expect(within(row).queryByText('Needs a person')).toBeNull();
    await waitFor(() => expect(client.subscribed('onUpdateSharedThread')).toBe(true));

    const flipped = {
      ...rawThread('a', 10, { needsHuman: true, needsHumanReason: 'asked' }),
      sharedAssistant: undefined,
      lastMessage: undefined,
    };
    act(() => client.emit('onUpdateSharedThread', flipped));
    expect(await within(screen.getByRole('listitem', { name: 'visitor-a' })).findByText('Needs a person')).toHaveTextContent(
      'asked for one',
    );

    // The needs-a-person list loads empty; a thread flipping later is fetched and placed in it.
    client.handlers.sharedThreadsByOwnerEmailAndLastActivityAt = () => ({ items: [], nextToken: null });
    client.handlers.getSharedThread = () => rawThread('b', 8, { needsHuman: true, needsHumanReason: 'upset' });
    await userEvent.click(screen.getByRole('button', { name: 'Needs a person' }));
    expect(await screen.findByText('No matching conversations')).toBeInTheDocument();
    act(() =>
      client.emit('onUpdateSharedThread', {
        ...rawThread('b', 8, { needsHuman: true, needsHumanReason: 'upset' }),
        sharedAssistant: undefined,
        lastMessage: undefined,
      }),
    );
    const placed = await screen.findByRole('listitem', { name: 'visitor-b' });
    expect(within(placed).getByText('Needs a person')).toHaveTextContent('seems upset');
  });

  it('lists the questions the assistant could not answer, counted on their tab and kept live', async () => {
    const client = renderScreen({
      threads: [rawThread('a', 10)],
      questions: [question('q1', 20, { question: 'Do you offer gift wrapping?' })],
    });
    const tab = await screen.findByRole('tab', { name: 'Unanswered questions, 1 waiting' });
    await userEvent.click(tab);
    expect(tab).toHaveAttribute('aria-selected', 'true');
    const item = await screen.findByRole('listitem', { name: 'Do you offer gift wrapping?' });
    expect(within(item).getByText('Shop helper')).toBeInTheDocument();
    expect(screen.queryByRole('searchbox', { name: 'Search conversations' })).toBeNull();

    await waitFor(() => expect(client.subscribed('onCreateUnansweredQuestion')).toBe(true));
    act(() => client.emit('onCreateUnansweredQuestion', question('q2', 25, { question: 'Is the mug dishwasher safe?' })));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Unanswered questions' }))
          .getAllByRole('listitem')
          .map((row) => row.getAttribute('aria-label')),
      ).toEqual(['Is the mug dishwasher safe?', 'Do you offer gift wrapping?']),
    );
    expect(screen.getByRole('tab', { name: 'Unanswered questions, 2 waiting' })).toBeInTheDocument();

    // Answered elsewhere (another tab or device): it leaves the list.
    act(() => client.emit('onUpdateUnansweredQuestion', question('q2', 25, { answeredAt: at(26) })));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Is the mug dishwasher safe?' })).toBeNull());

    // "View conversation" opens the thread beside the list.
    await userEvent.click(within(item).getByRole('button', { name: 'View conversation' }));
    expect(await screen.findByTestId('thread-title')).toHaveTextContent('visitor-a');
  });

  it('adds an answer to the store in one step, then says so and shows the empty state', async () => {
    const client = renderScreen({
      questions: [question('q1', 20, { question: 'Do you offer gift wrapping?' })],
      path: '/conversations?view=unanswered',
    });
    const success = vi.spyOn(toast, 'success');
    const item = await screen.findByRole('listitem', { name: 'Do you offer gift wrapping?' });
    await userEvent.click(within(item).getByRole('button', { name: 'Add an answer to the store' }));
    await userEvent.click(within(item).getByRole('button', { name: 'Save answer' }));
    expect(within(item).getByText('Write the answer first.')).toBeInTheDocument();
    expect(client.calls()).not.toContain('answerUnansweredQuestion');

    client.handlers.answerUnansweredQuestion = ({ id, answer }) =>
      question(String(id), 20, { answeredAt: at(30), question: String(answer) });
    await userEvent.type(within(item).getByLabelText('Answer'), 'Yes, $5 per order.');
    await userEvent.click(within(item).getByRole('button', { name: 'Save answer' }));
    expect(await screen.findByRole('heading', { name: 'No unanswered questions' })).toBeInTheDocument();
    expect(client.request.mock.calls.find(([q]) => q.includes('answerUnansweredQuestion'))?.[1]).toEqual({
      id: 'q1',
      answer: 'Yes, $5 per order.',
    });
    expect(success).toHaveBeenCalledWith('Answer added to the store. Your assistant uses it from now on.');
    expect(screen.getByRole('tab', { name: 'Unanswered questions' })).toBeInTheDocument();
  });

  it('keeps the answer and shows the server’s reason when it cannot be added', async () => {
    const client = renderScreen({
      questions: [question('q1', 20, { question: 'Do you offer gift wrapping?' })],
      path: '/conversations?view=unanswered',
    });
    client.handlers.answerUnansweredQuestion = () => {
      throw new Error('Link a store to this assistant first: the answer is added to its store.');
    };
    const item = await screen.findByRole('listitem', { name: 'Do you offer gift wrapping?' });
    await userEvent.click(within(item).getByRole('button', { name: 'Add an answer to the store' }));
    await userEvent.type(within(item).getByLabelText('Answer'), 'Yes.');
    await userEvent.click(within(item).getByRole('button', { name: 'Save answer' }));
    expect(await within(item).findByText('Link a store to this assistant first: the answer is added to its store.')).toBeInTheDocument();
    expect(within(item).getByLabelText('Answer')).toHaveValue('Yes.');
    expect(within(item).getByLabelText('Answer')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says so when there are no unanswered questions', async () => {
    renderScreen({ path: '/conversations?view=unanswered' });
    expect(await screen.findByRole('heading', { name: 'No unanswered questions' })).toBeInTheDocument();
    expect(screen.getByText(/When your assistant can’t answer a shopper, the question shows up here/)).toBeInTheDocument();
  });
});
