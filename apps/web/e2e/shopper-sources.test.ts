import type { SharedAssistant } from '@aisle/contracts/sharing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiFetch } from './support/api';
import { screenshot } from './support/browser';
import { browserSuite } from './support/browser-suite';
import { expectJson, setUpShopAssistant } from './support/shop-assistant';

/**
 * What a shopper sees of the shop's knowledge on the public chat page, answered by the built-in
 * `local:extractive` model from a store file: one list of sources under the answer, numbered from
 * 1, each a friendly title with a short snippet (on hover when the answer quotes it already) —
 * never the file's name, never the whole passage (the passage below also holds a line meant for
 * staff only).
 */
const ann = { email: 'ann@shop.test', password: 'correct horse 1' };
const phone = { width: 390, height: 844 };

const sunnyTrailsFaq = `# Sunny Trails FAQ

Sunny Trails makes hiking boots and trail gear in Boulder, Colorado.

## Unworn boot returns

Boots go back in their original box. Returns are free.

## Returning unworn boots by post

Post boots back with the label. Returns by post are tracked.

## Refund window

You can return unworn boots within 60 days of delivery for a full refund. The secret discount code is STAFF50.

## Shipping

Orders ship from Denver within two business days. Standard shipping is free over $80.
`;

/**
 * The two sections ranked above the answer's own (their headings carry every word of the question)
 * hold no sentence about it: the answer cites only the third passage retrieved, still source 1.
 */
const QUESTION = 'Can I return unworn boots?';

describe('the sources a shopper sees', () => {
  const suite = browserSuite({ users: [ann] });

  const openChat = async (page: Page) => {
    const { access, assistantId } = await setUpShopAssistant(suite.server, ann, {
      file: { fileName: 'sunny-trails-faq.md', content: sunnyTrailsFaq },
    });
    const link = await expectJson<SharedAssistant>(
      await apiFetch(suite.server, 'POST', '/api/shared-assistant/create/', { assistantId }, access),
      201,
      'share',
    );
    await page.goto(`${suite.server.url}/shared/chat?token=${encodeURIComponent(link.shareToken.token)}`);
    await page.getByRole('heading', { name: 'Shop helper', level: 1 }).waitFor();
  };
  const reply = (page: Page) => page.getByRole('log', { name: 'Conversation' }).getByRole('listitem', { name: 'Shop helper said' });

  /** The page as the shopper reads it: no file name, no staff-only line, sources listed once. */
  async function expectFriendlySources(page: Page) {
    const answer = reply(page);
    await answer.getByText('60 days', { exact: false }).first().waitFor();
    // The page's text, and its markup (labels and titles included).
    const text = (await page.locator('body').textContent()) ?? '';
    expect(text).not.toContain('.md');
    expect(text).not.toMatch(/Sources:/);
    const html = await page.content();
    expect(html).not.toContain('sunny-trails-faq');
    expect(html).not.toContain('STAFF50');

    const lists = answer.getByRole('list', { name: 'Sources' });
    expect(await lists.count()).toBe(1);
    const items = lists.getByRole('listitem');
    expect(await items.count()).toBe(1);
    const source = items.first();
    expect((await source.getByTestId('source-number').textContent())?.trim()).toBe('1');
    expect((await source.getByTestId('source-title').textContent())?.trim()).toBe('Refund window');
    // Its snippet is the sentence that answers, on hover: the reply already quotes it word for word.
    const snippet = (await source.getAttribute('title')) ?? '';
    expect(snippet).toBe('You can return unworn boots within 60 days of delivery for a full refund.');
    expect(await source.getByTestId('source-snippet').count()).toBe(0);
  }

  it('shows one list of sources, numbered from 1, with a friendly title and a short snippet', async () => {
    const { page, errors } = await suite.open(phone);
    await openChat(page);
    await page.getByLabel('Message', { exact: true }).fill(QUESTION);
    await page.getByLabel('Message', { exact: true }).press('Enter');
    await reply(page).getByText('60 days', { exact: false }).first().waitFor();
    // The answer is complete once the composer takes messages again.
    await page.locator('#shared-chat-composer:enabled').waitFor();
    await screenshot(page, 'shopper-sources');

    await expectFriendlySources(page);
    // The same after a reload, from the thread's stored history.
    await page.reload();
    await expectFriendlySources(page);
    expect(errors).toEqual([]);
  });
});
