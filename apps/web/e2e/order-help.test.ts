import type { SharedAssistant } from '@aisle/contracts/sharing';
import { type FakeShopify, startFakeShopify } from '@aisle/server/testing/fake-shopify/fake-shopify';
import { mintIdToken, shopifyEnv } from '@aisle/server/testing/fake-shopify/shopify-test-kit';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { apiFetch } from './support/api';
import { screenshot } from './support/browser';
import { browserSuite } from './support/browser-suite';
import { expectJson } from './support/shop-assistant';

/**
 * "Where is my order?" on a shop's public chat, on a phone, with the shop's Shopify store connected
 * and the assistant on the built-in model: no function written by the owner. The shopper gives the
 * order number, then a wrong e-mail (nothing of the order is shown), then the right one: the
 * order's status and its carrier's tracking link, a link the shopper can open.
 */
const SHOP = 'linen-and-loom.myshopify.com';
/** Order #1001 of the fake store: placed by Ann@Example.com, delivered by DHL (JD0001). */
const TRACKING_URL = 'https://dhl.example/JD0001';
const phone = { width: 390, height: 844 };

const fake: FakeShopify = await startFakeShopify({ products: 2 });
fake.shop(SHOP);

describe('order help on the public chat', () => {
  const suite = browserSuite({ env: shopifyEnv(fake) });
  afterAll(async () => {
    await fake.close();
  });

  /** The shop's owner signs in through the Shopify admin (App Bridge's session token), makes an assistant and shares it. */
  async function sharedShopAssistant(): Promise<SharedAssistant> {
    const idToken = await mintIdToken(fake, SHOP);
    const session = await expectJson<{ internal_token: string }>(
      await fetch(`${suite.server.url}/api/sh/validate_session/?shopify_token=${encodeURIComponent(idToken)}`),
      200,
      'embedded sign-in',
    );
    const access = session.internal_token;
    const assistant = await expectJson<{ id: string }>(
      await apiFetch(suite.server, 'POST', '/api/assistant/create/', { assistantName: 'Linen helper', model: 'local:extractive' }, access),
      201,
      'assistant',
    );
    return expectJson<SharedAssistant>(
      await apiFetch(suite.server, 'POST', '/api/shared-assistant/create/', { assistantId: assistant.id }, access),
      201,
      'share',
    );
  }

  const replies = (page: Page) => page.getByRole('log', { name: 'Conversation' }).getByRole('listitem', { name: 'Linen helper said' });
  /** Sends `text` and waits for the complete answer; returns its bubble. */
  const ask = async (page: Page, text: string, count: number) => {
    await page.getByLabel('Message', { exact: true }).fill(text);
    await page.getByLabel('Message', { exact: true }).press('Enter');
    const bubble = replies(page).nth(count - 1);
    await bubble.waitFor();
    await page.locator('#shared-chat-composer:enabled').waitFor();
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    return bubble;
  };

  it('asks for the e-mail, shows nothing for a wrong one, and the status with a tracking link for the right one', async () => {
    const link = await sharedShopAssistant();
    const { page, errors } = await suite.open(phone);
    await page.goto(`${suite.server.url}/shared/chat?token=${encodeURIComponent(link.shareToken.token)}`);
    await page.getByRole('heading', { name: 'Linen helper', level: 1 }).waitFor();

    const first = await ask(page, 'Where is my order #1001?', 1);
    expect(await first.textContent()).toMatch(/e-mail address/);

    const wrong = await ask(page, 'It was ann@example.org', 2);
    const wrongText = (await wrong.textContent()) ?? '';
    expect(wrongText).toMatch(/no order matching/i);
    for (const secret of ['DHL', 'JD0001', 'Linen Shirt', 'delivered']) expect(wrongText).not.toContain(secret);
    expect(await wrong.getByRole('link').count()).toBe(0);

    const right = await ask(page, 'Sorry, it is ann@example.com', 3);
    await screenshot(page, 'order-help-status');
    const rightText = (await right.textContent()) ?? '';
    expect(rightText).toContain('#1001');
    expect(rightText).toContain('delivered');
    expect(rightText).toContain('DHL');
    const tracking = right.getByRole('link', { name: TRACKING_URL });
    expect(await tracking.getAttribute('href')).toBe(TRACKING_URL);
    // The page never grew wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    expect(errors).toEqual([]);
  });
});
