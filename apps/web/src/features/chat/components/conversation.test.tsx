import type { Assistant } from '@aisle/contracts/assistants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Conversation } from './conversation';

vi.mock('@/app/auth/auth-provider', () => ({
  useAuth: () => ({
    user: { email: 'ann@shop.test' },
    sessionStore: { getValidAccessToken: async () => 'T', refreshAccessToken: async () => 'T' },
  }),
}));
vi.mock('@/app/data-client/app-sync-provider', () => ({
  useAppSync: () => ({ client: { request: async () => ({ messagesByThreadID: { items: [], nextToken: null } }) } }),
}));

const assistant = {
  id: 'a1',
  assistantName: 'Shop helper',
  assistantUserQA: [{ question: 'How long do I have to return an item?' }],
  assistantAvatarUrl: null,
  userAvatarUrl: null,
} as unknown as Assistant;
const thread = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'New chat',
  assistantID: 'a1',
  lastResponseID: null,
  createdAt: 'x',
  updatedAt: 'x',
};
const stored = (id: string, senderType: string, content: string, llmUsage: unknown = null) => ({
  id,
  ownerEmail: 'ann@shop.test',
  threadID: thread.id,
  content,
  senderType,
  provider: null,
  model: null,
  llmUsage,
  createdAt: 'x',
  updatedAt: 'x',
});
const usage = {
  provider: 'local',
  model: 'extractive',
  inputTokens: 91,
  outputTokens: 25,
  cachedInputTokens: 0,
  costUsd: 0,
  priced: true,
  pricingAsOf: 'x',
};
const citation = { number: 1, fileId: 'f1', fileName: 'faq.md', heading: 'Returns', text: 'Return within 30 days.' };
const sse = (event: string, data: unknown) => new TextEncoder().encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

/** A streamed answer the test writes event by event. */
function answerWithStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementationOnce(async (_url, init) => {
    init?.signal?.addEventListener('abort', () => controller.error(new DOMException('Aborted', 'AbortError')));
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  });
  return { fetch, send: (event: string, data: unknown) => controller.enqueue(sse(event, data)), close: () => controller.close() };
}

function renderConversation(onTurnFinished = vi.fn()) {
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Conversation assistant={assistant} thread={thread} onTurnFinished={onTurnFinished} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return onTurnFinished;
}

const ask = async (question: string) => {
  await userEvent.type(screen.getByLabelText('Message'), question);
  await userEvent.keyboard('{Enter}');
};
const reply = () => screen.getByRole('listitem', { name: 'Shop helper said' });

describe('a conversation', () => {
  it('streams the reply token by token, then shows its sources and cost', async () => {
    const stream = answerWithStream();
    const finished = renderConversation();
    await screen.findByRole('list', { name: 'Suggested questions' });
    await ask('Returns?');

    expect(screen.getByLabelText('Message')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeInTheDocument();
    stream.send('message', stored('q1', 'user', 'Returns?'));
    expect(await screen.findByRole('status', { name: 'Assistant is typing' })).toBeInTheDocument();
    stream.send('token', { text: 'You can return ' });
    await within(reply()).findByText('You can return');
    stream.send('token', { text: 'within **30 days**.' });
    await within(reply()).findByText('30 days');
    expect(screen.queryByRole('status', { name: 'Assistant is typing' })).toBeNull();

    stream.send('citations', [citation]);
    stream.send('done', {
      reply: stored('r1', 'assistant', 'You can return within **30 days**.'),
      usage: { ...usage, citations: [citation] },
    });
    stream.close();
    await screen.findByText('91 in · 25 out · Free');
    expect(within(reply()).getByRole('button', { name: 'Source 1: faq.md' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem', { name: 'You said' })).toHaveLength(1);
    await waitFor(() => expect(screen.getByLabelText('Message')).toBeEnabled());
    expect(finished).toHaveBeenCalledWith(thread, 'Returns?');
    const [, init] = stream.fetch.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({ threadId: thread.id, content: 'Returns?' });
  });

  it('shows a failed reply with Retry, which asks the same question without repeating it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing = answerWithStream();
    renderConversation();
    await screen.findByRole('list', { name: 'Suggested questions' });
    await userEvent.click(screen.getByRole('button', { name: 'How long do I have to return an item?' }));
    failing.send('message', stored('q1', 'user', 'How long do I have to return an item?'));
    failing.send('error', { code: 'rate_limited', detail: 'The model is busy. Try again in a moment.', retryable: true });
    failing.close();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The model is busy. Try again in a moment.');

    const retried = answerWithStream();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    retried.send('message', stored('q2', 'user', 'How long do I have to return an item?'));
    retried.send('token', { text: '30 days.' });
    retried.send('done', { reply: stored('r2', 'assistant', '30 days.'), usage: { ...usage, citations: [] } });
    retried.close();
    await screen.findByText('91 in · 25 out · Free');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getAllByRole('listitem', { name: 'You said' })).toHaveLength(1);
    const [, init] = retried.fetch.mock.calls[1] as [string, RequestInit];
    expect(JSON.parse(init.body as string).content).toBe('How long do I have to return an item?');
  });

  it('stops a reply where it is', async () => {
    const stream = answerWithStream();
    renderConversation();
    await screen.findByRole('list', { name: 'Suggested questions' });
    await ask('Returns?');
    stream.send('message', stored('q1', 'user', 'Returns?'));
    stream.send('token', { text: 'You can' });
    await within(reply()).findByText('You can');
    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(await screen.findByText(/Stopped\. This answer was not saved\./)).toBeInTheDocument();
    expect(within(reply()).getByText('You can')).toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toBeEnabled();
    const [, init] = stream.fetch.mock.calls[0] as [string, RequestInit];
    expect(init.signal?.aborted).toBe(true);
  });

  it('offers a top-up when the balance is used up', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ detail: 'You have no credit left.', code: 'no_credit' }), { status: 402 }),
    );
    renderConversation();
    await screen.findByRole('list', { name: 'Suggested questions' });
    await ask('Returns?');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You have no credit left.');
    expect(within(alert).getByRole('link', { name: 'Top up' })).toHaveAttribute('href', '/account');
  });
});
