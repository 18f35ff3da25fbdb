import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountWidget, type WidgetHandle } from './mount-widget';
import { addToStorefrontCart, chatMessageOf } from './widget-protocol';

const ORIGIN = 'https://aisle.example';
const THREAD = '0b9d3c1e-5f3a-4c2b-9d1e-2a3b4c5d6e7f';
const ready = {
  source: 'aisle-chat',
  type: 'ready',
  theme: { primaryColor: '#0f766e', primaryTextColor: '#fefefe' },
  assistantName: 'Mia',
};
const addToCart = { source: 'aisle-chat', type: 'add-to-cart', requestId: 'req-1', variantId: '44012345678901', quantity: 1 };

/** A storefront page as the loader sees it: the theme's Shopify globals and a fetch that records what the cart was sent. */
function fakeStorefront({ root = '/', answer = () => new Response('{"items":[]}', { status: 200 }) } = {}) {
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => answer());
  const events: CustomEvent[] = [];
  const win = {
    Shopify: { shop: 'demo.myshopify.com', routes: { root } },
    fetch,
    CustomEvent,
    document: { dispatchEvent: (event: CustomEvent) => events.push(event) },
  } as unknown as Window;
  const sent = () => fetch.mock.calls.map(([url, init]) => ({ url, method: init.method, body: JSON.parse(String(init.body)) }));
  return { win, fetch, events, sent };
}

describe('the widget’s add-to-cart protocol', () => {
  const frame = {} as Window;
  const from = (data: unknown, { origin = ORIGIN, source = frame } = {}) =>
    chatMessageOf(new MessageEvent('message', { data, origin, source: source as MessageEventSource }), ORIGIN, frame);

  it('takes a well-formed request from our chat only', () => {
    expect(from(addToCart)).toEqual(addToCart);
    expect(from({ ...addToCart, extra: '<script>' })).toEqual(addToCart);
    expect(from(addToCart, { origin: 'https://evil.example' })).toBeNull();
    expect(from(addToCart, { source: {} as Window })).toBeNull();
  });

  it.each([
    ['a variant gid', { variantId: 'gid://shopify/ProductVariant/1' }],
    ['a numeric variant id', { variantId: 44012345678901 }],
    ['a variant id past the safe integers', { variantId: '99999999999999999999' }],
    ['no quantity', { quantity: undefined }],
    ['a zero quantity', { quantity: 0 }],
    ['a fractional quantity', { quantity: 1.5 }],
    ['too many', { quantity: 100 }],
    ['a quantity as text', { quantity: '1' }],
    ['no request id', { requestId: undefined }],
    ['a request id with markup', { requestId: '<img src=x>' }],
    ['a request id too long', { requestId: 'x'.repeat(65) }],
  ])('ignores a request with %s', (_what, change) => {
    expect(from({ ...addToCart, ...change })).toBeNull();
  });
});

describe('adding to the storefront’s cart from the host page', () => {
  it('posts the variant to the locale’s /cart/add.js, then keeps the conversation in the cart’s attributes', async () => {
    const shop = fakeStorefront({ root: '/fr/' });
    expect(await addToStorefrontCart(shop.win, { variantId: '44012345678901', quantity: 2 }, THREAD)).toBe(true);
    expect(shop.sent()).toEqual([
      { url: '/fr/cart/add.js', method: 'POST', body: { items: [{ id: 44012345678901, quantity: 2 }] } },
      { url: '/fr/cart/update.js', method: 'POST', body: { attributes: { aisle_thread: THREAD } } },
    ]);
    const [, init] = shop.fetch.mock.calls[0] as [string, RequestInit];
    expect(init.credentials).toBe('same-origin');
    expect(init.headers).toMatchObject({ 'content-type': 'application/json' });
    // Themes can refresh their cart count.
    expect(shop.events.map((event) => [event.type, event.detail])).toEqual([
      ['aisle:cart-added', { variantId: '44012345678901', quantity: 2 }],
    ]);
  });

  it('answers false when the cart refuses (sold out: 422) or cannot be reached, and writes no attribute then', async () => {
    const soldOut = fakeStorefront({
      answer: () =>
        new Response(JSON.stringify({ status: 422, message: 'Cart Error', description: 'The product is already sold out.' }), {
          status: 422,
        }),
    });
    expect(await addToStorefrontCart(soldOut.win, { variantId: '1', quantity: 1 }, THREAD)).toBe(false);
    expect(soldOut.sent().map((call) => call.url)).toEqual(['/cart/add.js']);

    const offline = fakeStorefront({
      answer: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    expect(await addToStorefrontCart(offline.win, { variantId: '1', quantity: 1 }, THREAD)).toBe(false);
  });

  it('adds nothing off a Shopify storefront, nor with a root that leaves the page’s origin', async () => {
    const plain = fakeStorefront();
    delete (plain.win as unknown as { Shopify?: unknown }).Shopify;
    expect(await addToStorefrontCart(plain.win, { variantId: '1', quantity: 1 }, THREAD)).toBe(false);
    expect(plain.fetch).not.toHaveBeenCalled();

    const sly = fakeStorefront({ root: '//evil.example/' });
    await addToStorefrontCart(sly.win, { variantId: '1', quantity: 1 }, null);
    expect(sly.sent().map((call) => call.url)).toEqual(['/cart/add.js']);
  });
});

describe('the loader and the chat, on a storefront', () => {
  let handle: WidgetHandle | null = null;
  afterEach(() => {
    handle?.destroy();
    handle = null;
    delete (window as { Shopify?: unknown }).Shopify;
    vi.unstubAllGlobals();
  });
  const deliver = (data: unknown, source: Window | null | undefined) =>
    window.dispatchEvent(new MessageEvent('message', { data, origin: ORIGIN, source: source ?? null }));

  function open() {
    handle = mountWidget({ origin: ORIGIN, token: 'share-token', theme: null, preload: false });
    if (!handle) throw new Error('not mounted');
    handle.open();
    const chat = handle.frame()?.contentWindow as Window;
    const posted = vi.spyOn(chat, 'postMessage');
    return { chat, posted: () => posted.mock.calls.map(([message, target]) => ({ ...(message as object), target })) };
  }

  it('tells the chat it can add to the cart on a Shopify storefront, and not elsewhere', () => {
    const plain = open();
    deliver(ready, plain.chat);
    expect(plain.posted()).toContainEqual({ source: 'aisle-widget', type: 'capabilities', addToCart: false, target: ORIGIN });
    handle?.destroy();

    Object.assign(window, { Shopify: { shop: 'demo.myshopify.com', routes: { root: '/' } } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}')),
    );
    const shop = open();
    deliver(ready, shop.chat);
    expect(shop.posted()).toContainEqual({ source: 'aisle-widget', type: 'capabilities', addToCart: true, target: ORIGIN });
  });

  it('adds the chosen variant when the chat asks, keeps the thread on the cart, and answers the request', async () => {
    Object.assign(window, { Shopify: { shop: 'demo.myshopify.com', routes: { root: '/' } } });
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const { chat, posted } = open();
    deliver(ready, chat);
    deliver({ source: 'aisle-chat', type: 'thread', sharedThreadId: THREAD }, chat);
    deliver(addToCart, chat);
    // A request from anyone but our chat adds nothing.
    deliver({ ...addToCart, requestId: 'req-evil' }, window);

    await vi.waitFor(() =>
      expect(posted()).toContainEqual({ source: 'aisle-widget', type: 'cart-added', requestId: 'req-1', ok: true, target: ORIGIN }),
    );
    const calls = fetch.mock.calls.map(([url, init]) => [url, JSON.parse(String(init.body))]);
    expect(calls.filter(([url]) => url === '/cart/add.js')).toEqual([['/cart/add.js', { items: [{ id: 44012345678901, quantity: 1 }] }]]);
    expect(calls.at(-1)).toEqual(['/cart/update.js', { attributes: { aisle_thread: THREAD } }]);
    expect(posted().filter((message) => (message as { type?: string }).type === 'cart-added')).toHaveLength(1);
  });

  it('answers "not added" when the cart refuses', async () => {
    Object.assign(window, { Shopify: { shop: 'demo.myshopify.com', routes: { root: '/' } } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"status":422}', { status: 422 })),
    );
    const { chat, posted } = open();
    deliver(addToCart, chat);
    await vi.waitFor(() =>
      expect(posted()).toContainEqual({ source: 'aisle-widget', type: 'cart-added', requestId: 'req-1', ok: false, target: ORIGIN }),
    );
  });
});
