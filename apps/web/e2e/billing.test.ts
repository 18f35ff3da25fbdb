import { type FakeStripe, FakeStripe as FakeStripeServer } from '@aisle/server/testing/fake-stripe/fake-stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { browserSuite } from './support/browser-suite';

/**
 * Paying in the browser, against the production server and a fake Stripe on loopback: a basic user
 * upgrades from the user menu through Checkout, the page waits (pending) until the signed webhook
 * arrives and then shows the new tier and limits without a reload, and a top-up lands in the
 * balance and the transactions table.
 */
const merchant = { email: 'payer@shop.test', password: 'pay password 1' };
const stripe: FakeStripe = new FakeStripeServer();
const started = stripe.start();

describe('billing in the browser', () => {
  // The server reads its configuration at start: the fake's address must be known by then.
  beforeAll(async () => void (await started));
  afterAll(async () => stripe.close());
  const suite = browserSuite({
    users: [merchant],
    tiers: 'seeded',
    env: {
      get STRIPE_SECRET_KEY() {
        return stripe.secretKey;
      },
      get STRIPE_WEBHOOK_SECRET() {
        return stripe.webhookSecret;
      },
      get STRIPE_API_ORIGIN() {
        return stripe.url;
      },
    } as Record<string, string>,
  });

  /** Stripe tells the server the session was paid: the signed webhook, as the provider would send it. */
  const sendCompleted = async () => {
    const session = [...stripe.sessions.values()].filter((s) => s.status === 'complete').at(-1);
    expect(session).toBeDefined();
    const { body, headers } = stripe.signed(stripe.event('checkout.session.completed', session as object));
    const res = await fetch(`${suite.server.url}/api/stripe/webhook/`, { method: 'POST', headers, body });
    expect(res.status).toBe(200);
  };

  it('upgrades from the user menu through Checkout, pending until the webhook, then the new tier live', async () => {
    const { page, errors } = await suite.open();
    await suite.signIn(page, merchant.email, merchant.password);
    await page.goto(`${suite.server.url}/chat`);

    // (1) A basic user: "Upgrade tier" in the user menu leads to /account.
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Upgrade tier' }).click();
    await page.waitForURL(`${suite.server.url}/account`);
    await page.getByTestId('current-tier').getByText('Basic').waitFor();
    expect(await page.getByTestId('usage-assistants').textContent()).toBe('0 / 2');
    await screenshot(page, 'billing-basic');

    // (2) They choose Pro; the fake Checkout takes the payment and sends them back.
    await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await page.waitForURL(new RegExp(`^${stripe.url}/checkout/`));
    await page.getByRole('button', { name: 'Pay $29.00' }).click();
    await page.waitForURL(new RegExp(`^${suite.server.url}/account\\?checkout=`));
    await page.getByTestId('checkout-pending').waitFor();
    await page.evaluate(() => {
      (window as unknown as { stayedOnPage: boolean }).stayedOnPage = true;
    });
    // Back from Checkout, nothing is credited yet.
    await page.getByTestId('current-tier').getByText('Basic').waitFor();
    await screenshot(page, 'billing-pending');

    // (3) The signed webhook arrives: pending turns to the new tier, limits and menu, without a reload.
    await sendCompleted();
    await page.getByTestId('checkout-success').waitFor();
    await page.getByTestId('current-tier').getByText('Pro').waitFor();
    await page.getByTestId('usage-assistants').getByText('0 / 10').waitFor();
    expect(await page.evaluate(() => (window as unknown as { stayedOnPage?: boolean }).stayedOnPage)).toBe(true);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Account Settings' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Upgrade tier' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}'));
    expect(stored.tier).toBe('pro');
    await screenshot(page, 'billing-pro');

    // (4) A top-up raises the balance, and the transactions table shows it.
    await page.getByRole('button', { name: 'Top up $25' }).click();
    await page.waitForURL(new RegExp(`^${stripe.url}/checkout/`));
    await page.getByRole('button', { name: 'Pay $25.00' }).click();
    await page.waitForURL(new RegExp(`^${suite.server.url}/account\\?checkout=`));
    await page.getByTestId('checkout-pending').waitFor();
    expect(await page.getByTestId('balance').textContent()).toBe('$0.00');
    await sendCompleted();
    await page.getByTestId('balance').getByText('$25.00').waitFor();
    const table = page.getByRole('table', { name: 'Transactions' });
    await table.getByText('Top-up').waitFor();
    await table.getByText('+$25.00').waitFor();
    await screenshot(page, 'billing-top-up');
    // The fake Checkout page has no favicon (its 404 is the browser's console line, not the app's).
    expect(errors.filter((error) => !error.includes('status of 404'))).toEqual([]);
  });
});
