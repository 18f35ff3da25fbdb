import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AUTO_REPLY_PAUSED_TEXT } from '@aisle/contracts/visitor-chat';
import type { FakeLlm } from '@aisle/server/testing/fake-llm/fake-llm-server';
import { FAKE_OPENAI_KEY, startFakeOpenAi } from '@aisle/server/testing/fake-llm/fake-openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFetch } from './support/api';
import { screenshot } from './support/browser';
import { browserSuite } from './support/browser-suite';
import { expectJson, setUpShopAssistant } from './support/shop-assistant';
import { sendInWidgetChat } from './support/widget-chat';

/**
 * Human handoff end to end, two people in two browser contexts: a visitor on a shop's own page
 * (another origin) chats through the storefront widget; the owner watches /conversations. The
 * thread appears live for the owner, who pauses the bot and answers by hand; the visitor sees that
 * answer without reloading; the bot stays quiet while paused; once resumed it answers again, with
 * the owner's reply in what it was sent. The assistant runs on an OpenAI-compatible fake, so what
 * the model received can be checked.
 */
const ann = { email: 'ann@shop.test', password: 'correct horse 1' };

async function serveShopPage(html: string) {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Every text the model was sent, across all requests so far. */
const sentToModel = (fake: FakeLlm) =>
  fake.requests.flatMap((request) =>
    ((request.body.messages ?? []) as { content: unknown }[]).map((message) =>
      typeof message.content === 'string' ? message.content : JSON.stringify(message.content),
    ),
  );

describe('handoff between the bot and the shop’s team, in two browsers', () => {
  let fake: FakeLlm;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    Object.assign(env, { OPENAI_API_KEY: FAKE_OPENAI_KEY, OPENAI_BASE_URL: fake.baseUrl, OPENAI_MODELS: 'shop-model' });
  });
  afterAll(async () => {
    await fake.close();
  });
  // Registered after the fake starts, so the server is configured with its address.
  const suite = browserSuite({ users: [ann], env });

  it('the visitor chats in the widget, the owner takes over live, and the bot resumes aware of the reply', async () => {
    const { server } = suite;
    const { access, assistantId } = await setUpShopAssistant(server, ann);
    await expectJson(
      await apiFetch(server, 'POST', '/api/assistant/edit/', { id: assistantId, model: 'openai:shop-model' }, access),
      200,
      'edit',
    );
    const share = await expectJson<{ shareToken: { token: string } }>(
      await apiFetch(server, 'POST', '/api/shared-assistant/create/', { assistantId }, access),
      201,
      'share',
    );

    // The owner is watching the inbox before anyone writes.
    const owner = await suite.open();
    await suite.signIn(owner.page, ann.email, ann.password);
    await owner.page.goto(`${server.url}/conversations`);
    await owner.page.getByRole('heading', { name: 'No conversations yet' }).waitFor();

    // The visitor, on the shop's own page, opens the widget and asks.
    const shop = await serveShopPage(
      `<!doctype html><html><body><h1>Mugs &amp; more</h1><script src="${server.url}/widget.js?token=${encodeURIComponent(share.shareToken.token)}" async></script></body></html>`,
    );
    try {
      const visitor = await suite.open();
      await visitor.page.goto(`${shop.url}/products/mug`);
      await visitor.page.waitForFunction(() => document.elementFromPoint(1280 - 48, 800 - 48)?.tagName === 'AISLE-CHAT-WIDGET', null, {
        timeout: 20_000,
      });
      await visitor.page.mouse.click(1280 - 48, 800 - 48);
      const chat = visitor.page.frames().find((frame) => frame.url().startsWith(`${server.url}/shared/chat`));
      if (!chat) throw new Error('the widget opened no chat frame');
      const log = chat.getByRole('log', { name: 'Conversation' });

      fake.script({ text: ['You can return', ' any mug within 30 days.'] });
      await sendInWidgetChat(chat, 'Can I return a mug?');
      await log.getByRole('listitem', { name: 'Shop helper said' }).getByText('within 30 days', { exact: false }).waitFor();

      // It appears in the owner's inbox without a reload, from the widget, unread.
      // A mark on the owner's page: a reload would lose it.
      await owner.page.evaluate(() => Object.assign(window, { __stillHere: true }));
      const row = owner.page.getByRole('list', { name: 'Conversations' }).getByRole('listitem').first();
      await row.getByText('Widget').waitFor();
      expect(await row.getAttribute('data-unread')).toBe('true');
      await row.getByRole('button').click();
      const messages = owner.page.getByRole('list', { name: 'Messages' });
      await messages.getByText('Can I return a mug?').waitFor();
      await messages.getByRole('listitem', { name: 'Assistant said' }).getByText('within 30 days', { exact: false }).waitFor();

      // The owner takes over: pause, then answer by hand.
      await owner.page.getByRole('button', { name: 'Pause auto-reply' }).click();
      await owner.page.getByRole('button', { name: 'Resume auto-reply' }).waitFor();
      await owner.page.getByLabel('Reply', { exact: true }).fill('Hi, Sam here: we can also swap it for another colour.');
      await owner.page.getByLabel('Reply', { exact: true }).press('Enter');
      await messages.getByRole('listitem', { name: 'You (team) said' }).getByText('Sam here', { exact: false }).waitFor();

      // The visitor sees Sam's answer live, labelled as the team's, and the paused state.
      await log.getByRole('listitem', { name: 'The shop’s team said' }).getByText('Sam here', { exact: false }).waitFor();
      await chat.getByText(AUTO_REPLY_PAUSED_TEXT).waitFor();
      await screenshot(visitor.page, 'handoff-visitor-sees-team-reply');

      // While paused, the bot does not answer; the owner sees the message arrive.
      const asked = fake.requests.length;
      await sendInWidgetChat(chat, 'Which colours do you have?');
      await messages.getByText('Which colours do you have?').waitFor();
      await owner.page.waitForTimeout(1500);
      expect(fake.requests.length).toBe(asked);
      expect(await log.getByRole('listitem', { name: 'Shop helper said' }).count()).toBe(1);
      expect(await chat.getByRole('status', { name: 'Assistant is typing' }).count()).toBe(0);

      // Resumed: the bot answers again, and what it was sent holds Sam's reply.
      await owner.page.getByRole('button', { name: 'Resume auto-reply' }).click();
      await owner.page.getByRole('button', { name: 'Pause auto-reply' }).waitFor();
      await chat.getByText(AUTO_REPLY_PAUSED_TEXT).waitFor({ state: 'detached' });
      fake.script({ text: ['We have blue and green;', ' Sam can swap yours.'] });
      await sendInWidgetChat(chat, 'Great, and how does the swap work?');
      await log.getByRole('listitem', { name: 'Shop helper said' }).nth(1).getByText('Sam can swap yours', { exact: false }).waitFor();
      expect(fake.requests.length).toBe(asked + 1);
      expect(sentToModel(fake).some((text) => text.includes('we can also swap it for another colour'))).toBe(true);
      await messages.getByText('Sam can swap yours', { exact: false }).waitFor();
      await screenshot(owner.page, 'handoff-owner-thread');

      // Everything arrived live: neither page was reloaded.
      expect(await owner.page.evaluate(() => (window as unknown as { __stillHere?: boolean }).__stillHere)).toBe(true);
      expect(owner.errors).toEqual([]);
      expect(visitor.errors).toEqual([]);
    } finally {
      await shop.close();
    }
  });
});
