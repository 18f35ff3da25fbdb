import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { linenShirt, mug } from '@/components/product-cards/product-card-fixtures';
import {
  fakeSharedChatServer,
  fakeStream,
  json,
  publicAssistant,
  publicMessage,
  THREAD_ID,
  visitorThread,
} from '@/testing/fake-shared-chat-server';
import { SharedChatPage } from './shared-chat-page';

const HOST = 'https://shop.example';
const ownParent = Object.getOwnPropertyDescriptor(window, 'parent');
let parent: { postMessage: ReturnType<typeof vi.fn> };

beforeEach(() => {
  parent = { postMessage: vi.fn() };
  Object.defineProperty(window, 'parent', { value: parent, configurable: true });
});
afterEach(() => {
  if (ownParent) Object.defineProperty(window, 'parent', ownParent);
});

const handoff = { kind: 'handoff' as const, label: 'Talk to a person', text: 'I’d like to talk to a person' };

/** The shopper asks; the reply names two products and offers "Talk to a person". */
function answeringServer() {
  const asked: string[] = [];
  const server = fakeSharedChatServer({
    'decode-shared-token': () => json(200, publicAssistant()),
    stream: (body, signal) => {
      asked.push(String(body.message));
      const stream = fakeStream(signal);
      stream.send('thread', visitorThread());
      stream.send('message', publicMessage({ id: `q${asked.length}`, senderType: 'user', content: String(body.message) }));
      stream.send('done', {
        reply:
          asked.length === 1
            ? publicMessage({
                id: 'r1',
                content: 'The Linen shirt and the Stoneware mug are both in stock.',
                // The answer's sources: the shirt's product record (shown as a card instead) and the shop's stock page.
                citations: [
                  {
                    number: 1,
                    title: 'Linen shirt',
                    snippet: 'Linen shirt Price: $45.00 … URL: https://shop.example/products/linen-shirt',
                  },
                  { number: 2, title: 'Restocks', snippet: 'We restock every Monday.' },
                ],
                products: [linenShirt, mug],
                quickReplies: [handoff],
              })
            : publicMessage({ id: `r${asked.length}`, content: 'A person will answer shortly.' }),
      });
      stream.close();
      return stream.response;
    },
    'cart-added': () => new Response(null, { status: 204 }),
  });
  return { server, asked };
}

function renderChat(host: string | null) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SharedChatPage shareToken="share-token-1" widget={host !== null} host={host} />
    </QueryClientProvider>,
  );
}

const fromLoader = (data: Record<string, unknown>, origin = HOST) =>
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', { origin, source: parent as unknown as Window, data: { source: 'aisle-widget', ...data } }),
    );
  });
const posted = () => parent.postMessage.mock.calls.map(([message, target]) => ({ ...(message as object), target }));

async function ask(question: string) {
  await userEvent.type(await screen.findByLabelText('Message'), `${question}{Enter}`);
}

describe('products in the shopper’s chat', () => {
  it('in the widget on a Shopify storefront, adds the chosen variant through the loader and confirms', async () => {
    const { server } = answeringServer();
    renderChat(HOST);
    fromLoader({ type: 'capabilities', addToCart: true });
    fromLoader({ type: 'open' });
    await ask('Do you have linen shirts?');

    const shirt = await screen.findByRole('article', { name: 'Linen shirt' });
    expect(screen.getByRole('list', { name: 'Products' })).toBeInTheDocument();
    await userEvent.selectOptions(within(shirt).getByRole('combobox', { name: 'Color' }), 'Sand');
    // Nothing reaches the cart before the click.
    expect(posted().some((message) => (message as { type?: string }).type === 'add-to-cart')).toBe(false);
    await userEvent.click(within(shirt).getByRole('button', { name: 'Add Linen shirt to cart' }));

    const request = posted().find((message) => (message as { type?: string }).type === 'add-to-cart') as Record<string, unknown>;
    expect(request).toMatchObject({ source: 'aisle-chat', variantId: '40000000000004', quantity: 1, target: HOST });
    expect(within(shirt).getByRole('button', { name: 'Add Linen shirt to cart' })).toHaveTextContent('Adding…');

    // Another request's answer, or one from elsewhere, is not this card's.
    fromLoader({ type: 'cart-added', requestId: 'someone-else', ok: false });
    fromLoader({ type: 'cart-added', requestId: request.requestId, ok: false }, 'https://evil.example');
    expect(within(shirt).getByRole('status')).toBeEmptyDOMElement();

    fromLoader({ type: 'cart-added', requestId: request.requestId, ok: true });
    expect(await within(shirt).findByText('Added to your cart')).toBeInTheDocument();
    // The shop's count of add-to-carts from chat.
    await waitFor(() =>
      expect(server.callsTo('cart-added')).toEqual([
        {
          token: 'share-token-1',
          sharedThreadId: THREAD_ID,
          visitorToken: 'visitor-token-1',
          variantId: '40000000000004',
          productTitle: 'Linen shirt',
          quantity: 1,
        },
      ]),
    );
  });

  it('says so when the storefront’s cart refuses, and reports nothing', async () => {
    const { server } = answeringServer();
    renderChat(HOST);
    fromLoader({ type: 'capabilities', addToCart: true });
    fromLoader({ type: 'open' });
    await ask('Mugs?');
    const cup = await screen.findByRole('article', { name: 'Stoneware mug' });
    await userEvent.click(within(cup).getByRole('button', { name: 'Add Stoneware mug to cart' }));
    const request = posted().find((message) => (message as { type?: string }).type === 'add-to-cart') as Record<string, unknown>;
    fromLoader({ type: 'cart-added', requestId: request.requestId, ok: false });
    expect(await within(cup).findByText('Couldn’t add this to your cart. Please try again.')).toBeInTheDocument();
    expect(server.callsTo('cart-added')).toEqual([]);
  });

  it('in a widget that is not on a Shopify storefront, links to a cart permalink instead', async () => {
    answeringServer();
    renderChat(HOST);
    fromLoader({ type: 'capabilities', addToCart: false });
    fromLoader({ type: 'open' });
    await ask('Mugs?');
    const cup = await screen.findByRole('article', { name: 'Stoneware mug' });
    expect(within(cup).queryByRole('button', { name: /to cart/ })).toBeNull();
    const link = within(cup).getByRole('link', { name: 'Add Stoneware mug to cart' });
    expect(link.getAttribute('href')).toBe(
      `https://shop.example/cart/40000000000010:1?storefront=true&attributes%5Baisle_thread%5D=${THREAD_ID}`,
    );
  });

  it('on the public chat page, shows the cards with a cart permalink, and sends a quick reply as the shopper’s words', async () => {
    const { asked } = answeringServer();
    renderChat(null);
    await ask('What do you have?');
    const shirt = await screen.findByRole('article', { name: 'Linen shirt' });
    expect(within(shirt).getByRole('link', { name: 'Add Linen shirt to cart' })).toHaveAttribute(
      'href',
      expect.stringContaining('https://shop.example/cart/40000000000002:1'),
    );
    expect(parent.postMessage).not.toHaveBeenCalled();

    const quick = screen.getByRole('group', { name: 'Quick replies' });
    await userEvent.click(within(quick).getByRole('button', { name: 'Talk to a person' }));
    await screen.findByText('A person will answer shortly.');
    expect(asked).toEqual(['What do you have?', 'I’d like to talk to a person']);
    // Offered under the latest answer only.
    expect(screen.queryByRole('group', { name: 'Quick replies' })).toBeNull();
  });
});
