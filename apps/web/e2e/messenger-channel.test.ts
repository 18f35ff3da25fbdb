import type { FakeLlm } from '@aisle/server/testing/fake-llm/fake-llm-server';
import { FAKE_OPENAI_KEY, startFakeOpenAi } from '@aisle/server/testing/fake-llm/fake-openai';
import { type FakeGraphApi, startFakeGraphApi } from '@aisle/server/testing/fake-meta/fake-graph-api';
import { messagingPayload, signedMetaWebhook, textEvent } from '@aisle/server/testing/fake-meta/meta-webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFetch } from './support/api';
import { screenshot } from './support/browser';
import { browserSuite } from './support/browser-suite';
import { expectJson, setUpShopAssistant } from './support/shop-assistant';

/**
 * Messenger end to end, in Chromium against the production build: the owner connects a Facebook
 * page on /social (Facebook Login is the fake Graph origin's page, which comes back with a code), a
 * customer's message arrives by signed webhook and the bot's answer reaches the fake Send API; the
 * owner watches the thread live in the inbox with its Messenger badge, pauses it and answers by
 * hand; the fake receives that reply, and the bot stays quiet.
 */
const ann = { email: 'ann@mugs.test', password: 'correct horse 2' };
const PAGE = '104000000000777';

async function until<T>(check: () => T | undefined | null | false, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('Messenger: connect on /social, answer, hand over in the inbox', () => {
  let graph: FakeGraphApi;
  let llm: FakeLlm;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    graph = await startFakeGraphApi();
    graph.pages = [{ id: PAGE, name: 'Mug Shop' }];
    llm = await startFakeOpenAi();
    Object.assign(env, graph.env(), { OPENAI_API_KEY: FAKE_OPENAI_KEY, OPENAI_BASE_URL: llm.baseUrl, OPENAI_MODELS: 'shop-model' });
  });
  afterAll(async () => {
    await graph.close();
    await llm.close();
  });
  const suite = browserSuite({ users: [ann], env });

  const customerSays = async (text: string) => {
    const delivery = signedMetaWebhook(messagingPayload('page', [{ id: PAGE, events: [textEvent({ to: PAGE, from: 'psid-kim', text })] }]));
    const res = await fetch(`${suite.server.url}/api/messenger/webhook/`, {
      method: 'POST',
      headers: delivery.headers,
      body: delivery.body,
    });
    expect(res.status).toBe(200);
  };
  const toKim = () => graph.delivered().filter((sent) => sent.to === 'psid-kim');

  it('connects a page, answers its customer, and lets the owner take over', async () => {
    const { server } = suite;
    const { access, assistantId } = await setUpShopAssistant(server, ann);
    await expectJson(
      await apiFetch(server, 'POST', '/api/assistant/edit/', { id: assistantId, model: 'openai:shop-model' }, access),
      200,
      'edit',
    );

    // (1) Connect the page on /social through Facebook Login.
    const owner = await suite.open();
    await suite.signIn(owner.page, ann.email, ann.password);
    await owner.page.goto(`${server.url}/social`);
    const card = owner.page.getByRole('region', { name: 'Messenger' });
    await card.getByRole('button', { name: 'Connect Messenger' }).click();
    await owner.page.getByRole('link', { name: /Continue as/ }).click();
    await owner.page.waitForURL(`${server.url}/social`);
    await owner.page.getByRole('status').getByText('Messenger is connected', { exact: false }).waitFor();
    const account = card.getByRole('listitem', { name: 'Mug Shop' });
    await account.getByTestId('account-status').getByText('Connected · answered by Shop helper').waitFor();
    expect(graph.subscriptions.has(PAGE)).toBe(true);
    await screenshot(owner.page, 'social-messenger-connected');

    // (2) The owner watches the inbox; a customer writes; the bot's answer reaches the Send API.
    await owner.page.goto(`${server.url}/conversations`);
    await owner.page.getByRole('heading', { name: 'No conversations yet' }).waitFor();
    await owner.page.evaluate(() => Object.assign(window, { __stillHere: true }));
    llm.script({ text: ['Our mugs ship', ' within two days.'] });
    await customerSays('When do you ship?');
    const answer = await until(() => toKim()[0], 'the bot’s answer');
    expect(answer).toMatchObject({ from: PAGE, text: 'Our mugs ship within two days.', messagingType: 'RESPONSE' });

    // (3) The thread appears live, with a Messenger badge; the owner pauses it and answers by hand.
    const row = owner.page.getByRole('list', { name: 'Conversations' }).getByRole('listitem').first();
    await row.locator('[data-slot="origin-badge"]', { hasText: 'Messenger' }).waitFor();
    expect(await owner.page.evaluate(() => (window as unknown as { __stillHere?: boolean }).__stillHere)).toBe(true);
    await row.getByRole('button').click();
    const messages = owner.page.getByRole('list', { name: 'Messages' });
    await messages.getByText('When do you ship?').waitFor();
    await messages.getByText('Our mugs ship within two days.').waitFor();
    await owner.page
      .getByRole('region', { name: 'Reply window' })
      .getByText(/Reply window: \d+ h/)
      .waitFor();
    await owner.page.getByRole('button', { name: 'Pause auto-reply' }).click();
    await owner.page.getByRole('button', { name: 'Resume auto-reply' }).waitFor();
    await owner.page.getByLabel('Reply', { exact: true }).fill('Hi Kim, Sam here: yours left today.');
    await owner.page.getByLabel('Reply', { exact: true }).press('Enter');
    await messages.getByRole('listitem', { name: 'You (team) said' }).getByText('Sam here', { exact: false }).waitFor();

    // (4) The fake receives that reply; the bot stays quiet on the customer's next message.
    const byHand = await until(() => toKim()[1], 'the manual reply');
    expect(byHand.text).toBe('Hi Kim, Sam here: yours left today.');
    const asked = llm.requests.length;
    await customerSays('Great, thanks!');
    await messages.getByText('Great, thanks!').waitFor();
    await owner.page.waitForTimeout(2000);
    expect(llm.requests.length).toBe(asked);
    expect(toKim()).toHaveLength(2);
    await screenshot(owner.page, 'inbox-messenger-thread');
    expect(owner.errors).toEqual([]);
  });
});
