import { FakeLineApi } from '@aisle/server/testing/fake-line/fake-line-api';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFetch, login } from './support/api';
import { screenshot } from './support/browser';
import { browserSuite } from './support/browser-suite';
import { expectJson } from './support/shop-assistant';

/**
 * /social on a phone, on a server as a new merchant finds it: no Meta app, PUBLIC_URL left at the
 * test server's own http address. The page fits 390 px with the webhook URL whole, says what the
 * operator sets for Instagram, Messenger and WhatsApp, warns that LINE cannot deliver to that URL,
 * still fits with a connected LINE channel with a long name, and when LINE cannot be reached, says
 * so in the server's words.
 */
const ann = { email: 'ann@social-phone.test', password: 'correct horse 4' };
const PHONE = { width: 390, height: 844 };

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('/social on a phone', () => {
  const line = new FakeLineApi();
  const env: Record<string, string | undefined> = { META_APP_ID: undefined, META_APP_SECRET: undefined, META_VERIFY_TOKEN: undefined };
  beforeAll(async () => {
    await line.start();
    Object.assign(env, line.env());
  });
  afterAll(() => line.close());
  const suite = browserSuite({ users: [ann], env });

  it('fits 390 px, says what to set on the server, and shows LINE’s outage as the server words it', async () => {
    const { server } = suite;
    const { access } = await login(server, ann.email, ann.password);
    await expectJson(await apiFetch(server, 'POST', '/api/assistant/create/', { assistantName: 'Shop helper' }, access), 201, 'assistant');

    const { page, errors } = await suite.open(PHONE);
    await suite.signIn(page, ann.email, ann.password);
    await page.goto(`${server.url}/social`);
    const lineCard = page.getByRole('region', { name: 'LINE' });
    const webhookUrl = lineCard.getByTestId('webhook-url');
    await webhookUrl.waitFor();
    // The whole URL, not cut off: it is what the owner copies into LINE's console.
    expect(await webhookUrl.textContent()).toBe(`${server.url}/api/line/webhook/`);
    await lineCard.getByTestId('webhook-url-warning').getByText('LINE only delivers to a public https address', { exact: false }).waitFor();
    const instagram = page.getByRole('region', { name: 'Instagram' });
    await instagram.getByText('META_APP_ID', { exact: true }).waitFor();
    await instagram.getByText('LINE needs no server setup', { exact: false }).waitFor();
    await screenshot(page, 'social-phone');
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);

    // "connect LINE now" goes to the LINE card.
    await instagram.getByRole('link', { name: 'connect LINE now' }).click();
    await page.waitForFunction(() => {
      const title = document.getElementById('channel-line')?.getBoundingClientRect();
      return !!title && title.top >= 0 && title.bottom <= window.innerHeight;
    });

    // A channel with a long name, connected from the phone.
    const channel = line.addChannel('Ann’s Handmade Mugs and Ceramics Official Account Downtown');
    const fill = async (credentials: { channelId: string; channelSecret: string; accessToken: string }) => {
      await lineCard.getByLabel('Channel ID', { exact: true }).fill(credentials.channelId);
      await lineCard.getByLabel('Channel secret', { exact: true }).fill(credentials.channelSecret);
      await lineCard.getByLabel('Channel access token', { exact: true }).fill(credentials.accessToken);
      await lineCard.getByRole('button', { name: 'Connect LINE' }).click();
    };
    await fill(channel);
    await lineCard
      .getByRole('listitem', { name: channel.displayName })
      .getByTestId('account-status')
      .getByText('Connected · answered by Shop helper')
      .waitFor();
    await screenshot(page, 'social-phone-line-connected');
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);

    // LINE is down: the server's 502 says so, not "Internal server error".
    const second = line.addChannel('Second shop');
    await line.close();
    await fill(second);
    await lineCard.getByRole('alert').getByText('LINE could not be reached. Try again in a moment.', { exact: true }).waitFor();
    expect(await lineCard.getByText('Internal server error', { exact: false }).count()).toBe(0);
    await screenshot(page, 'social-phone-line-down');
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);

    // The channel's picture is on a made-up host, and the 502 is logged by the browser: nothing else.
    expect(errors.filter((error) => !error.includes('Failed to load resource'))).toEqual([]);
  });
});
