import { type SharedAssistant, shareTokenProblems } from '@aisle/contracts/sharing';
import { AUTO_REPLY_PAUSED_TEXT } from '@aisle/contracts/visitor-chat';
import type { Frame, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiFetch } from './support/api';
import { screenshot } from './support/browser';
import { browserSuite } from './support/browser-suite';
import { expectJson, graphql, setUpShopAssistant, shopQuestions } from './support/shop-assistant';
import { serveShopPage } from './support/shop-page';

/**
 * The visitor's side of sharing, in Chromium against the production server with the built-in
 * `local:extractive` model: the public chat page (`/shared/chat?token=…`) on a phone, its thread
 * kept across reloads, the shop's manual reply arriving live, links that no longer open a chat,
 * and the storefront widget (`/widget.js`) on a shop page of another origin.
 */
const ann = { email: 'ann@shop.test', password: 'correct horse 1' };
const THEME = { primaryColor: '#0f766e', primaryTextColor: '#ffffff' };
const phone = { width: 390, height: 844 };

describe('the public chat of a shared assistant', () => {
  const suite = browserSuite({ users: [ann] });
  let owner: { access: string; assistantId: string } | undefined;

  const setUp = async () => {
    owner ??= await setUpShopAssistant(suite.server, ann);
    return owner;
  };
  const share = async (body: Record<string, unknown> = {}) => {
    const { access, assistantId } = await setUp();
    return expectJson<SharedAssistant>(
      await apiFetch(suite.server, 'POST', '/api/shared-assistant/create/', { assistantId, theme: THEME, ...body }, access),
      201,
      'share',
    );
  };
  const chatUrl = (token: string) => `${suite.server.url}/shared/chat?token=${encodeURIComponent(token)}`;
  const log = (page: Page | Frame) => page.getByRole('log', { name: 'Conversation' });
  const reply = (page: Page | Frame) => log(page).getByRole('listitem', { name: 'Shop helper said' });
  const ask = async (page: Page | Frame, text: string) => {
    await page.getByLabel('Message', { exact: true }).fill(text);
    await page.getByLabel('Message', { exact: true }).press('Enter');
  };

  it('answers a suggested question as it streams, keeps the thread across reloads, and shows unsafe text as text', async () => {
    const link = await share();
    const { page, errors } = await suite.open(phone);
    await page.goto(chatUrl(link.shareToken.token));
    await page.getByRole('heading', { name: 'Shop helper', level: 1 }).waitFor();
    await page.getByText('Hi! I’m Shop helper.').waitFor();
    // The header wears the share's colours.
    const header = await page.locator('header').evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(header).toBe('rgb(15, 118, 110)');
    await screenshot(page, 'shared-chat-welcome');

    await page.getByRole('button', { name: shopQuestions[0] }).click();
    await log(page)
      .getByRole('listitem', { name: 'You said' })
      .getByText(shopQuestions[0] as string)
      .waitFor();
    await reply(page).getByText('30 days', { exact: false }).waitFor();
    // The answer is complete once the composer takes messages again.
    await page.locator('#shared-chat-composer:enabled').waitFor();
    await screenshot(page, 'shared-chat-answer');

    await page.reload();
    await reply(page).getByText('30 days', { exact: false }).waitFor();
    expect(await log(page).getByRole('listitem', { name: 'You said' }).count()).toBe(1);
    expect(await page.getByText('Hi! I’m Shop helper.').count()).toBe(0);

    const attack = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
    await ask(page, attack);
    await log(page).getByRole('listitem', { name: 'You said' }).getByText(attack, { exact: true }).waitFor();
    await reply(page).nth(1).waitFor();
    expect(await page.evaluate(() => (window as Window & { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await log(page).locator('img[onerror], script').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('shows the shop’s manual reply live, labelled, and waits calmly while auto-reply is paused', async () => {
    const link = await share();
    const { access } = await setUp();
    const { page, errors } = await suite.open(phone);
    await page.goto(chatUrl(link.shareToken.token));
    await page.getByRole('button', { name: shopQuestions[1] }).click();
    await reply(page).getByText('two business days', { exact: false }).waitFor();
    const stored = await page.evaluate((key) => localStorage.getItem(key), `aisle.shared-chat.${link.shareToken.token}`);
    const { sharedThreadId } = JSON.parse(stored ?? '{}') as { sharedThreadId: string };
    expect(sharedThreadId).toMatch(/^[0-9a-f-]{36}$/);

    await graphql(suite.server, access, 'mutation($id: ID!, $c: String!) { sendManualReply(sharedThreadId: $id, content: $c) { id } }', {
      id: sharedThreadId,
      c: 'Hi, Sam from the shop here: **happy to help**.',
    });
    const manual = log(page).getByRole('listitem', { name: 'The shop’s team said' });
    await manual.getByText('happy to help').waitFor();
    await page.getByText(AUTO_REPLY_PAUSED_TEXT).waitFor();
    await screenshot(page, 'shared-chat-manual-reply');

    // Paused: the question is kept, the bot stays quiet (no typing, no reply).
    await ask(page, 'Thanks Sam, one more thing?');
    await log(page).getByRole('listitem', { name: 'You said' }).getByText('Thanks Sam, one more thing?').waitFor();
    expect(await page.getByRole('status', { name: 'Assistant is typing' }).count()).toBe(0);
    await page.locator('#shared-chat-composer:enabled').waitFor();
    expect(await reply(page).count()).toBe(1);
    expect(await page.getByRole('status', { name: 'Assistant is typing' }).count()).toBe(0);

    await graphql(suite.server, access, 'mutation($i: UpdateSharedThreadInput!) { updateSharedThread(input: $i) { id } }', {
      i: { id: sharedThreadId, autoReplyPaused: false },
    });
    await page.getByText(AUTO_REPLY_PAUSED_TEXT).waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  it('says why a link does not open a chat: expired, turned off, deleted', async () => {
    const { access } = await setUp();
    const expiring = await share({ expiresAt: new Date(Date.now() + 1500).toISOString() });
    const off = await share();
    const deleted = await share();
    await graphql(suite.server, access, 'mutation($i: UpdateSharedAssistantInput!) { updateSharedAssistant(input: $i) { id } }', {
      i: { id: off.id, isActive: false },
    });
    await expectJson(await apiFetch(suite.server, 'POST', '/api/shared-assistant/delete/', { id: deleted.id }, access), 204, 'delete');
    await new Promise((resolve) => setTimeout(resolve, 1600));

    const { page } = await suite.open(phone);
    await page.goto(chatUrl(expiring.shareToken.token));
    await page.getByRole('heading', { name: 'Link expired' }).waitFor();
    await page.getByText(shareTokenProblems.expired).waitFor();
    await screenshot(page, 'shared-chat-expired');
    await page.goto(chatUrl(off.shareToken.token));
    await page.getByRole('heading', { name: 'Chat paused' }).waitFor();
    await page.getByText(shareTokenProblems.inactive).waitFor();
    await page.goto(chatUrl(deleted.shareToken.token));
    await page.getByRole('heading', { name: 'Chat not found' }).waitFor();
    await page.getByText(shareTokenProblems.not_found).waitFor();
  });

  it('runs as a storefront widget on a shop page of another origin, untouched by its CSS', async () => {
    const link = await share();
    const src = `${suite.server.url}/widget.js?token=${encodeURIComponent(link.shareToken.token)}`;
    // A shop page on another origin (another port: both on loopback, as Chromium requires of a
    // plain-http page loading from 127.0.0.1), with hostile CSS, the snippet pasted twice and its
    // own `.launcher`.
    const shop = await serveShopPage(`<!doctype html><html><head><style>
      * { font-size: 40px !important; box-sizing: content-box !important; }
      button, iframe { display: none !important; }
      aisle-chat-widget { display: none !important; opacity: 0 !important; }
    </style><script src="${src}" async></script></head>
    <body><h1>Mugs &amp; more</h1><div class="launcher panel">Shop's own launcher</div>
    <script src="${src}" async></script></body></html>`);
    try {
      // Served for any page to load (helmet's default `same-origin` would make Chromium refuse it).
      const script = await fetch(src);
      expect(script.headers.get('content-type')).toMatch(/javascript/);
      expect(script.headers.get('cross-origin-resource-policy'), 'widget.js needs CORP cross-origin').toBe('cross-origin');
      const { page, errors } = await suite.open({ width: 1280, height: 800 });
      await page.goto(`${shop.url}/products/mug`);
      const launcherAt = { x: 1280 - 48, y: 800 - 48 };
      const launcherShown = () =>
        page.waitForFunction(({ x, y }) => document.elementFromPoint(x, y)?.tagName === 'AISLE-CHAT-WIDGET', launcherAt, {
          timeout: 20_000,
        });
      // The launcher appears once the hidden chat said its theme.
      await launcherShown();
      expect(await page.locator('aisle-chat-widget').count()).toBe(1);
      expect(await page.locator('.launcher').evaluate((element) => getComputedStyle(element).position)).toBe('static');

      await page.mouse.click(launcherAt.x, launcherAt.y);
      const chat = page.frames().find((frame) => frame.url().startsWith(`${suite.server.url}/shared/chat`));
      if (!chat) throw new Error('no chat frame');
      expect(new URL(chat.url()).searchParams.get('host')).toBe(shop.url);
      await chat.getByRole('heading', { name: 'Shop helper', level: 1 }).waitFor();
      await chat.getByRole('button', { name: shopQuestions[0] }).click();
      await reply(chat).getByText('30 days', { exact: false }).waitFor();
      expect(await page.evaluate(() => document.elementFromPoint(1280 - 200, 800 - 300)?.tagName)).toBe('AISLE-CHAT-WIDGET');
      await screenshot(page, 'shared-chat-widget-open');

      // Closed from the chat's own header: the panel goes, the launcher stays.
      await chat.getByRole('button', { name: 'Close chat' }).click();
      await page.waitForFunction(() => document.elementFromPoint(1280 - 200, 800 - 300)?.tagName !== 'AISLE-CHAT-WIDGET');
      await launcherShown();
      expect(errors).toEqual([]);
    } finally {
      await shop.close();
    }
  });
});
