import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { browserSuite } from './support/browser-suite';
import { setUpShopAssistant } from './support/shop-assistant';

/**
 * The Chat screen as a merchant meets it, in Chromium against the production server with the
 * built-in `local:extractive` model: a store with an FAQ and an assistant linked to it are made
 * through the API, then the merchant starts a thread, watches grounded answers stream in with
 * their sources, meets the "don't know" answer, renames and deletes the thread; light, dark, phone.
 */
const ann = { email: 'ann@shop.test', password: 'correct horse 1' };

describe('the Chat screen in the browser', () => {
  const suite = browserSuite({ users: [ann] });
  const open = (viewport: { width?: number; height?: number } = {}) => suite.open({ height: 900, ...viewport });
  let assistantId = '';

  const reply = (page: Page) => page.getByRole('listitem', { name: 'Shop helper said' });
  const ask = async (page: Page, question: string) => {
    await page.getByLabel('Message', { exact: true }).fill(question);
    await page.getByLabel('Message', { exact: true }).press('Enter');
  };

  it('starts a thread, streams grounded answers with sources, says when it does not know, renames and deletes', async () => {
    const { page, errors } = await open();
    await suite.signIn(page, ann.email, ann.password);
    await page.goto(`${suite.server.url}/chat`);
    await page.getByRole('heading', { name: 'Create an assistant to chat with' }).waitFor();
    expect(await page.getByRole('link', { name: 'Go to Assistants' }).getAttribute('href')).toBe('/assistants');
    await screenshot(page, 'chat-no-assistants');

    ({ assistantId } = await setUpShopAssistant(suite.server, ann));
    // The assistant arrives live; the link form preselects it.
    await page.goto(`${suite.server.url}/chat?assistant=${assistantId}`);
    expect(await page.getByLabel('Assistant').inputValue()).toBe(assistantId);
    await page.getByRole('heading', { name: 'Start a chat with Shop helper' }).waitFor();
    await page.getByRole('button', { name: 'Start a chat' }).click();
    await page.waitForURL(/thread=[0-9a-f-]{36}/);
    const suggestions = page.getByRole('list', { name: 'Suggested questions' });
    await suggestions.getByRole('button', { name: 'How long do I have to return an item?' }).waitFor();
    await screenshot(page, 'chat-new-thread');

    // A suggested question asks at once; the answer streams in, then its sources and cost.
    await suggestions.getByRole('button', { name: 'How long do I have to return an item?' }).click();
    await page.getByRole('listitem', { name: 'You said' }).getByText('How long do I have to return an item?').waitFor();
    const first = reply(page).first();
    await first.getByText('30 days', { exact: false }).waitFor();
    const sources = first.getByRole('list', { name: 'Sources' });
    await sources.getByRole('button', { name: 'Source 1: faq.md' }).waitFor();
    await first
      .getByTestId('reply-usage')
      .getByText(/in · .* out · Free/)
      .waitFor();
    expect(await page.getByLabel('Message', { exact: true }).isEnabled()).toBe(true);

    await sources.getByRole('button', { name: 'Source 1: faq.md' }).click();
    const source = page.getByRole('dialog', { name: 'Source 1' });
    await source.getByText('Returns and refunds', { exact: false }).waitFor();
    await source.getByText('within 30 days of delivery', { exact: false }).waitFor();
    await screenshot(page, 'chat-citation');
    await page.keyboard.press('Escape');
    await source.waitFor({ state: 'detached' });

    // The thread is named after its first question.
    await page.getByTestId('chat-title').getByText('How long do I have to return an item?').waitFor();

    await ask(page, 'Do you sell zebra xylophones on Mars?');
    await reply(page).nth(1).getByText("I couldn't find that", { exact: false }).waitFor();
    expect(await reply(page).nth(1).getByRole('list', { name: 'Sources' }).count()).toBe(0);
    await screenshot(page, 'chat-conversation');

    // The history is stored: a reload shows both turns, with the first one's sources.
    await page.reload();
    await reply(page).nth(1).getByText("I couldn't find that", { exact: false }).waitFor();
    expect(await page.getByRole('listitem', { name: 'You said' }).count()).toBe(2);
    await reply(page).first().getByRole('button', { name: 'Source 1: faq.md' }).waitFor();

    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    // Colours ease over; let them settle before the picture.
    await page.waitForTimeout(400);
    await screenshot(page, 'chat-dark');
    await page.getByRole('button', { name: 'Switch to light theme' }).click();

    // Rename inline.
    const chats = page.getByRole('list', { name: 'Chats' });
    await chats.getByRole('button', { name: 'Actions for How long do I have to return an item?' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await chats.getByLabel('Chat name').fill('Returns questions');
    await chats.getByLabel('Chat name').press('Enter');
    await chats.getByRole('listitem', { name: 'Returns questions' }).waitFor();
    await page.getByTestId('chat-title').getByText('Returns questions').waitFor();

    // A second thread lists first (newest first); then delete the renamed one.
    await page.getByRole('button', { name: 'New chat' }).first().click();
    await chats.getByRole('listitem', { name: 'New chat' }).waitFor();
    expect(await chats.getByRole('listitem').first().getAttribute('aria-label')).toBe('New chat');
    await chats.getByRole('button', { name: 'Actions for Returns questions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('“Returns questions” and all its messages', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Delete chat' }).click();
    await dialog.waitFor({ state: 'detached' });
    await chats.getByRole('listitem', { name: 'Returns questions' }).waitFor({ state: 'detached' });
    expect(await chats.getByRole('listitem').count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('fits a phone: the chats open in a sheet and the conversation fills the screen', async () => {
    const { page, errors } = await open({ width: 375, height: 800 });
    await suite.signIn(page, ann.email, ann.password);
    await page.goto(`${suite.server.url}/chat?assistant=${assistantId}`);
    await page.getByRole('list', { name: 'Suggested questions' }).waitFor();
    await ask(page, 'When do orders ship?');
    await reply(page).first().getByText('two business days', { exact: false }).waitFor();
    await reply(page).first().getByRole('button', { name: 'Source 1: faq.md' }).waitFor();
    await screenshot(page, 'chat-mobile');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);

    await page.getByRole('button', { name: 'Show chats' }).click();
    const sheet = page.getByRole('dialog', { name: 'Chats' });
    await sheet.getByRole('list', { name: 'Chats' }).getByRole('listitem', { name: 'When do orders ship?' }).waitFor();
    await page.waitForTimeout(500); // the sheet slides in
    await screenshot(page, 'chat-mobile-chats');
    expect(errors).toEqual([]);
  });
});
