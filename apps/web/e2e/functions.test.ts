import type { FakeLlm } from '@aisle/server/testing/fake-llm/fake-llm-server';
import { FAKE_OPENAI_KEY, startFakeOpenAi } from '@aisle/server/testing/fake-llm/fake-openai';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFetch } from './support/api';
import { collectPageErrors, screenshot } from './support/browser';
import { browserSuite } from './support/browser-suite';
import { expectJson, setUpShopAssistant } from './support/shop-assistant';

/**
 * A merchant gives an assistant an ability end to end: writes a function in the code editor on
 * /templates, runs it with test arguments, links it to an assistant on /assistants, and asks a
 * question in /chat that makes the assistant call it. The assistant runs on an OpenAI-compatible
 * fake that asks for the tool; the function itself really runs in the server's sandbox.
 */
const ann = { email: 'ann@shop.test', password: 'correct horse 1' };

const trackingCode = `export default async function ({ orderNumber }, variables) {
  console.log('tracking', orderNumber);
  return { orderNumber, status: 'shipped', carrier: variables.CARRIER };
}`;

/** Replaces the whole text of a CodeMirror editor, as a person would: select all, type. */
async function replaceEditorText(page: Page, editor: Locator, text: string) {
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

describe('functions: write, run, link, and watch the assistant call one', () => {
  let fake: FakeLlm;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    Object.assign(env, { OPENAI_API_KEY: FAKE_OPENAI_KEY, OPENAI_BASE_URL: fake.baseUrl, OPENAI_MODELS: 'shop-model' });
  });
  afterAll(async () => {
    await fake.close();
  });
  const suite = browserSuite({ users: [ann], env });

  it('creates a function, runs it with test arguments, links it, and the assistant calls it in a chat', async () => {
    const { server } = suite;
    const { access, assistantId } = await setUpShopAssistant(server, ann);
    await expectJson(
      await apiFetch(server, 'POST', '/api/assistant/edit/', { id: assistantId, model: 'openai:shop-model' }, access),
      200,
      'edit',
    );

    const { page } = await suite.open();
    const errors = collectPageErrors(page);
    await suite.signIn(page, ann.email, ann.password);

    // The seeded templates are there to browse.
    await page.goto(`${server.url}/templates`);
    await page.getByRole('heading', { name: 'Order status lookup' }).waitFor();
    await screenshot(page, 'templates');

    // A variable the function reads, set on the Variables tab.
    await page.goto(`${server.url}/templates?tab=variables`);
    await page.getByRole('button', { name: 'New variable' }).first().click();
    const variableDialog = page.getByRole('dialog');
    await variableDialog.getByLabel('Name').fill('CARRIER');
    await variableDialog.getByLabel('Value').fill('DHL Express');
    await variableDialog.getByRole('button', { name: 'Create variable' }).click();
    await page.getByRole('rowheader', { name: 'CARRIER' }).waitFor();

    // The function, from the Functions tab.
    await page.getByRole('tab', { name: 'Functions' }).click();
    await page.getByRole('button', { name: 'New function' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('track_order');
    await dialog.getByLabel('Description').fill('Tells where an order is by order number.');
    await dialog.getByLabel('Variables').fill('CARRIER');
    await dialog.getByLabel('Variables').press('Enter');
    await dialog.getByRole('button', { name: 'Create function' }).click();

    // Initialize writes a tool definition with an orderNumber argument; then the real code goes in.
    await page.getByRole('button', { name: 'Initialize' }).click();
    const definition = page.getByLabel('Tool definition');
    await definition.getByText('orderNumber').first().waitFor();
    const code = page.getByLabel('Code', { exact: true });
    await replaceEditorText(page, code, trackingCode);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').getByText('Unsaved changes').waitFor({ state: 'detached' });

    await replaceEditorText(page, page.getByLabel('Test arguments'), '{"orderNumber": "1001"}');
    await page.getByRole('button', { name: 'Run' }).click();
    const result = page.getByRole('region', { name: 'Run result' });
    await result.getByText('"shipped"').waitFor();
    await result.getByText('DHL Express').first().waitFor();
    await result.getByText('tracking 1001').waitFor();
    await result.getByText(/\d+ ms/).waitFor();
    await screenshot(page, 'function-run');

    // Linked to the assistant in its editor.
    await page.goto(`${server.url}/assistants`);
    await page.getByRole('button', { name: 'Edit Shop helper' }).click();
    const sheet = page.getByRole('dialog');
    await sheet.getByLabel('Link track_order').check();
    await sheet.getByRole('button', { name: 'Save changes' }).click();
    await sheet.waitFor({ state: 'detached' });

    // The model asks for the tool; the function runs in the sandbox; the answer uses its result.
    fake.script(
      { toolCall: { id: 'call_track', name: 'track_order', argumentPieces: ['{"orderNum', 'ber":"1001"}'] } },
      { text: ['Your order 1001 has shipped', ' with DHL Express.'] },
    );
    fake.requests.length = 0;
    await page.goto(`${server.url}/chat?assistant=${assistantId}`);
    await page.getByRole('button', { name: 'Start a chat' }).click();
    await page.getByLabel('Message', { exact: true }).fill('Where is my order 1001?');
    await page.getByLabel('Message', { exact: true }).press('Enter');
    const reply = page.getByRole('listitem', { name: 'Shop helper said' }).first();
    await reply.getByText('Your order 1001 has shipped with DHL Express.').waitFor();
    await reply.getByText('track_order').first().waitFor();
    await screenshot(page, 'chat-with-function');
    expect(errors).toEqual([]);

    const offered = ((fake.requests[0]?.body.tools ?? []) as { function: { name: string } }[]).map((tool) => tool.function.name);
    expect(offered).toEqual(['track_order']);
    const toolMessage = fake.requests
      .flatMap((request) => request.body.messages as { role: string; content: string }[])
      .find((message) => message.role === 'tool');
    expect(JSON.parse(toolMessage?.content ?? '{}')).toEqual({ orderNumber: '1001', status: 'shipped', carrier: 'DHL Express' });
  });
});
