import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { STOREFRONT_METAFIELD_NAMESPACE } from '@aisle/contracts/setup-wizard';
import { type FakeShopify, startFakeShopify } from '@aisle/server/testing/fake-shopify/fake-shopify';
import { mintIdToken, shopifyEnv } from '@aisle/server/testing/fake-shopify/shopify-test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderThemeEmbed } from '../src/testing/render-theme-embed';
import { screenshot } from './support/browser';
import { browserSuite } from './support/browser-suite';
import { serveShopPictures } from './support/pictures';
import { sendInWidgetChat } from './support/widget-chat';

/**
 * The merchant's way in, in Chromium against the production server and a fake Shopify on
 * loopback: a host page on another origin plays the Shopify admin (it frames the app with
 * `embedded=1&host&shop` and serves a stub App Bridge whose `idToken()` is signed with the test
 * secret, so no test touches Shopify's CDN), the setup wizard runs live, the app lands on the
 * dashboard, and the storefront's embed (rendered from the theme extension's Liquid with the
 * metafields the wizard wrote) opens the widget, whose assistant answers with a product's price.
 */
const SHOP = 'northwind-studio.myshopify.com';
const HOST = Buffer.from(`admin.shopify.com/store/${SHOP.replace('.myshopify.com', '')}`).toString('base64url');

interface Site {
  url: string;
  close(): Promise<void>;
}

async function serve(hostname: 'localhost' | '127.0.0.1', handler: (path: string) => { type: string; body: string } | null): Promise<Site> {
  const server: Server = createServer((request, response) => {
    const answer = handler(new URL(request.url ?? '/', 'http://x').pathname);
    response.writeHead(answer ? 200 : 404, { 'content-type': answer?.type ?? 'text/plain', 'cache-control': 'no-store' });
    response.end(answer?.body ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://${hostname}:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let fake: FakeShopify;
let admin: Site;
let adminOrigin = '';

// The fake Shopify and the admin's port must be known before the app server starts.
const ready = (async () => {
  fake = await startFakeShopify({ products: 60 });
  fake.shop(SHOP);
  // "localhost" is another origin than the app's 127.0.0.1: the admin frames the app from elsewhere, as Shopify's does.
  admin = await serve('localhost', (path) => {
    if (path === '/app-bridge.js') {
      // App Bridge's one call the app makes: a session token, signed by "Shopify" (the test secret).
      return { type: 'text/javascript', body: `window.shopify = { idToken: () => Promise.resolve(${JSON.stringify(bridgeToken)}) };` };
    }
    if (path === '/admin') return { type: 'text/html', body: adminPage() };
    if (path === '/favicon.ico') return { type: 'image/x-icon', body: '' };
    return null;
  });
  adminOrigin = admin.url;
})();

let appUrl = '';
/** The session token the stub bridge hands out (an hour long: the test outlives Shopify's one minute). */
let bridgeToken = '';
const adminPage = () => `<!doctype html><html><head><meta charset="utf-8"><title>Shopify admin</title></head>
<body style="margin:0"><nav style="height:40px">Apps › Aisle</nav>
<iframe id="app" title="Aisle" style="border:0;width:100%;height:calc(100vh - 40px)"
  src="${appUrl}/?embedded=1&host=${HOST}&shop=${SHOP}&locale=en"></iframe></body></html>`;

await ready;

describe('the Shopify admin and storefront', () => {
  const suite = browserSuite({
    env: {
      ...shopifyEnv(fake),
      SHOPIFY_APP_BRIDGE_URL: `${adminOrigin}/app-bridge.js`,
      FRAME_ANCESTORS: adminOrigin,
    },
  });

  beforeAll(async () => {
    appUrl = suite.server.url;
    bridgeToken = await mintIdToken(fake, SHOP, { exp: Math.floor(Date.now() / 1000) + 3600 });
  });
  afterAll(async () => {
    await admin.close();
    await fake.close();
  });

  it('signs in through App Bridge, runs the setup wizard live, lands on the dashboard, and the storefront embed answers with a price', async () => {
    const { page, errors } = await suite.open();
    await page.goto(`${admin.url}/admin`);
    const frame = page.frameLocator('#app');

    // The wizard, instead of the app (embedded, no wizard yet).
    await frame.getByRole('button', { name: 'Start Setup Wizard' }).waitFor({ timeout: 30_000 });
    await frame.getByRole('button', { name: 'Skip for Now' }).waitFor();
    const app = page.frames().find((f) => f.url().startsWith(appUrl));
    if (!app) throw new Error('no app frame');
    // Every percentage the screen shows, as it shows it.
    await app.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seenPercentages: string[] }).seenPercentages = seen;
      new MutationObserver(() => {
        const text = document.querySelector('[data-testid="wizard-percentage"]')?.textContent;
        if (text && seen.at(-1) !== text) seen.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await frame.getByRole('button', { name: 'Start Setup Wizard' }).click();
    await frame.getByRole('list', { name: 'Setup steps' }).waitFor({ timeout: 30_000 });
    await screenshot(page, 'shopify-wizard-progress');

    // Completed: the app opens on the dashboard.
    await app.waitForURL(`${appUrl}/dashboard`, { timeout: 120_000 });
    await frame.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    const seen = await app.evaluate(() => (window as unknown as { seenPercentages: string[] }).seenPercentages);
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(seen.map((p) => Number.parseInt(p, 10))).toEqual([...seen.map((p) => Number.parseInt(p, 10))].sort((a, b) => a - b));
    // Live: steps in between were on screen (the last ones may come too close together to be painted).
    expect(seen.some((p) => p !== '0%' && p !== '100%')).toBe(true);
    // Embedded: no Log out in the user menu.
    await screenshot(page, 'shopify-dashboard');
    expect(await frame.getByText('Log out').count()).toBe(0);

    // The storefront: the embed block rendered from the metafields the wizard wrote.
    const metafields = Object.fromEntries(
      [...fake.shop(SHOP).installation.metafields.values()]
        .filter((m) => m.namespace === STOREFRONT_METAFIELD_NAMESPACE)
        .map((m) => [m.key, { type: m.type, value: m.value }]),
    );
    const embed = await renderThemeEmbed({ [STOREFRONT_METAFIELD_NAMESPACE]: metafields });
    expect(embed).toContain(`${appUrl}/widget.js?token=`);
    const store = await serve('127.0.0.1', (path) =>
      path.startsWith('/products/')
        ? { type: 'text/html', body: `<!doctype html><html><head></head><body><h1>Linen Shirt No. 1</h1>${embed}</body></html>` }
        : path === '/favicon.ico'
          ? { type: 'image/x-icon', body: '' }
          : null,
    );
    try {
      const shopper = await suite.open({ width: 1280, height: 800 });
      // The fake store's product pictures (answers show products as cards), answered here: nothing leaves the machine.
      await serveShopPictures(shopper.page, 'https://cdn.shopify.example');
      await shopper.page.goto(`${store.url}/products/linen-shirt-no-1`);
      const launcherAt = { x: 1280 - 48, y: 800 - 48 };
      await shopper.page.waitForFunction(({ x, y }) => document.elementFromPoint(x, y)?.tagName === 'AISLE-CHAT-WIDGET', launcherAt, {
        timeout: 20_000,
      });
      await shopper.page.mouse.click(launcherAt.x, launcherAt.y);
      // The chat's iframe is added on the first open: wait for it (slow on a loaded machine).
      const chatFrame = () => shopper.page.frames().find((f) => f.url().startsWith(`${appUrl}/shared/chat`));
      await expect.poll(() => chatFrame() !== undefined, { timeout: 30_000 }).toBe(true);
      const chat = chatFrame();
      if (!chat) throw new Error('no chat frame');
      const since = suite.server.output.length;
      await sendInWidgetChat(chat, 'How much is the Linen Shirt No. 1?');
      const reply = chat.getByRole('log', { name: 'Conversation' }).getByRole('listitem', { name: /said$/ }).last();
      // The fake catalog's Linen Shirt No. 1: €19.00, €21.00 in L.
      await reply
        .getByText(/Linen Shirt No\. 1 costs .*€19\.00/)
        .waitFor({ timeout: 60_000 })
        .catch(async (error: Error) => {
          // Say what the shopper saw and what the server complained of, not only that it timed out.
          const conversation = await chat
            .getByRole('log', { name: 'Conversation' })
            .textContent({ timeout: 5_000 })
            .catch(() => '(unreadable)');
          const problems = suite.server.output.slice(since).filter((line) => /"level":(40|50|60)/.test(line));
          throw new Error(
            `${error.message}\nThe conversation:\n${conversation}\nServer warnings since the question:\n${problems.join('\n')}`,
          );
        });
      await screenshot(shopper.page, 'shopify-storefront-answer');
      expect(shopper.errors).toEqual([]);
    } finally {
      await store.close();
    }
    expect(errors).toEqual([]);
    // The wizard alone may take up to two minutes on a loaded machine.
  }, 240_000);
});
