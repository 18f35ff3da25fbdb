import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSharedChatServer, fakeStream, json, publicAssistant, publicMessage, visitorThread } from '@/testing/fake-shared-chat-server';
import { SharedChatPage } from './shared-chat-page';

const HOST = 'https://shop.example';
const ownParent = Object.getOwnPropertyDescriptor(window, 'parent');
let parent: { postMessage: ReturnType<typeof vi.fn> };

beforeEach(() => {
  // The page inside the loader's iframe: its parent is the storefront.
  parent = { postMessage: vi.fn() };
  Object.defineProperty(window, 'parent', { value: parent, configurable: true });
});
afterEach(() => {
  if (ownParent) Object.defineProperty(window, 'parent', ownParent);
});

function renderWidget(host: string | null = HOST) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SharedChatPage shareToken="share-token-1" widget host={host} />
    </QueryClientProvider>,
  );
}

const fromLoader = (type: 'open' | 'close', { origin = HOST, source = parent as unknown } = {}) =>
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { origin, source: source as Window, data: { source: 'aisle-widget', type } }));
  });
const posted = () => parent.postMessage.mock.calls.map(([message, target]) => ({ ...(message as object), target }));

/** One question answered on the stream: the thread is created as `widget`. */
function answeringServer() {
  return fakeSharedChatServer({
    'decode-shared-token': () => json(200, publicAssistant()),
    stream: (_body, signal) => {
      const stream = fakeStream(signal);
      stream.send('thread', visitorThread());
      stream.send('message', publicMessage({ id: 'q1', senderType: 'user', content: 'Hi' }));
      stream.send('done', { reply: publicMessage({ id: 'r1', content: 'Hello!' }) });
      stream.close();
      return stream.response;
    },
  });
}

describe('the chat inside the storefront widget', () => {
  it('says ready with the theme and name, to the host’s origin only', async () => {
    answeringServer();
    renderWidget();
    await screen.findByRole('heading', { name: 'Mia' });
    expect(posted()).toContainEqual({
      source: 'aisle-chat',
      type: 'ready',
      theme: { primaryColor: '#0f766e', primaryTextColor: '#ffffff' },
      assistantName: 'Mia',
      target: HOST,
    });
    expect(parent.postMessage.mock.calls.every(([, target]) => target === HOST)).toBe(true);
  });

  it('closes through the loader from its compact header', async () => {
    answeringServer();
    renderWidget();
    await userEvent.click(await screen.findByRole('button', { name: 'Close chat' }));
    expect(posted()).toContainEqual({ source: 'aisle-chat', type: 'close', target: HOST });
  });

  it('counts replies that arrive while closed, and clears them when the loader opens it', async () => {
    const server = answeringServer();
    renderWidget();
    fromLoader('open');
    await userEvent.type(await screen.findByLabelText('Message'), 'Hi{Enter}');
    await screen.findByText('Hello!');
    expect(server.callsTo('stream')[0]).toMatchObject({ origin: 'widget' });
    fromLoader('close');
    await waitFor(() => expect(server.liveStreams).toHaveLength(1));
    server.liveStreams[0]?.send('message', publicMessage({ id: 'm1', content: 'Sam here, from the shop.', isManualResponse: true }));
    await waitFor(() => expect(posted().at(-1)).toEqual({ source: 'aisle-chat', type: 'unread', count: 1, target: HOST }));

    // Messages from anyone but the loader change nothing.
    fromLoader('open', { origin: 'https://evil.example' });
    fromLoader('open', { source: {} });
    expect(posted().at(-1)).toMatchObject({ type: 'unread', count: 1 });
    fromLoader('open');
    await waitFor(() => expect(posted().at(-1)).toMatchObject({ type: 'unread', count: 0 }));
  });

  it('talks to no one when the host is not trusted', async () => {
    answeringServer();
    renderWidget(null);
    await screen.findByRole('heading', { name: 'Mia' });
    expect(screen.queryByRole('button', { name: 'Close chat' })).toBeNull();
    expect(parent.postMessage).not.toHaveBeenCalled();
  });
});
