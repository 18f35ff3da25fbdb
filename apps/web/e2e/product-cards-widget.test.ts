import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SharedAssistant } from '@aisle/contracts/sharing';
import type { Frame, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFetch } from './support/api';
import type { AppServer } from './support/app-server';
import { screenshot } from './support/browser';
import { browserSuite } from './support/browser-suite';
import { solidPng } from './support/pictures';
import { expectJson, setUpShopAssistant } from './support/shop-assistant';
import { sendInWidgetChat } from './support/widget-chat';

/**
 * Product cards and add to cart, end to end. An outdoor shop's assistant (the built-in
 * `local:extractive` model) knows the shop's catalog from a Shopify-style JSON product list
 * (variant ids, pictures, sale prices). A shopper on the shop's own storefront page (another
 * origin, with the theme's `window.Shopify` globals and the storefront's cart endpoints, faked
 * here as the Cart Ajax API documents them) asks the widget for tents: the answer shows them as
 * cards with their pictures and prices; the shopper picks a colour and adds it to the cart; the
 * storefront's cart receives that variant and the conversation's `aisle_thread` attribute, and
 * the chat confirms. On the public chat page, at a phone's width, the same cards link to a cart
 * permalink, scroll sideways without widening the page, and follow the dark theme.
 */
const owner = { email: 'owner@kumo-outdoor.test', password: 'correct horse 1' };

/**
 * The shop's product pictures, on its image CDN (https, as Shopify's are: the chat's CSP takes
 * images over https only). The browser's requests for them are answered by the test itself
 * (`servePictures`): nothing leaves the machine.
 */
const CDN = 'https://cdn.kumo-outdoor.example';
const pictures: Record<string, Buffer> = {
  '/files/kumo-tent-2.png': solidPng(40, 40, [64, 120, 80]),
  '/files/kumo-tent-4.png': solidPng(40, 40, [200, 170, 110]),
};

/** Answers the page's (and its frames') requests to the shop's CDN; returns the paths asked for. */
async function servePictures(page: Page): Promise<string[]> {
  const asked: string[] = [];
  await page.context().route(`${CDN}/**`, (route) => {
    const path = new URL(route.request().url()).pathname;
    asked.push(path);
    const picture = pictures[path];
    return picture
      ? route.fulfill({ status: 200, contentType: 'image/png', body: picture })
      : route.fulfill({ status: 404, contentType: 'text/plain', body: 'not found' });
  });
  return asked;
}

/** A Shopify-style product list, as the catalog sync writes it: variant ids, pictures, a sale price. */
const productList = (shop: string) => ({
  currency: 'USD',
  products: [
    {
      title: 'Kumo Tent 2',
      handle: 'kumo-tent-2',
      url: `${shop}/products/kumo-tent-2`,
      image: { src: `${CDN}/files/kumo-tent-2.png` },
      body_html: '<p>A light tent for two people. Waterproof flysheet, 1.9 kg.</p>',
      product_type: 'Tents',
      options: [{ name: 'Color', values: ['Moss', 'Sand'] }],
      variants: [
        { id: 44011, title: 'Moss', option1: 'Moss', price: '249.00', compare_at_price: '299.00', available: true },
        { id: 44012, title: 'Sand', option1: 'Sand', price: '249.00', compare_at_price: '299.00', available: true },
      ],
    },
    {
      title: 'Kumo Tent 4',
      handle: 'kumo-tent-4',
      url: `${shop}/products/kumo-tent-4`,
      image: { src: `${CDN}/files/kumo-tent-4.png` },
      body_html: '<p>A family tent for four people. Waterproof, 4.8 kg.</p>',
      product_type: 'Tents',
      variants: [{ id: 44021, title: 'Default Title', price: '389.00', available: true }],
    },
    {
      title: 'Hoshi Sleeping Bag',
      handle: 'hoshi-sleeping-bag',
      url: `${shop}/products/hoshi-sleeping-bag`,
      body_html: '<p>Down sleeping bag, comfort rating 0°C.</p>',
      product_type: 'Sleeping bags',
      variants: [{ id: 44031, title: 'Default Title', price: '179.00', available: true }],
    },
  ],
});

interface CartRequest {
  path: string;
  body: Record<string, unknown>;
}

const readJson = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
};

/**
 * The shop's storefront on its own origin: every page carries the theme's Shopify globals and,
 * once the share exists, the widget's script; and the Cart Ajax API's
 * `POST /cart/add.js` and `/cart/update.js` (https://shopify.dev/docs/api/ajax/reference/cart),
 * answering as documented and recording what they were sent.
 */
async function serveStorefront() {
  const cart: CartRequest[] = [];
  let widgetScript = '';
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://shop').pathname;
    if (request.method === 'POST' && (path === '/cart/add.js' || path === '/cart/update.js')) {
      const body = await readJson(request);
      cart.push({ path, body });
      response.writeHead(200, { 'content-type': 'application/json' });
      if (path === '/cart/add.js') {
        // add.js answers the items added.
        const items = (body.items as { id: number; quantity: number }[]).map((item) => ({
          ...item,
          variant_id: item.id,
          key: `${item.id}:1`,
        }));
        response.end(JSON.stringify({ items }));
      } else {
        // update.js answers the cart, with its attributes.
        response.end(JSON.stringify({ token: 'cart-1', attributes: body.attributes ?? {}, items: [], item_count: 1 }));
      }
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><head><title>Kumo Outdoor</title>
<script>window.Shopify = { shop: 'kumo-outdoor.myshopify.com', routes: { root: '/' } };</script></head>
<body><h1>Kumo Outdoor</h1>${widgetScript}</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    cart,
    useWidget: (src: string) => {
      widgetScript = `<script src="${src}" async></script>`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The owner's catalog store holding the product list (indexed), an assistant on the built-in model, and its share link. */
async function setUpOutdoorShop(server: AppServer, listJson: string): Promise<SharedAssistant> {
  const { access, assistantId } = await setUpShopAssistant(server, owner, {
    storeName: 'Catalog',
    currency: 'USD',
    file: { fileName: 'products.json', content: listJson, contentType: 'application/json' },
    questions: [],
  });
  return expectJson<SharedAssistant>(
    await apiFetch(server, 'POST', '/api/shared-assistant/create/', { assistantId }, access),
    201,
    'share',
  );
}

/** The picture of a card, once the browser has it: its address and its drawn width. */
const loadedPicture = async (card: Locator) => {
  const image = card.getByRole('img');
  await image.scrollIntoViewIfNeeded();
  await image.evaluate((img: HTMLImageElement) =>
    img.complete && img.naturalWidth > 0 ? undefined : new Promise((resolve) => img.addEventListener('load', resolve, { once: true })),
  );
  return image.evaluate((img: HTMLImageElement) => ({ src: img.currentSrc || img.src, alt: img.alt, width: img.naturalWidth }));
};

/** How light an element's background is as drawn (0 black – 255 white), whatever colour syntax the theme uses. */
const lightness = (element: Locator) =>
  element.evaluate((node) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    context.fillStyle = getComputedStyle(node).backgroundColor;
    context.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0] = context.getImageData(0, 0, 1, 1).data;
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  });

const QUESTION = 'Which tents do you have?';

describe('product cards and add to cart', () => {
  const suite = browserSuite({ users: [owner] });
  let shop: Awaited<ReturnType<typeof serveStorefront>>;
  let share: SharedAssistant;

  beforeAll(async () => {
    shop = await serveStorefront();
    share = await setUpOutdoorShop(suite.server, JSON.stringify(productList(shop.url)));
    shop.useWidget(`${suite.server.url}/widget.js?token=${encodeURIComponent(share.shareToken.token)}`);
  });
  afterAll(async () => {
    await shop?.close();
  });

  const tentCards = (scope: Page | Frame) =>
    scope
      .getByRole('log', { name: 'Conversation' })
      .getByRole('listitem', { name: 'Shop helper said' })
      .last()
      .getByRole('list', { name: 'Products' });

  it('in the widget on a Shopify storefront, adds the chosen variant to the host page’s cart with the conversation, and confirms', async () => {
    const { page, errors } = await suite.open();
    const picturesAsked = await servePictures(page);
    await page.goto(`${shop.url}/products/kumo-tent-2`);
    await page.waitForFunction(() => document.elementFromPoint(1280 - 48, 800 - 48)?.tagName === 'AISLE-CHAT-WIDGET', null, {
      timeout: 20_000,
    });
    await page.mouse.click(1280 - 48, 800 - 48);
    const chat = page.frames().find((frame) => frame.url().startsWith(`${suite.server.url}/shared/chat`));
    if (!chat) throw new Error('the widget opened no chat frame');

    await sendInWidgetChat(chat, QUESTION);
    const cards = tentCards(chat);
    const tent = cards.getByRole('article', { name: 'Kumo Tent 2' });
    await tent.waitFor({ timeout: 30_000 });
    await cards.getByRole('article', { name: 'Kumo Tent 4' }).waitFor();
    expect(await cards.getByRole('article', { name: 'Hoshi Sleeping Bag' }).count()).toBe(0);

    // The right pictures, loaded from the shop, and the right prices: on sale, the "was" price struck through.
    expect(await loadedPicture(tent)).toEqual({ src: `${CDN}/files/kumo-tent-2.png`, alt: 'Kumo Tent 2', width: 40 });
    expect(await loadedPicture(cards.getByRole('article', { name: 'Kumo Tent 4' }))).toMatchObject({
      src: `${CDN}/files/kumo-tent-4.png`,
      width: 40,
    });
    const price = tent.getByTestId('product-price');
    expect(picturesAsked).toEqual(expect.arrayContaining(['/files/kumo-tent-2.png', '/files/kumo-tent-4.png']));
    expect(await price.locator('s').textContent()).toBe('$299.00');
    expect((await price.textContent())?.startsWith('$249.00')).toBe(true);
    expect(await cards.getByRole('article', { name: 'Kumo Tent 4' }).getByTestId('product-price').textContent()).toBe('$389.00');

    // Nothing is added until the shopper clicks.
    expect(shop.cart.filter((request) => request.path === '/cart/add.js')).toEqual([]);
    await tent.getByRole('combobox', { name: 'Color' }).selectOption('Sand');
    const reported = page.waitForResponse((response) => response.url().endsWith('/api/shared-chat/cart-added/'));
    await tent.getByRole('button', { name: 'Add Kumo Tent 2 to cart' }).click();
    await tent.getByRole('status').getByText('Added to your cart').waitFor();
    await screenshot(page, 'product-cards-widget-added');

    // The host page's cart got the chosen variant, then the conversation as its attribute.
    const threadId = await chat.evaluate(
      (token) => (JSON.parse(localStorage.getItem(`aisle.shared-chat.${token}`) ?? '{}') as { sharedThreadId?: string }).sharedThreadId,
      share.shareToken.token,
    );
    expect(threadId).toMatch(/^[0-9a-f-]{36}$/);
    const adds = shop.cart.filter((request) => request.path === '/cart/add.js');
    expect(adds.map((request) => request.body)).toEqual([{ items: [{ id: 44012, quantity: 1 }] }]);
    const afterAdd = shop.cart.slice(shop.cart.indexOf(adds[0] as CartRequest) + 1);
    expect(afterAdd.map((request) => [request.path, request.body])).toContainEqual([
      '/cart/update.js',
      { attributes: { aisle_thread: threadId } },
    ]);
    // And the shop's count of add-to-carts from chat heard of it.
    expect((await reported).status()).toBe(204);
    expect(errors).toEqual([]);
  });

  it('on the public chat page at a phone’s width, links to a cart permalink, scrolls sideways within the page, and follows the dark theme', async () => {
    const { page, errors } = await suite.open({ width: 390, height: 844 });
    await servePictures(page);
    await page.goto(`${suite.server.url}/shared/chat?token=${encodeURIComponent(share.shareToken.token)}`);
    await page.getByLabel('Message', { exact: true }).fill(QUESTION);
    await page.getByLabel('Message', { exact: true }).press('Enter');
    const cards = tentCards(page);
    const tent = cards.getByRole('article', { name: 'Kumo Tent 2' });
    await tent.waitFor({ timeout: 30_000 });

    // No storefront cart here: "Add to cart" is Shopify's cart permalink on the product's own shop.
    const threadId = await page.evaluate(
      (token) => (JSON.parse(localStorage.getItem(`aisle.shared-chat.${token}`) ?? '{}') as { sharedThreadId?: string }).sharedThreadId,
      share.shareToken.token,
    );
    const permalink = new URL((await tent.getByRole('link', { name: 'Add Kumo Tent 2 to cart' }).getAttribute('href')) ?? '');
    expect(permalink.origin + permalink.pathname).toBe(`${shop.url}/cart/44011:1`);
    expect(permalink.searchParams.get('attributes[aisle_thread]')).toBe(threadId);
    expect(await tent.getByRole('link', { name: /View Kumo Tent 2/ }).getAttribute('href')).toBe(`${shop.url}/products/kumo-tent-2`);

    // The cards scroll inside the reply; the page itself never gets wider than the phone.
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    // "Next" scrolls the row by a card (smoothly: the row gets there a moment later).
    expect(await cards.evaluate((element) => element.scrollLeft)).toBe(0);
    await page.getByRole('button', { name: 'Show next products' }).click();
    await cards.evaluate(
      (element) =>
        new Promise<void>((resolve) => {
          const check = () => (element.scrollLeft > 0 ? resolve() : requestAnimationFrame(check));
          check();
        }),
    );
    // From the keyboard: the arrow keys move from one card to the next.
    await cards.getByRole('article').first().getByRole('link', { name: /^View/ }).focus();
    await page.keyboard.press('ArrowRight');
    expect(
      await cards
        .getByRole('article')
        .nth(1)
        .evaluate((card) => card.contains(document.activeElement)),
    ).toBe(true);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await screenshot(page, 'product-cards-phone-light');

    // Dark: the cards take the dark theme's surfaces.
    const light = await lightness(tent);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    const dark = await lightness(tent);
    expect(light, 'a light card in the light theme').toBeGreaterThan(200);
    expect(dark, 'a dark card in the dark theme').toBeLessThan(80);
    await screenshot(page, 'product-cards-phone-dark');
    expect(errors).toEqual([]);
  });
});
