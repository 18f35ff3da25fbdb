import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiFetch, login, signUp, signUpAndVerify } from './support/api';
import type { AppServer } from './support/app-server';
import { screenshot } from './support/browser';
import { browserSuite } from './support/browser-suite';
import { expectJson } from './support/shop-assistant';

/**
 * A new merchant's first walk through the app, in Chromium against the production server with the
 * built-in `local:extractive` model: what they meet signing in, in the user menu, uploading their
 * first files, in Chat (on a laptop and on a phone), in the inbox once shoppers write, on /account
 * and in an empty notifications dialog. Each test stands for one finding of that walkthrough.
 */
const password = 'correct horse 1';
const phone = { width: 390, height: 844 };

/** The lead-capture template seeded on every install (apps/server/src/domains/templates/seeded-templates.ts). */
const LEAD_CAPTURE_TEMPLATE_ID = '89bbe7b5-912b-48b4-bc05-4361dd2084d3';

interface VisitorAnswer {
  sharedThreadId: string;
  visitorToken: string;
  anonymousEmail: string;
  reply: { content: string } | null;
}

/** A verified merchant with one shared assistant on the local model; returns its share token. */
async function merchantWithShare(server: AppServer, email: string, options: { leadCapture?: boolean } = {}) {
  await signUpAndVerify(server, email, password);
  const { access } = await login(server, email, password);
  const assistant = await expectJson<{ id: string }>(
    await apiFetch(server, 'POST', '/api/assistant/create/', { assistantName: 'Shop helper', model: 'local:extractive' }, access),
    201,
    'assistant',
  );
  if (options.leadCapture) {
    await expectJson(
      await apiFetch(server, 'POST', '/api/variables/', { name: 'LEAD_FOLLOW_UP', value: 'We reply within a day.' }, access),
      201,
      'variable',
    );
    await expectJson(
      await apiFetch(
        server,
        'POST',
        '/api/assistant/template-add/',
        { assistantId: assistant.id, templateId: LEAD_CAPTURE_TEMPLATE_ID },
        access,
      ),
      201,
      'template',
    );
  }
  const share = await expectJson<{ shareToken: { token: string } }>(
    await apiFetch(server, 'POST', '/api/shared-assistant/create/', { assistantId: assistant.id }, access),
    201,
    'share',
  );
  return { access, token: share.shareToken.token };
}

/** A shopper's message through the public chat API, as the chat page and the widget send it. */
const visitorSays = async (server: AppServer, body: Record<string, unknown>) =>
  expectJson<VisitorAnswer>(await apiFetch(server, 'POST', '/api/shared-chat/message/', body), 200, 'visitor message');

const inboxRows = (page: Page) => page.getByRole('list', { name: 'Conversations' });

describe('a new merchant’s first impressions, in the browser', () => {
  const suite = browserSuite();
  const { open, signIn } = suite;

  describe('signing in and the account', () => {
    it('clears the wrong-password alert once the merchant is signed in', async () => {
      await signUpAndVerify(suite.server, 'alice@shop.test', password);
      const { page } = await open();
      await page.goto(suite.server.url);
      await page.getByLabel('Email').fill('alice@shop.test');
      await page.getByLabel('Password', { exact: true }).fill('not the password');
      await page.getByRole('button', { name: 'Sign In' }).click();
      // Spec §8's text for any other 401 stays.
      const refused = page.getByText('Unauthorized. Please login again.');
      await refused.waitFor();

      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL(`${suite.server.url}/account`);
      await page.getByRole('heading', { name: 'Account', exact: true }).waitFor();
      // Well within the alert's 5 s life: it went with the sign-in screen, not with its timer.
      expect(await refused.count()).toBe(0);
      expect(await page.getByRole('alert').count()).toBe(0);
    });

    it('says an address is already verified when its link is opened again, and offers sign-in', async () => {
      const link = await signUp(suite.server, 'bea@shop.test', password);
      const { page, errors } = await open();
      await page.goto(link);
      await page.getByRole('heading', { name: 'Email successfully verified.' }).waitFor();

      await page.goto(link);
      await page.getByRole('heading', { name: 'Email already verified' }).waitFor();
      expect(await page.getByText('Invalid Token').count()).toBe(0);
      expect(await page.getByRole('heading', { name: 'Email not verified' }).count()).toBe(0);
      await screenshot(page, 'first-email-already-verified');
      await page.getByRole('link', { name: 'Continue to sign in' }).click();
      await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
      expect(errors).toEqual([]);
    });

    it('shows the merchant’s initials in the user menu’s avatar', async () => {
      await signUpAndVerify(suite.server, 'cara.lind@shop.test', password);
      const { page, errors } = await open();
      await signIn(page, 'cara.lind@shop.test', password);
      const menu = page.getByRole('button', { name: 'User menu' });
      await menu.getByText('CL', { exact: true }).waitFor();
      // Time for any default picture to load over the initials (it is served by this server).
      await page.waitForTimeout(1000);
      expect(await menu.getByText('CL', { exact: true }).isVisible()).toBe(true);
      expect(await menu.locator('img').count()).toBe(0);
      expect(errors).toEqual([]);
    });
  });

  describe('knowledge', () => {
    it('accepts a file whose name is over 255 characters with the rest of its batch, under a shortened name', async () => {
      await signUpAndVerify(suite.server, 'dina@shop.test', password);
      const { access } = await login(suite.server, 'dina@shop.test', password);
      const store = await expectJson<{ id: string }>(
        await apiFetch(suite.server, 'POST', '/api/store/create/', { name: 'Help center' }, access),
        201,
        'store',
      );
      const { page, errors } = await open({ height: 900 });
      await signIn(page, 'dina@shop.test', password);
      await page.goto(`${suite.server.url}/store?store=${store.id}`);
      await page.getByRole('heading', { name: 'Help center', level: 2 }).waitFor();

      const longName = `Spring 2026 catalogue - ${'tents, sleeping bags and camp kitchens - '.repeat(7)}final.md`;
      expect(longName.length).toBeGreaterThan(255);
      await page.getByLabel('Choose files to upload').setInputFiles([
        { name: 'returns.md', mimeType: 'text/markdown', buffer: Buffer.from('# Returns\n\nReturn unworn items within 30 days.\n') },
        { name: longName, mimeType: 'text/markdown', buffer: Buffer.from('# Tents\n\nOur tents sleep two to six people.\n') },
        { name: 'shipping.txt', mimeType: 'text/plain', buffer: Buffer.from('Orders ship within two business days.\n') },
        { name: 'sizes.txt', mimeType: 'text/plain', buffer: Buffer.from('Small, medium and large fit most people.\n') },
      ]);
      const rows = page.getByRole('list', { name: 'Files' }).getByRole('listitem');
      await expect.poll(async () => rows.filter({ hasText: 'Ready' }).count(), { timeout: 60_000 }).toBe(4);
      expect(await page.getByText('Ensure this field has no more than 255 characters.').count()).toBe(0);
      const names = await rows.evaluateAll((items) => items.map((item) => item.getAttribute('aria-label') ?? ''));
      const shortened = names.find((name) => name.startsWith('Spring 2026 catalogue'));
      expect(shortened?.length).toBeLessThanOrEqual(255);
      expect(shortened).toContain('…');
      expect(shortened?.endsWith('final.md')).toBe(true);
      await screenshot(page, 'first-long-file-name');
      expect(errors).toEqual([]);
    });
  });

  describe('chat', () => {
    const owner = 'emma@shop.test';
    let returnsHelper = '';

    it('opens /chat on the assistant the merchant used last, not the newest', async () => {
      await signUpAndVerify(suite.server, owner, password);
      const { access } = await login(suite.server, owner, password);
      const create = async (assistantName: string) =>
        (
          await expectJson<{ id: string }>(
            await apiFetch(suite.server, 'POST', '/api/assistant/create/', { assistantName, model: 'local:extractive' }, access),
            201,
            assistantName,
          )
        ).id;
      returnsHelper = await create('Returns helper');
      const sizingHelper = await create('Sizing helper');

      const { page, errors } = await open();
      await signIn(page, owner, password);
      await page.goto(`${suite.server.url}/chat`);
      await page.getByRole('heading', { name: 'Start a chat with Sizing helper' }).waitFor();
      expect(await page.getByLabel('Assistant').inputValue()).toBe(sizingHelper);

      await page.getByLabel('Assistant').selectOption({ label: 'Returns helper' });
      await page.getByRole('heading', { name: 'Start a chat with Returns helper' }).waitFor();
      await page.goto(`${suite.server.url}/account`);
      await page.getByRole('heading', { name: 'Account', exact: true }).waitFor();

      await page.goto(`${suite.server.url}/chat`);
      await page.getByRole('heading', { name: 'Start a chat with Returns helper' }).waitFor();
      expect(await page.getByLabel('Assistant').inputValue()).toBe(returnsHelper);
      expect(errors).toEqual([]);
    });

    it('has one header on a phone', async () => {
      const { page, errors } = await open(phone);
      await signIn(page, owner, password);
      await page.goto(`${suite.server.url}/chat?assistant=${returnsHelper}`);
      await page.getByRole('heading', { name: 'Start a chat with Returns helper' }).waitFor();
      const showChats = page.getByRole('button', { name: 'Show chats' });
      await showChats.waitFor();
      await screenshot(page, 'first-chat-phone');

      // The chat's own controls sit in the app's header bar, next to the sidebar button.
      const header = page.locator('header').filter({ has: page.getByRole('button', { name: 'Toggle Sidebar' }) });
      expect(await header.count()).toBe(1);
      expect(await header.getByRole('button', { name: 'Show chats' }).isVisible()).toBe(true);
      expect(await header.getByRole('button', { name: 'New chat' }).isVisible()).toBe(true);
      const bar = await header.boundingBox();
      const title = await page.getByTestId('chat-title').boundingBox();
      expect(bar && title && title.y + title.height <= bar.y + bar.height).toBe(true);
      // Nothing else stacks under it before the conversation's own content.
      const empty = await page.getByRole('heading', { name: 'Start a chat with Returns helper' }).boundingBox();
      expect(empty && bar && empty.y > bar.y + bar.height).toBe(true);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(phone.width);
      expect(errors).toEqual([]);
    });
  });

  describe('inbox', () => {
    it('names a visitor by the contact they left, live', async () => {
      const { token } = await merchantWithShare(suite.server, 'fay@shop.test', { leadCapture: true });
      const first = await visitorSays(suite.server, { token, message: 'Do you sell tents?' });
      const anonymous = first.anonymousEmail.split('@')[0] as string;

      const { page, errors } = await open({ height: 900 });
      await signIn(page, 'fay@shop.test', password);
      await page.goto(`${suite.server.url}/conversations`);
      await inboxRows(page).getByRole('listitem', { name: anonymous, exact: true }).waitFor();

      const saved = await visitorSays(suite.server, {
        token,
        message: 'Please save my contact so the team can follow up: dana@example.com',
        sharedThreadId: first.sharedThreadId,
        visitorToken: first.visitorToken,
      });
      expect(saved.reply?.content).toMatch(/passed your details|We reply within a day/);
      const row = inboxRows(page).getByRole('listitem', { name: 'dana@example.com', exact: true });
      await row.waitFor();
      expect(await inboxRows(page).getByRole('listitem', { name: anonymous, exact: true }).count()).toBe(0);
      await row.getByRole('button').click();
      await page.getByTestId('thread-title').getByText('dana@example.com').waitFor();
      await screenshot(page, 'first-inbox-contact');
      expect(errors).toEqual([]);
    });

    it('signs manual replies as the merchant chooses on /account', async () => {
      const { token } = await merchantWithShare(suite.server, 'gwen@shop.test');
      const owner = await open({ height: 900 });
      await signIn(owner.page, 'gwen@shop.test', password);

      // Account: sign replies with my own name.
      const section = owner.page.getByRole('region', { name: 'Replies are signed as' });
      await section.getByRole('radio', { name: 'The shop’s team' }).waitFor();
      expect(await section.getByRole('radio', { name: 'The shop’s team' }).isChecked()).toBe(true);
      await section.getByRole('radio', { name: 'Your name' }).check();
      await section.getByLabel('Your display name').fill('Sam Lee');
      await section.getByRole('button', { name: 'Save' }).click();
      await section.getByText('Shoppers see your replies signed “Sam Lee”.').waitFor();
      await screenshot(owner.page, 'first-account-signature');

      // A shopper writes on the public chat page.
      const visitor = await open(phone);
      await visitor.page.goto(`${suite.server.url}/shared/chat?token=${encodeURIComponent(token)}`);
      await visitor.page.locator('#shared-chat-composer:enabled').waitFor();
      await visitor.page.getByLabel('Message', { exact: true }).fill('Is the blue tent waterproof?');
      await visitor.page.getByLabel('Message', { exact: true }).press('Enter');
      const log = visitor.page.getByRole('log', { name: 'Conversation' });
      await log.getByRole('listitem', { name: 'Shop helper said' }).waitFor();

      // The owner answers by hand from the inbox; the shopper sees the reply signed "Sam Lee".
      await owner.page.goto(`${suite.server.url}/conversations`);
      await inboxRows(owner.page).getByRole('listitem').first().getByRole('button').click();
      await owner.page.getByLabel('Reply', { exact: true }).fill('Yes, it is fully waterproof.');
      await owner.page.getByLabel('Reply', { exact: true }).press('Enter');
      await log.getByRole('listitem', { name: 'Sam Lee said' }).getByText('fully waterproof').waitFor();
      expect(await log.getByRole('listitem', { name: 'The shop’s team said' }).count()).toBe(0);

      // Then with the shop's name; the earlier reply keeps the name it was sent with.
      await owner.page.goto(`${suite.server.url}/account`);
      await section.getByRole('radio', { name: 'Your shop’s name' }).check();
      await section.getByLabel('Shop name').fill('Trailhead Outfitters');
      await section.getByRole('button', { name: 'Save' }).click();
      await section.getByText('Shoppers see your replies signed “Trailhead Outfitters”.').waitFor();
      await owner.page.reload();
      expect(await section.getByRole('radio', { name: 'Your shop’s name' }).isChecked()).toBe(true);
      expect(await section.getByLabel('Shop name').inputValue()).toBe('Trailhead Outfitters');

      await owner.page.goto(`${suite.server.url}/conversations`);
      await inboxRows(owner.page).getByRole('listitem').first().getByRole('button').click();
      await owner.page.getByLabel('Reply', { exact: true }).fill('It also comes with a rain fly.');
      await owner.page.getByLabel('Reply', { exact: true }).press('Enter');
      await log.getByRole('listitem', { name: 'Trailhead Outfitters said' }).getByText('rain fly').waitFor();
      await log.getByRole('listitem', { name: 'Sam Lee said' }).getByText('fully waterproof').waitFor();
      await screenshot(visitor.page, 'first-visitor-signed-replies');
      expect(owner.errors).toEqual([]);
      expect(visitor.errors).toEqual([]);
    });

    it('summarises a thread with its order number and the visitor’s actual problem', async () => {
      const { token } = await merchantWithShare(suite.server, 'hana@shop.test');
      const first = await visitorSays(suite.server, { token, message: 'My order #1043 arrived with a torn tent. Can a human help me?' });
      const anonymous = first.anonymousEmail.split('@')[0] as string;

      const { page, errors } = await open({ height: 900 });
      await signIn(page, 'hana@shop.test', password);
      await page.goto(`${suite.server.url}/conversations`);
      await inboxRows(page).getByRole('listitem', { name: anonymous, exact: true }).getByRole('button').click();
      await page.getByRole('button', { name: 'Summarize' }).click();
      const summary = page.getByRole('region', { name: 'Summary' });
      await summary.waitFor();
      const text = (await summary.textContent()) ?? '';
      expect(text).toContain('#1043');
      expect(text).toContain('torn tent');
      expect(text).toContain('Can a human help me?');
      await screenshot(page, 'first-inbox-summary');
      expect(errors).toEqual([]);
    });
  });

  describe('notifications', () => {
    it('shows the empty state as a compact card, like the other empty states', async () => {
      await signUpAndVerify(suite.server, 'iris@shop.test', password);
      const { page, errors } = await open();
      await signIn(page, 'iris@shop.test', password);
      await page.getByRole('button', { name: 'Notifications' }).click();
      const dialog = page.getByRole('dialog', { name: 'Notifications' });
      await dialog.getByRole('heading', { name: 'No notifications.' }).waitFor();
      await dialog.getByText('All caught up!').waitFor();
      // No 400 px list box around a one-line message.
      const box = await dialog.boundingBox();
      expect(box?.height).toBeLessThan(400);
      await page.waitForTimeout(300); // the dialog zooms in
      await screenshot(page, 'first-notifications-empty');
      expect(errors).toEqual([]);
    });
  });
});
