import { AUTO_REPLY_PAUSED_TEXT, CONVERSATION_NOT_FOUND_TEXT, SHARED_MESSAGE_MAX_LENGTH } from '@aisle/contracts/visitor-chat';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  type FakeStream,
  fakeSharedChatServer,
  fakeStream,
  json,
  publicAssistant,
  publicMessage,
  THREAD_ID,
  visitorThread,
} from '@/testing/fake-shared-chat-server';
import { SharedChatPage } from './shared-chat-page';

const TOKEN = 'share-token-1';
const STORAGE_KEY = `aisle.shared-chat.${TOKEN}`;

function renderPage(shareToken: string | null = TOKEN) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SharedChatPage shareToken={shareToken} widget={false} host={null} />
    </QueryClientProvider>,
  );
}

/** A server whose `stream/` answers are written by the test (one FakeStream per question). */
function chatServer(options: { history?: Parameters<typeof json>[1]; historyStatus?: number } = {}) {
  const turns: FakeStream[] = [];
  const server = fakeSharedChatServer({
    'decode-shared-token': () => json(200, publicAssistant()),
    thread: () => json(options.historyStatus ?? 200, options.history ?? { detail: CONVERSATION_NOT_FOUND_TEXT, code: 'not_found' }),
    stream: (_body, signal) => {
      const stream = fakeStream(signal);
      turns.push(stream);
      return stream.response;
    },
  });
  return { ...server, turns, turn: () => turns.at(-1) as FakeStream };
}

const ask = async (text: string) => {
  await userEvent.type(await screen.findByLabelText('Message'), text);
  await userEvent.keyboard('{Enter}');
};
const log = () => screen.getByRole('log', { name: 'Conversation' });
const remember = (seenUntil?: string) =>
  localStorage.setItem(STORAGE_KEY, JSON.stringify({ sharedThreadId: THREAD_ID, visitorToken: 'visitor-token-1', seenUntil }));

describe('a link that does not open a chat', () => {
  it.each([
    [410, 'expired', 'This chat link has expired. Ask the shop for a new one.', 'Link expired'],
    [410, 'inactive', 'This chat is turned off for now. Please try again later.', 'Chat paused'],
    [404, 'not_found', 'This chat link does not exist. Ask the shop for a new one.', 'Chat not found'],
  ])('%i %s: the server’s text under a friendly title', async (status, code, detail, title) => {
    fakeSharedChatServer({ 'decode-shared-token': () => json(status, { detail, code }) });
    renderPage();
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByText(detail)).toBeInTheDocument();
    expect(screen.queryByLabelText('Message')).toBeNull();
  });

  it('a link without its token is not found', () => {
    renderPage(null);
    expect(screen.getByRole('heading', { name: 'Chat not found' })).toBeInTheDocument();
  });

  it('shows a loading skeleton, then offers a retry when the chat cannot be reached', async () => {
    fakeSharedChatServer({ 'decode-shared-token': () => json(400, { token: ['This field may not be blank.'] }) });
    renderPage();
    expect(screen.getByRole('status', { name: 'Loading chat' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('the visitor’s chat', () => {
  it('welcomes in the share’s colours, asks a suggested question and streams the answer', async () => {
    const server = chatServer();
    const { container } = renderPage();
    expect(await screen.findByRole('heading', { name: 'Mia', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Hi! I’m Mia.')).toBeInTheDocument();
    const themed = container.querySelector<HTMLElement>('[style*="--primary"]');
    expect(themed?.style.getPropertyValue('--primary')).toBe('#0f766e');
    expect(themed?.style.getPropertyValue('--primary-foreground')).toBe('#ffffff');
    expect(log()).toHaveAttribute('aria-live', 'polite');

    await userEvent.click(screen.getByRole('button', { name: 'Do you ship abroad?' }));
    expect(server.callsTo('stream')).toEqual([{ token: TOKEN, message: 'Do you ship abroad?', origin: 'web' }]);
    expect(within(log()).getByRole('listitem', { name: 'You said' })).toHaveTextContent('Do you ship abroad?');
    expect(screen.getByRole('status', { name: 'Assistant is typing' })).toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toBeDisabled();

    const turn = server.turn();
    turn.send('thread', visitorThread());
    turn.send('message', publicMessage({ id: 'q1', senderType: 'user', content: 'Do you ship abroad?' }));
    turn.send('token', { text: 'Yes, we ship ' });
    await within(log()).findByText(/Yes, we ship/);
    expect(screen.queryByRole('status', { name: 'Assistant is typing' })).toBeNull();
    turn.send('token', { text: 'to **40 countries**.' });
    turn.send('done', { reply: publicMessage({ id: 'r1', content: 'Yes, we ship to **40 countries**.' }) });
    turn.close();

    await waitFor(() => expect(within(log()).getByText('40 countries').tagName).toBe('STRONG'));
    expect(within(log()).getByRole('listitem', { name: 'Mia said' })).not.toHaveAttribute('aria-busy');
    expect(within(log()).getAllByRole('listitem', { name: 'You said' })).toHaveLength(1);
    await waitFor(() => expect(screen.getByLabelText('Message')).toBeEnabled());
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}')).toMatchObject({
      sharedThreadId: THREAD_ID,
      visitorToken: 'visitor-token-1',
    });
    // The live stream opens for the new thread.
    await waitFor(() =>
      expect(server.callsTo('events')).toEqual([{ token: TOKEN, sharedThreadId: THREAD_ID, visitorToken: 'visitor-token-1' }]),
    );
  });

  it('says it is busy and asks again by itself when the server is too busy to start the answer', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const turns: FakeStream[] = [];
    const server = fakeSharedChatServer({
      'decode-shared-token': () => json(200, publicAssistant()),
      stream: (_body, signal) => {
        if (server.callsTo('stream').length === 1) {
          return new Response(JSON.stringify({ detail: 'The assistant is busy right now. Please try again in a moment.', code: 'busy' }), {
            status: 503,
            headers: { 'content-type': 'application/json', 'retry-after': '1' },
          });
        }
        const stream = fakeStream(signal);
        turns.push(stream);
        return stream.response;
      },
    });
    renderPage();
    await ask('Is the tent waterproof?');
    expect(await screen.findByText('Busy, retrying in a moment…')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    // Asked again after Retry-After, with the same question; the note goes once the answer starts.
    await waitFor(() => expect(server.callsTo('stream')).toHaveLength(2), { timeout: 3_000 });
    expect(server.callsTo('stream')[1]).toEqual({ token: TOKEN, message: 'Is the tent waterproof?', origin: 'web' });
    await waitFor(() => expect(turns).toHaveLength(1));
    const turn = turns[0] as FakeStream;
    turn.send('thread', visitorThread());
    turn.send('message', publicMessage({ id: 'q1', senderType: 'user', content: 'Is the tent waterproof?' }));
    turn.send('token', { text: 'Yes, fully.' });
    turn.send('done', { reply: publicMessage({ id: 'r1', content: 'Yes, fully.' }) });
    turn.close();
    await within(log()).findByText('Yes, fully.');
    expect(screen.queryByText('Busy, retrying in a moment…')).toBeNull();
    expect(within(log()).getAllByRole('listitem', { name: 'You said' })).toHaveLength(1);
  });

  it('renders unsafe text as inert: the visitor’s as plain text, replies through the sanitiser', async () => {
    const server = chatServer();
    const { container } = renderPage();
    await screen.findByLabelText('Message');
    const attack = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: attack } });
    fireEvent.keyDown(screen.getByLabelText('Message'), { key: 'Enter' });
    const turn = server.turn();
    turn.send('thread', visitorThread());
    turn.send('message', publicMessage({ id: 'q1', senderType: 'user', content: attack }));
    turn.send('done', {
      reply: publicMessage({ id: 'r1', content: `Echo: ${attack} [click](javascript:alert(3)) <a href="x" onclick="alert(4)">a</a>` }),
    });
    turn.close();
    await within(log()).findByRole('listitem', { name: 'Mia said' });
    expect(within(log()).getByRole('listitem', { name: 'You said' })).toHaveTextContent(attack);
    expect(container.querySelector('script, img, [onerror], [onclick]')).toBeNull();
    expect(container.querySelector('a[href^="javascript:"]')).toBeNull();
  });

  it('continues the remembered thread after a reload, with its history', async () => {
    remember();
    const server = chatServer({
      history: {
        thread: { sharedThreadId: THREAD_ID, anonymousEmail: 'v@anon', autoReplyPaused: false },
        messages: [
          publicMessage({ id: 'q1', senderType: 'user', content: 'Where is my order?' }),
          publicMessage({ id: 'r1', content: 'It left the warehouse today.' }),
        ],
      },
    });
    renderPage();
    expect(await screen.findByText('It left the warehouse today.')).toBeInTheDocument();
    expect(screen.queryByText('Hi! I’m Mia.')).toBeNull();
    expect(server.callsTo('thread')).toEqual([{ token: TOKEN, sharedThreadId: THREAD_ID, visitorToken: 'visitor-token-1' }]);

    await ask('Thanks!');
    expect(server.callsTo('stream')).toEqual([
      { token: TOKEN, message: 'Thanks!', sharedThreadId: THREAD_ID, visitorToken: 'visitor-token-1' },
    ]);
  });

  it('starts afresh when the remembered thread is refused', async () => {
    remember();
    chatServer({ historyStatus: 404 });
    renderPage();
    expect(await screen.findByText('Hi! I’m Mia.')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('starts a new thread when the remembered one is refused on sending', async () => {
    remember();
    let attempts = 0;
    const server = fakeSharedChatServer({
      'decode-shared-token': () => json(200, publicAssistant()),
      thread: () => new Promise(() => {}),
      stream: (_body, signal) => {
        if (++attempts === 1) return json(404, { detail: CONVERSATION_NOT_FOUND_TEXT, code: 'not_found' });
        const stream = fakeStream(signal);
        stream.send('thread', { ...visitorThread(), sharedThreadId: '00000000-0000-4000-8000-0000000000b2' });
        stream.send('message', publicMessage({ id: 'q1', senderType: 'user', content: 'Hi' }));
        stream.send('done', { reply: publicMessage({ id: 'r1', content: 'Welcome back!' }) });
        stream.close();
        return stream.response;
      },
    });
    renderPage();
    await ask('Hi');
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    expect(server.callsTo('stream')).toEqual([
      { token: TOKEN, message: 'Hi', sharedThreadId: THREAD_ID, visitorToken: 'visitor-token-1' },
      { token: TOKEN, message: 'Hi', origin: 'web' },
    ]);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}').sharedThreadId).toBe('00000000-0000-4000-8000-0000000000b2');
  });

  it('says so and stops taking messages when the link stops working mid-chat', async () => {
    const detail = 'This chat is turned off for now. Please try again later.';
    fakeSharedChatServer({
      'decode-shared-token': () => json(200, publicAssistant()),
      stream: () => json(410, { detail, code: 'inactive' }),
    });
    renderPage();
    await ask('Hi');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your message couldn’t be sent.');
    expect(screen.getByText(detail)).toBeInTheDocument();
    expect(screen.queryByLabelText('Message')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('shows the shop’s manual replies live, labelled, once each', async () => {
    remember();
    const server = chatServer({
      history: { thread: { sharedThreadId: THREAD_ID, anonymousEmail: 'v@anon', autoReplyPaused: false }, messages: [] },
    });
    renderPage();
    await waitFor(() => expect(server.liveStreams).toHaveLength(1));
    const manual = publicMessage({ id: 'm1', content: 'Hi, this is Sam from the shop.', isManualResponse: true });
    server.liveStreams[0]?.comment('keep-alive');
    server.liveStreams[0]?.send('message', manual);
    server.liveStreams[0]?.send('message', manual);
    const item = await within(log()).findByRole('listitem', { name: 'The shop’s team said' });
    expect(item).toHaveTextContent('The shop’s team');
    expect(item).toHaveTextContent('Hi, this is Sam from the shop.');
    expect(within(log()).getAllByRole('listitem')).toHaveLength(1);

    // Signed with the name the owner chose on /account.
    server.liveStreams[0]?.send(
      'message',
      publicMessage({ id: 'm2', content: 'It is waterproof.', isManualResponse: true, senderName: 'Sam Lee' }),
    );
    const signed = await within(log()).findByRole('listitem', { name: 'Sam Lee said' });
    expect(signed).toHaveTextContent('It is waterproof.');
  });

  it('reconnects the live stream when it drops, and fills the gap from the history', async () => {
    remember();
    let historyCalls = 0;
    const missed = publicMessage({ id: 'm2', content: 'Sent while you were offline.', isManualResponse: true });
    const server = fakeSharedChatServer({
      'decode-shared-token': () => json(200, publicAssistant()),
      thread: () =>
        json(200, {
          thread: { sharedThreadId: THREAD_ID, anonymousEmail: 'v@anon', autoReplyPaused: false },
          messages: historyCalls++ === 0 ? [] : [missed],
        }),
    });
    renderPage();
    await waitFor(() => expect(server.liveStreams).toHaveLength(1));
    server.liveStreams[0]?.close();
    // Backoff of about a second, then a new connection and the history again.
    await waitFor(() => expect(server.liveStreams).toHaveLength(2), { timeout: 3000 });
    expect(await screen.findByText('Sent while you were offline.')).toBeInTheDocument();
    expect(server.callsTo('thread')).toHaveLength(2);
  });

  it('while auto-reply is paused: a calm notice, and no typing indicator for the bot', async () => {
    remember();
    const server = chatServer({
      history: { thread: { sharedThreadId: THREAD_ID, anonymousEmail: 'v@anon', autoReplyPaused: true }, messages: [] },
    });
    renderPage();
    expect(await screen.findByText(AUTO_REPLY_PAUSED_TEXT)).toBeInTheDocument();
    await ask('Anyone there?');
    expect(screen.queryByRole('status', { name: 'Assistant is typing' })).toBeNull();
    const turn = server.turn();
    turn.send('thread', visitorThread(true));
    turn.send('message', publicMessage({ id: 'q1', senderType: 'user', content: 'Anyone there?' }));
    turn.send('paused', { detail: AUTO_REPLY_PAUSED_TEXT });
    turn.close();
    await waitFor(() => expect(screen.getByLabelText('Message')).toBeEnabled());
    expect(screen.queryByRole('listitem', { name: 'Mia said' })).toBeNull();

    // The shop resumes: the notice goes.
    server.liveStreams[0]?.send('thread', { autoReplyPaused: false });
    await waitFor(() => expect(screen.queryByText(AUTO_REPLY_PAUSED_TEXT)).toBeNull());
  });

  it('pauses mid-conversation when the stream says so', async () => {
    const server = chatServer();
    renderPage();
    await ask('Hello');
    const turn = server.turn();
    turn.send('thread', visitorThread());
    turn.send('message', publicMessage({ id: 'q1', senderType: 'user', content: 'Hello' }));
    turn.send('paused', { detail: AUTO_REPLY_PAUSED_TEXT });
    turn.close();
    expect(await screen.findByText(AUTO_REPLY_PAUSED_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Assistant is typing' })).toBeNull();
  });

  it.each([
    [429, { detail: 'Request was throttled. Expected available in 30 seconds.' }, /sending messages a little too fast/],
    [402, { detail: 'This assistant is unavailable right now.', code: 'unavailable' }, /This assistant is unavailable right now\./],
  ])('a %i says so clearly, and Try again sends the question again', async (status, body, text) => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    let attempts = 0;
    const server = fakeSharedChatServer({
      'decode-shared-token': () => json(200, publicAssistant()),
      stream: (_body, signal) => {
        attempts++;
        if (attempts === 1) return json(status, body);
        const stream = fakeStream(signal);
        stream.send('thread', visitorThread());
        stream.send('message', publicMessage({ id: 'q1', senderType: 'user', content: 'Hi' }));
        stream.send('done', { reply: publicMessage({ id: 'r1', content: 'Hello there!' }) });
        stream.close();
        return stream.response;
      },
    });
    renderPage();
    await ask('Hi');
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await within(log()).findByText('Hello there!')).toBeInTheDocument();
    expect(server.callsTo('stream')).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(logged).toHaveBeenCalledOnce();
  });

  it('tells the visitor when the network is down', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeSharedChatServer({
      'decode-shared-token': () => json(200, publicAssistant()),
      stream: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    renderPage();
    await ask('Hi');
    expect(await screen.findByRole('alert')).toHaveTextContent('You seem to be offline');
  });

  it('stops a reply on request and offers to ask again', async () => {
    const server = chatServer();
    renderPage();
    await ask('Tell me everything');
    server.turn().send('token', { text: 'Well, ' });
    await within(log()).findByText(/Well,/);
    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(server.turn().aborted).toBe(true);
    expect(await within(log()).findByText('Stopped.')).toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toBeEnabled();
  });

  it('composes with Enter to send, Shift+Enter for a new line, and counts near the limit', async () => {
    const server = chatServer();
    renderPage();
    const box = await screen.findByLabelText('Message');
    await userEvent.type(box, 'Line one{Shift>}{Enter}{/Shift}Line two');
    expect(box).toHaveValue('Line one\nLine two');
    expect(server.callsTo('stream')).toHaveLength(0);
    fireEvent.change(box, { target: { value: 'x'.repeat(SHARED_MESSAGE_MAX_LENGTH - 10) } });
    expect(screen.getByText(`3,990 / 4,000 characters`)).toBeInTheDocument();
    expect(box).toHaveAttribute('maxlength', String(SHARED_MESSAGE_MAX_LENGTH));
    fireEvent.change(box, { target: { value: 'Short' } });
    expect(screen.queryByText(/characters$/)).toBeNull();
    await userEvent.keyboard('{Enter}');
    expect(server.callsTo('stream')).toEqual([expect.objectContaining({ message: 'Short' })]);
  });
});

describe('a link turned off and on again while the page is open', () => {
  const OFF = 'This chat is turned off for now. Please try again later.';
  const history = () => ({
    thread: { sharedThreadId: THREAD_ID, anonymousEmail: 'v@anon', autoReplyPaused: false },
    messages: [
      publicMessage({ id: 'q1', senderType: 'user', content: 'Where is my order?' }),
      publicMessage({ id: 'r1', content: 'It left the warehouse today.' }),
    ],
  });

  /** A share the test turns off and on (`share.active`); while off every call is refused with 410 `inactive`. */
  function switchableServer(active: boolean, answer: () => Response = () => json(500, {})) {
    const share = { active };
    const live: FakeStream[] = [];
    const off = () => json(410, { detail: OFF, code: 'inactive' });
    const server = fakeSharedChatServer({
      'decode-shared-token': () => (share.active ? json(200, publicAssistant()) : off()),
      thread: () => (share.active ? json(200, history()) : off()),
      stream: () => (share.active ? answer() : off()),
      events: (_body, signal) => {
        if (!share.active) return off();
        const stream = fakeStream(signal);
        live.push(stream);
        return stream.response;
      },
    });
    return { ...server, share, live };
  }

  /** Lets the page's timers (reconnect, re-check) run as if `ms` had passed. */
  const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

  it('comes back by itself, with the conversation as it was, once the shop turns the link on again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    remember();
    const server = switchableServer(true);
    renderPage();
    expect(await screen.findByText('It left the warehouse today.')).toBeInTheDocument();
    await waitFor(() => expect(server.live).toHaveLength(1));

    // Turned off: the live stream ends and reconnecting is refused.
    server.share.active = false;
    server.live[0]?.close();
    await pass(2_000);
    expect(await screen.findByText(OFF)).toBeInTheDocument();
    expect(screen.queryByLabelText('Message')).toBeNull();
    expect(screen.getByText('It left the warehouse today.')).toBeInTheDocument();

    // While off, the page asks now and then, not all the time.
    const before = server.callsTo('decode-shared-token').length;
    await pass(120_000);
    const asked = server.callsTo('decode-shared-token').length - before;
    expect(asked).toBeGreaterThan(0);
    expect(asked).toBeLessThanOrEqual(8);

    // Turned on again: within about half a minute the chat takes messages again, no reload.
    server.share.active = true;
    await pass(31_000);
    expect(await screen.findByLabelText('Message')).toBeEnabled();
    expect(screen.queryByText(OFF)).toBeNull();
    expect(within(log()).getByText('Where is my order?')).toBeInTheDocument();
    expect(within(log()).getByText('It left the warehouse today.')).toBeInTheDocument();
    // Live replies flow again, and what was said meanwhile is filled in from the history.
    await waitFor(() => expect(server.callsTo('thread')).toHaveLength(2));
    await waitFor(() => expect(server.live).toHaveLength(2));
    server.live[1]?.send('message', publicMessage({ id: 'm1', content: 'Back now, sorry!', isManualResponse: true }));
    expect(await within(log()).findByText('Back now, sorry!')).toBeInTheDocument();
  });

  it('lets the visitor send again a question refused while the link was off', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = switchableServer(true, () => {
      const stream = fakeStream();
      stream.send('thread', visitorThread());
      stream.send('message', publicMessage({ id: 'q1', senderType: 'user', content: 'Hi' }));
      stream.send('done', { reply: publicMessage({ id: 'r1', content: 'Hello again!' }) });
      stream.close();
      return stream.response;
    });
    renderPage();
    const box = await screen.findByLabelText('Message');
    server.share.active = false;
    fireEvent.change(box, { target: { value: 'Hi' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your message couldn’t be sent.');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();

    server.share.active = true;
    await pass(31_000);
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await within(log()).findByText('Hello again!')).toBeInTheDocument();
    expect(server.callsTo('stream')).toHaveLength(2);
  });

  it('opens the chat by itself when a link that was off when the page opened is turned on', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    remember();
    const server = switchableServer(false);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Chat paused' })).toBeInTheDocument();
    server.share.active = true;
    await pass(31_000);
    expect(await screen.findByRole('heading', { name: 'Mia', level: 1 })).toBeInTheDocument();
    expect(await within(log()).findByText('It left the warehouse today.')).toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toBeEnabled();
  });

  it('checks at once when the visitor comes back to the tab or the connection returns', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = switchableServer(false);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Chat paused' })).toBeInTheDocument();
    const before = server.callsTo('decode-shared-token').length;
    server.share.active = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByRole('heading', { name: 'Mia', level: 1 })).toBeInTheDocument();
    expect(server.callsTo('decode-shared-token')).toHaveLength(before + 1);
  });
});
