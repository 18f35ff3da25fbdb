import type { Assistant } from '@aisle/contracts/assistants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { linenShirt, mug } from '@/components/product-cards/product-card-fixtures';
import { parseLlmUsage } from '../format-usage';
import { turnReducer } from '../reply-state';
import { Conversation } from './conversation';

vi.mock('@/app/auth/auth-provider', () => ({
  useAuth: () => ({
    user: { email: 'ann@shop.test' },
    sessionStore: { getValidAccessToken: async () => 'T', refreshAccessToken: async () => 'T' },
  }),
}));
const storedMessages: unknown[] = [];
vi.mock('@/app/data-client/app-sync-provider', () => ({
  useAppSync: () => ({ client: { request: async () => ({ messagesByThreadID: { items: storedMessages, nextToken: null } }) } }),
}));

const assistant = {
  id: 'a1',
  assistantName: 'Shop helper',
  assistantUserQA: [],
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
const usage = {
  provider: 'local',
  model: 'extractive',
  inputTokens: 9,
  outputTokens: 5,
  cachedInputTokens: 0,
  costUsd: 0,
  priced: true,
  pricingAsOf: 'x',
  citations: [],
};
const message = (id: string, senderType: string, content: string, llmUsage: unknown = null) => ({
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
const sse = (event: string, data: unknown) => new TextEncoder().encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

function renderConversation() {
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Conversation assistant={assistant} thread={thread} onTurnFinished={vi.fn()} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('products in the owner’s chat', () => {
  it('keeps the cards of a stored reply, leaving out malformed ones', () => {
    const parsed = parseLlmUsage(JSON.stringify({ ...usage, products: [mug, { title: 42 }, null] }));
    expect(parsed?.products).toEqual([mug]);
    expect(parseLlmUsage(usage)?.products).toBeUndefined();
  });

  it('shows the cards of the stream’s `products` event, kept when `done` carries none', () => {
    const sending = turnReducer(null, { type: 'send', question: 'Shirts?' });
    const streaming = turnReducer(sending, { type: 'products', products: [linenShirt] });
    expect(streaming?.products).toEqual([linenShirt]);
    const done = turnReducer(streaming, { type: 'done', reply: message('r', 'assistant', 'Linen shirt.') as never, usage });
    expect(done?.products).toEqual([linenShirt]);
    const retried = turnReducer({ ...(done as NonNullable<typeof done>), status: 'error' }, { type: 'retry' });
    expect(retried?.products).toEqual([]);
  });

  it('shows what the shopper would see under a streamed reply, with "View" and no cart', async () => {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
      },
    });
    vi.spyOn(globalThis, 'fetch').mockImplementationOnce(
      async () => new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    );
    renderConversation();
    await userEvent.type(await screen.findByLabelText('Message'), 'Shirts?{Enter}');
    controller.enqueue(sse('message', message('q', 'user', 'Shirts?')));
    controller.enqueue(sse('token', { text: 'The Linen shirt and the Stoneware mug.' }));
    controller.enqueue(sse('products', [linenShirt, mug]));
    const reply = await screen.findByRole('listitem', { name: 'Shop helper said' });
    const shirt = await within(reply).findByRole('article', { name: 'Linen shirt' });
    expect(within(shirt).getByRole('link', { name: 'View Linen shirt (opens in a new tab)' })).toHaveAttribute(
      'href',
      'https://shop.example/products/linen-shirt',
    );
    expect(within(reply).queryByRole('button', { name: /to cart/ })).toBeNull();
    expect(within(reply).queryByRole('link', { name: /to cart/ })).toBeNull();

    controller.enqueue(
      sse('done', {
        reply: message('r', 'assistant', 'The Linen shirt and the Stoneware mug.', { ...usage, products: [linenShirt, mug] }),
        usage,
      }),
    );
    controller.close();
    // The finished reply joins the stored messages, its cards with it.
    await screen.findByTestId('reply-usage');
    expect(screen.getByRole('article', { name: 'Stoneware mug' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it('shows the cards of stored replies after a reload', async () => {
    storedMessages.push(
      message('q', 'user', 'Mugs?'),
      message('r', 'assistant', 'The Stoneware mug.', JSON.stringify({ ...usage, products: [mug] })),
    );
    try {
      renderConversation();
      const reply = await screen.findByRole('listitem', { name: 'Shop helper said' });
      expect(within(reply).getByRole('article', { name: 'Stoneware mug' })).toBeInTheDocument();
    } finally {
      storedMessages.length = 0;
    }
  });
});
