import { ASSISTANT_NAME_MAX_LENGTH } from '@aisle/contracts/assistants';
import { STORE_NAME_MAX_LENGTH } from '@aisle/contracts/knowledge';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { browserSuite } from './support/browser-suite';
import { setUpShopAssistant } from './support/shop-assistant';

/**
 * Names as long as the server takes (200 characters, and without a space, the hardest case: no
 * place to wrap), made through the API: a store and an assistant. The Store, Chat and Assistants
 * screens cut them short with an ellipsis (the whole name on hover) instead of growing wider than
 * the window, on a laptop and on a phone, and the header's notifications bell stays in view.
 */
const ann = { email: 'ann@shop.test', password: 'correct horse 1' };
const storeName = 'Springsummercataloguehelpcentre'.repeat(7).slice(0, STORE_NAME_MAX_LENGTH);
const assistantName = 'Friendlyshophelperforreturns'.repeat(8).slice(0, ASSISTANT_NAME_MAX_LENGTH);

describe('long store and assistant names in the browser', () => {
  const suite = browserSuite({ users: [ann] });
  let assistantId = '';

  beforeAll(async () => {
    ({ assistantId } = await setUpShopAssistant(suite.server, ann, { storeName, assistantName }));
  });

  /** Nothing wider than the window, and the bell inside it. */
  const expectFits = async (page: Page, width: number, what: string) => {
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${what}: page width`).toBeLessThanOrEqual(width);
    const bell = page.getByRole('button', { name: /^Notifications/ });
    expect(await bell.isVisible(), `${what}: bell visible`).toBe(true);
    const box = await bell.boundingBox();
    expect(box, `${what}: bell laid out`).not.toBeNull();
    expect(box?.x ?? -1, `${what}: bell's left edge`).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0), `${what}: bell's right edge`).toBeLessThanOrEqual(width);
  };

  /** An element showing `name` cut short, with the whole name as its title. */
  const expectTitled = async (page: Page, name: string, what: string) => {
    expect(await page.locator(`[title="${name}"]`).count(), `${what}: the full name on hover`).toBeGreaterThan(0);
  };

  it.each([
    { label: 'laptop', width: 1280 },
    { label: 'phone', width: 390 },
  ])('keep /store, /chat and /assistants within a $label’s width ($width px)', async ({ label, width }) => {
    const { page, errors } = await suite.open({ width, height: 900 });
    await suite.signIn(page, ann.email, ann.password);

    await page.goto(`${suite.server.url}/store`);
    await page.getByRole('button', { name: new RegExp(`^${storeName}`) }).waitFor();
    await page.getByRole('heading', { name: storeName, level: 2 }).waitFor();
    await page.getByRole('list', { name: 'Files' }).getByRole('listitem', { name: 'faq.md' }).waitFor();
    await expectFits(page, width, `/store at ${width}px`);
    await expectTitled(page, storeName, '/store');
    await screenshot(page, `long-names-store-${label}`);

    await page.goto(`${suite.server.url}/chat?assistant=${assistantId}`);
    await page.getByRole('heading', { name: `Start a chat with ${assistantName}` }).waitFor();
    await page.getByTestId('chat-title').waitFor();
    await expectFits(page, width, `/chat at ${width}px`);
    await expectTitled(page, `${assistantName} · local:extractive`, '/chat header');
    await screenshot(page, `long-names-chat-${label}`);

    await page.goto(`${suite.server.url}/assistants`);
    await page.getByRole('listitem', { name: assistantName }).waitFor();
    await expectFits(page, width, `/assistants at ${width}px`);
    await expectTitled(page, assistantName, '/assistants');
    await screenshot(page, `long-names-assistants-${label}`);

    expect(errors).toEqual([]);
  });
});
