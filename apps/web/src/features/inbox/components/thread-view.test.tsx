import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeDataClient } from '@/testing/fake-data-client';
import { at, rawMessage, rawThread } from '../testing/inbox-fixtures';
import { PAUSED_NOTE } from './handoff-controls';
import { ThreadView } from './thread-view';

const fake = vi.hoisted(() => ({ current: null as ReturnType<typeof fakeDataClient> | null }));
vi.mock('@/app/auth/auth-provider', () => ({
  useAuth: () => ({ user: { email: 'ann@shop.test' }, sessionStore: { getValidAccessToken: async () => 'T' } }),
}));
vi.mock('@/app/data-client/app-sync-provider', () => ({ useAppSync: () => ({ client: fake.current?.client ?? null }) }));

/** A promise the test settles by hand, to look at the screen while a call is in flight. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const unsafeVisitor = '<img src=x onerror="window.__pwned=1"> Hi <b>there</b>';
const unsafeReply = 'Sure! <script>window.__pwned=2</script>**Free returns** [details](javascript:alert(1))';

function setUp(threadExtra: Parameters<typeof rawThread>[2] = {}, extraMessages: ReturnType<typeof rawMessage>[] = []) {
  const thread = rawThread('t1', 20, { lastVisitorMessageAt: at(18), ownerLastReadAt: at(5), ...threadExtra });
  fake.current = fakeDataClient({
    getSharedThread: () => thread,
    sharedMessagesBySharedThreadID: () => ({
      items: [
        rawMessage('m1', 't1', 10, { content: unsafeVisitor }),
        rawMessage('m2', 't1', 11, { senderType: 'assistant', content: unsafeReply }),
        rawMessage('m3', 't1', 18, { senderType: 'assistant', isManualResponse: true, content: 'We are *on it*.' }),
        ...extraMessages,
      ],
      nextToken: null,
    }),
    markSharedThreadRead: () => ({ ...thread, ownerLastReadAt: at(21) }),
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ThreadView threadId="t1" onBack={() => {}} />
    </QueryClientProvider>,
  );
  return fake.current;
}

beforeEach(() => {
  (window as unknown as { __pwned?: number }).__pwned = undefined;
});

describe('a conversation in the inbox', () => {
  it('shows the visitor’s words as plain text and replies as sanitised Markdown, labelled by who wrote them', async () => {
    setUp();
    const visitor = await screen.findByRole('listitem', { name: 'visitor-t1 said' });
    expect(visitor).toHaveTextContent(unsafeVisitor);
    expect(visitor.querySelector('img, b')).toBeNull();

    const bot = screen.getByRole('listitem', { name: 'Assistant said' });
    expect(within(bot).getByText('Free returns').tagName).toBe('STRONG');
    expect(bot.querySelector('script')).toBeNull();
    expect(within(bot).getByText('details').closest('a')?.getAttribute('href') ?? '').not.toMatch(/javascript/i);

    const team = screen.getByRole('listitem', { name: 'You (team) said' });
    expect(within(team).getByText('on it').tagName).toBe('EM');
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('shows the contact a visitor left through lead capture, as links the team can use', async () => {
    setUp({
      visitorContact: JSON.stringify({
        name: 'Ann <b>Lee</b>',
        email: 'ann@example.com',
        phone: '+1 (555) 010-2000',
        note: 'Wholesale quote',
      }),
    });
    const card = await screen.findByRole('region', { name: 'Visitor contact' });
    expect(within(card).getByText('Ann <b>Lee</b>')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'ann@example.com' })).toHaveAttribute('href', 'mailto:ann@example.com');
    expect(within(card).getByRole('link', { name: '+1 (555) 010-2000' })).toHaveAttribute('href', 'tel:+15550102000');
    expect(within(card).getByText('Wholesale quote')).toBeInTheDocument();
  });

  it('shows no contact card when the visitor left none', async () => {
    setUp();
    await screen.findByRole('listitem', { name: 'visitor-t1 said' });
    expect(screen.queryByRole('region', { name: 'Visitor contact' })).toBeNull();
  });

  it('marks the conversation read when it is opened while unread', async () => {
    const client = setUp();
    await waitFor(() => expect(client.calls()).toContain('markSharedThreadRead'));
    expect(client.request.mock.calls.find(([query]) => query.includes('markSharedThreadRead'))?.[1]).toEqual({ id: 't1' });
  });

  it('does not mark a read conversation again', async () => {
    const client = setUp({ ownerLastReadAt: at(19) });
    await screen.findByRole('listitem', { name: 'Assistant said' });
    expect(client.calls()).not.toContain('markSharedThreadRead');
  });

  it('pauses auto-reply at once, and goes back with the server’s reason when it refuses', async () => {
    const client = setUp();
    const answer = deferred<unknown>();
    client.handlers.updateSharedThread = () => answer.promise;
    const error = vi.spyOn(toast, 'error');
    await userEvent.click(await screen.findByRole('button', { name: 'Pause auto-reply' }));

    expect(screen.getByRole('button', { name: 'Resume auto-reply' })).toBeInTheDocument();
    expect(screen.getByTestId('auto-reply-note')).toHaveTextContent(PAUSED_NOTE);
    expect(client.request.mock.calls.at(-1)?.[1]).toEqual({ input: { id: 't1', autoReplyPaused: true } });

    answer.reject(new Error('Unauthorized'));
    expect(await screen.findByRole('button', { name: 'Pause auto-reply' })).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('Unauthorized');
  });

  it('keeps the pause when the server agrees', async () => {
    const client = setUp();
    client.handlers.updateSharedThread = () =>
      rawThread('t1', 20, { autoReplyPaused: true, lastVisitorMessageAt: at(18), ownerLastReadAt: at(21) });
    await userEvent.click(await screen.findByRole('button', { name: 'Pause auto-reply' }));
    await waitFor(() => expect(client.calls()).toContain('updateSharedThread'));
    expect(await screen.findByRole('button', { name: 'Resume auto-reply' })).toBeInTheDocument();
  });

  it('sends a reply by hand, shows it as the team’s, and shows auto-reply paused', async () => {
    const client = setUp();
    client.handlers.sendManualReply = ({ content }) =>
      rawMessage('m4', 't1', 22, { senderType: 'assistant', isManualResponse: true, content: String(content) });
    expect(await screen.findByText('Sending a reply pauses auto-reply on this conversation.')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Reply'), 'Your parcel left today.{Enter}');
    const replies = await screen.findAllByRole('listitem', { name: 'You (team) said' });
    expect(replies.at(-1)).toHaveTextContent('Your parcel left today.');
    expect(client.request.mock.calls.find(([query]) => query.includes('sendManualReply'))?.[1]).toEqual({
      sharedThreadId: 't1',
      content: 'Your parcel left today.',
    });
    expect(screen.getByLabelText('Reply')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Resume auto-reply' })).toBeInTheDocument();
    expect(screen.getByTestId('auto-reply-note')).toHaveTextContent(PAUSED_NOTE);
  });

  it('says why a conversation needs a person, and clears it when the owner replies by hand', async () => {
    const client = setUp({ needsHuman: true, needsHumanReason: 'asked', needsHumanAt: at(18) });
    client.handlers.sendManualReply = ({ content }) =>
      rawMessage('m4', 't1', 22, { senderType: 'assistant', isManualResponse: true, content: String(content) });
    const notice = await screen.findByRole('region', { name: 'Needs a person' });
    expect(notice).toHaveTextContent('The shopper asked to talk to a person.');
    expect(notice).toHaveTextContent('They were told someone from your team will reply here.');

    await userEvent.type(screen.getByLabelText('Reply'), 'Sam here, happy to help.{Enter}');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Needs a person' })).toBeNull());
  });

  it('marks a conversation handled without replying', async () => {
    const client = setUp({ needsHuman: true, needsHumanReason: 'upset' });
    const answer = deferred<unknown>();
    client.handlers.updateSharedThread = () => answer.promise;
    const notice = await screen.findByRole('region', { name: 'Needs a person' });
    expect(notice).toHaveTextContent('The shopper seems upset.');
    await userEvent.click(within(notice).getByRole('button', { name: 'Mark as handled' }));
    expect(within(notice).getByRole('button', { name: 'Mark as handled' })).toBeDisabled();
    expect(client.request.mock.calls.at(-1)?.[1]).toEqual({ input: { id: 't1', needsHuman: false } });

    answer.resolve(
      rawThread('t1', 20, { needsHuman: false, needsHumanReason: 'upset', lastVisitorMessageAt: at(18), ownerLastReadAt: at(21) }),
    );
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Needs a person' })).toBeNull());
  });

  it('keeps the mark and says so when marking handled fails', async () => {
    const client = setUp({ needsHuman: true, needsHumanReason: 'unanswered' });
    client.handlers.updateSharedThread = () => {
      throw new Error('Unauthorized');
    };
    const error = vi.spyOn(toast, 'error');
    const notice = await screen.findByRole('region', { name: 'Needs a person' });
    expect(notice).toHaveTextContent('The assistant could not answer twice in a row.');
    await userEvent.click(within(notice).getByRole('button', { name: 'Mark as handled' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Unauthorized'));
    expect(screen.getByRole('region', { name: 'Needs a person' })).toBeInTheDocument();
  });

  it('shows no needs-a-person notice on an ordinary conversation', async () => {
    setUp();
    await screen.findByRole('listitem', { name: 'Assistant said' });
    expect(screen.queryByRole('region', { name: 'Needs a person' })).toBeNull();
  });

  it('keeps the reply in the box and says why when sending fails', async () => {
    const client = setUp();
    client.handlers.sendManualReply = () => {
      throw new Error('Conversation not found.');
    };
    const error = vi.spyOn(toast, 'error');
    await userEvent.type(await screen.findByLabelText('Reply'), 'Hello?{Enter}');
    await waitFor(() => expect(error).toHaveBeenCalledWith('Conversation not found.'));
    expect(screen.getByLabelText('Reply')).toHaveValue('Hello?');
    expect(screen.getByRole('button', { name: 'Pause auto-reply' })).toBeInTheDocument();
  });

  it('summarises on request, with a loading state, and shows the summary', async () => {
    const client = setUp();
    const answer = deferred<unknown>();
    client.handlers.summarizeSharedThread = () => answer.promise;
    await userEvent.click(await screen.findByRole('button', { name: 'Summarize' }));
    expect(screen.getByRole('button', { name: 'Summarizing…' })).toBeDisabled();
    answer.resolve(
      rawThread('t1', 20, { threadSummary: 'Wants a refund for order 1001.', lastVisitorMessageAt: at(18), ownerLastReadAt: at(21) }),
    );
    expect(await screen.findByRole('region', { name: 'Summary' })).toHaveTextContent('Wants a refund for order 1001.');
    expect(screen.getByRole('button', { name: 'Summarize again' })).toBeEnabled();
  });

  it('shows a channel thread’s reply window, and a reply the platform did not take', async () => {
    const failed = rawMessage('m4', 't1', 19, {
      senderType: 'assistant',
      isManualResponse: true,
      content: 'Hello?',
      deliveryStatus: 'failed',
      deliveryError: '(#100) The parameter recipient is required',
    });
    setUp({ origin: 'messenger', lastVisitorMessageAt: new Date(Date.now() - 2 * 3_600_000).toISOString() }, [failed]);
    const notice = await screen.findByRole('region', { name: 'Reply window' });
    expect(notice).toHaveTextContent(/Reply window: 2[12] h( \d+ min)? left/);
    const replies = await screen.findAllByRole('listitem', { name: 'You (team) said' });
    expect(within(replies[0] as HTMLElement).queryByText(/Not delivered/)).toBeNull();
    expect(within(replies[1] as HTMLElement).getByRole('alert')).toHaveTextContent(
      'Not delivered: (#100) The parameter recipient is required',
    );
  });

  it('says a WhatsApp template is needed after 24 hours instead of offering to send', async () => {
    setUp({ origin: 'whatsapp', lastVisitorMessageAt: new Date(Date.now() - 30 * 3_600_000).toISOString() });
    expect(await screen.findByRole('region', { name: 'Reply window' })).toHaveTextContent('Template message needed');
    await screen.findByRole('listitem', { name: 'You (team) said' });
    expect(screen.queryByLabelText('Reply', { exact: true })).toBeNull();
    expect(screen.getByRole('note')).toHaveTextContent('only allows an approved template message');
  });
});
