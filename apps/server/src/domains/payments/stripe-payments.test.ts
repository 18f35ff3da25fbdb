import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, users, userTransactions } from '../../db/schema';
import { type FakeStripe, startFakeStripe } from '../../testing/fake-stripe/fake-stripe';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser, type TestUser } from '../../testing/users';
import { balanceOf } from '../billing';

const call = async (t: TestApp, user: TestUser | null, method: 'GET' | 'POST', url: string, payload?: unknown) => {
  const res = await t.app.inject({
    method,
    url,
    payload: payload as never,
    headers: user ? { authorization: `Bearer ${user.access}` } : {},
  });
  return { status: res.statusCode, body: res.body ? res.json() : null };
};

describe('Stripe, not configured', () => {
  let t: TestApp;
  let me: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    me = await createVerifiedUser(t);
  });
  afterAll(async () => t?.close());

  it('shows paid plans as not available, and the rest of the product runs', async () => {
    expect((await call(t, me, 'GET', '/api/users/billing/')).body).toMatchObject({
      provider: null,
      unavailable_reason: expect.stringContaining('not available'),
    });
    expect(await call(t, me, 'POST', '/api/stripe/checkout/', { tier: 'pro' })).toMatchObject({
      status: 404,
      body: { code: 'payments_unavailable' },
    });
    expect((await call(t, me, 'POST', '/api/users/top-up-usd/', { amount_usd: 10 })).status).toBe(404);
    expect((await call(t, null, 'POST', '/api/stripe/webhook/', {})).status).toBe(404);
    expect((await call(t, me, 'GET', '/api/users/available-usd/')).body).toEqual({ available_usd: 0, tier: 'basic' });
  });
});

describe('Stripe payments (fake Stripe on loopback)', () => {
  let t: TestApp;
  let stripe: FakeStripe;
  let me: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestApp(stripe.env());
    me = await createVerifiedUser(t);
    other = await createVerifiedUser(t);
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  const deliver = async (event: object, options: { secret?: string; timestamp?: number } = {}) => {
    const { body, headers } = stripe.signed(event, options);
    const res = await t.app.inject({ method: 'POST', url: '/api/stripe/webhook/', headers, payload: body });
    return { status: res.statusCode, body: res.json() };
  };
  const tierOf = async (user: TestUser) => (await call(t, user, 'GET', '/api/users/available-usd/')).body.tier;
  const ledgerOf = (user: TestUser) => t.services.db.select().from(userTransactions).where(eq(userTransactions.userId, user.id));
  const sessionOf = (url: string) => url.split('/').at(-1) as string;

  it('subscribes through Checkout: pending after the redirect, the new tier only once the signed webhook arrives', async () => {
    const started = await call(t, me, 'POST', '/api/stripe/checkout/', { tier: 'pro' });
    expect(started.status).toBe(200);
    expect(started.body.url).toMatch(new RegExp(`^${stripe.url}/checkout/cs_test_`));
    const sessionId = sessionOf(started.body.url);
    expect(stripe.sessions.get(sessionId)).toMatchObject({
      mode: 'subscription',
      success_url: `http://aisle.test/account?checkout=${started.body.checkout_id}`,
    });

    // The customer pays and comes back: nothing changes until Stripe says so.
    const session = stripe.complete(sessionId);
    expect(await tierOf(me)).toBe('basic');
    expect((await call(t, me, 'GET', `/api/users/checkouts/${started.body.checkout_id}/`)).body).toMatchObject({
      status: 'pending',
      tier: 'pro',
    });

    expect(await deliver(stripe.event('checkout.session.completed', session))).toEqual({ status: 200, body: { detail: 'Received.' } });
    expect(await tierOf(me)).toBe('pro');
    expect((await call(t, me, 'GET', `/api/users/checkouts/${started.body.checkout_id}/`)).body).toMatchObject({ status: 'completed' });
    const subscriptions = await call(t, me, 'GET', '/api/users/subscriptions/');
    expect(subscriptions.body).toMatchObject({ count: 1, results: [{ provider: 'stripe', tier: 'pro', status: 'active' }] });
    // The price Checkout used is the tier's, listed with its product.
    const products = await call(t, me, 'GET', '/api/stripe/products/');
    expect(products.body.results).toEqual([
      expect.objectContaining({
        lookup_key: 'aisle_pro_v2',
        unit_amount: 2900,
        tier: 'pro',
        product: expect.objectContaining({ name: 'Aisle Pro' }),
      }),
    ]);
    expect((await call(t, me, 'GET', '/api/stripe/customer-portal/')).body.url).toMatch(`${stripe.url}/portal/`);
  });

  it('refuses forged and stale signatures, changing nothing', async () => {
    const top = await call(t, me, 'POST', '/api/stripe/checkout/', { amount_usd: 25 });
    const event = stripe.event('checkout.session.completed', stripe.complete(sessionOf(top.body.url)));
    const before = await balanceOf(t.services.db, me.email);
    expect((await deliver(event, { secret: 'whsec_someone_else' })).status).toBe(401);
    expect((await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 301 })).status).toBe(401);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(401);
    expect(await balanceOf(t.services.db, me.email)).toBe(before);
    // Within the 5 minutes of tolerance, it counts.
    expect((await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 240 })).status).toBe(200);
    expect(await balanceOf(t.services.db, me.email)).toBe(before + 25_000_000);
  });

  it('credits a top-up once, however often the event comes', async () => {
    const top = await call(t, me, 'POST', '/api/users/top-up-usd/', { amount_usd: 10 });
    const session = stripe.complete(sessionOf(top.body.url));
    const event = stripe.event('checkout.session.completed', session);
    const before = await balanceOf(t.services.db, me.email);
    expect((await deliver(event)).body).toEqual({ detail: 'Received.' });
    expect((await deliver(event)).body).toEqual({ detail: 'Already received.' });
    // Even a second event about the same session (a new id) credits nothing more.
    expect((await deliver(stripe.event('checkout.session.completed', session))).status).toBe(200);
    expect(await balanceOf(t.services.db, me.email)).toBe(before + 10_000_000);
    const topUps = (await ledgerOf(me)).filter((row) => row.reference === `stripe:${session.payment_intent}`);
    expect(topUps).toMatchObject([{ kind: 'top_up', amountMicroUsd: 10_000_000 }]);
    const page = await call(t, me, 'GET', '/api/users/transactions/');
    expect(page.body.results[0]).toMatchObject({ kind: 'top_up', amount_usd: 10, reference: `stripe:${session.payment_intent}` });
  });

  it('records a refund as one negative row', async () => {
    const top = await call(t, me, 'POST', '/api/stripe/checkout/', { amount_usd: 50 });
    const session = stripe.complete(sessionOf(top.body.url));
    await deliver(stripe.event('checkout.session.completed', session));
    const before = await balanceOf(t.services.db, me.email);
    const charge = {
      id: 'ch_refund_1',
      object: 'charge',
      amount: 5000,
      amount_refunded: 2000,
      currency: 'usd',
      payment_intent: session.payment_intent,
      customer: session.customer,
      refunded: false,
    };
    expect((await deliver(stripe.event('charge.refunded', charge))).status).toBe(200);
    expect((await deliver(stripe.event('charge.refunded', { ...charge, amount_refunded: 5000, refunded: true }))).status).toBe(200);
    expect(await balanceOf(t.services.db, me.email)).toBe(before - 50_000_000);
    const refunds = (await ledgerOf(me)).filter((row) => row.kind === 'refund');
    expect(refunds.map((row) => row.amountMicroUsd).sort((a, b) => a - b)).toEqual([-30_000_000, -20_000_000]);
  });

  it('ends in the right state when events come out of order: the plan change before the subscription’s start', async () => {
    const started = await call(t, other, 'POST', '/api/stripe/checkout/', { tier: 'pro' });
    const session = stripe.complete(sessionOf(started.body.url));
    const subscriptionId = session.subscription as string;
    // Make sure the Business price exists, then the customer switches plan in the portal.
    const business = await call(t, other, 'POST', '/api/stripe/checkout/', { tier: 'business' });
    expect(business.status).toBe(200);
    const businessPrice = stripe.priceByLookupKey('aisle_business_v2') as { id: string };
    const changed = stripe.changePrice(subscriptionId, businessPrice.id);
    const t0 = Math.floor(Date.now() / 1000);
    expect((await deliver(stripe.event('customer.subscription.updated', changed, t0 + 10))).status).toBe(200);
    expect(await tierOf(other)).toBe('business');
    // The older completion arrives last: it does not take the tier back to pro.
    await deliver(stripe.event('checkout.session.completed', session, t0));
    expect(await tierOf(other)).toBe('business');

    // A failed renewal: past due (the tier holds), and the owner is told.
    const invoice = {
      id: 'in_1',
      object: 'invoice',
      customer: session.customer,
      amount_due: 9900,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId, metadata: {} } },
      lines: { data: [] },
    };
    await deliver(stripe.event('invoice.payment_failed', invoice, t0 + 20));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const notes = await t.services.db.select().from(notifications).where(eq(notifications.ownerEmail, other.email));
    expect(notes.map((n) => n.title)).toContain('A payment failed');
    expect((await call(t, other, 'GET', '/api/users/subscriptions/')).body.results[0]).toMatchObject({
      status: 'past_due',
      tier: 'business',
    });
    await deliver(stripe.event('invoice.paid', invoice, t0 + 30));
    expect((await call(t, other, 'GET', '/api/users/subscriptions/')).body.results[0]).toMatchObject({ status: 'active' });

    // Cancelled: back to basic; a stale "updated" after it changes nothing.
    await deliver(stripe.event('customer.subscription.deleted', { ...changed, status: 'canceled' }, t0 + 40));
    expect(await tierOf(other)).toBe('basic');
    await deliver(stripe.event('customer.subscription.updated', changed, t0 + 35));
    expect(await tierOf(other)).toBe('basic');
  });

  it('answers an event type it does not handle with 200 and does nothing', async () => {
    expect((await deliver(stripe.event('customer.created', { id: 'cus_x', object: 'customer' }))).body).toEqual({
      detail: 'Received; this event type is not handled.',
    });
  });

  it('never offers Stripe to a store inside Shopify', async () => {
    const shop = await createVerifiedUser(t, { email: 'owner@cool-shop.myshopify.com' });
    expect(await call(t, shop, 'POST', '/api/stripe/checkout/', { tier: 'pro' })).toMatchObject({
      status: 403,
      body: { code: 'use_shopify_billing' },
    });
    expect((await call(t, shop, 'GET', '/api/stripe/customer-portal/')).status).toBe(403);
  });

  describe('isolation', () => {
    it('shows nobody another user’s transactions, subscriptions or checkouts', async () => {
      const mine = await call(t, me, 'GET', '/api/users/transactions/');
      const theirs = await call(t, other, 'GET', '/api/users/transactions/');
      const mineIds = new Set(mine.body.results.map((row: { id: string }) => row.id));
      expect(theirs.body.results.some((row: { id: string }) => mineIds.has(row.id))).toBe(false);
      expect(
        (await call(t, other, 'GET', '/api/users/subscriptions/')).body.results.every((row: { tier: string }) => row.tier === 'business'),
      ).toBe(true);
      const started = await call(t, me, 'POST', '/api/stripe/checkout/', { amount_usd: 5 });
      expect((await call(t, other, 'GET', `/api/users/checkouts/${started.body.checkout_id}/`)).status).toBe(404);
      expect((await call(t, null, 'GET', '/api/users/transactions/')).status).toBe(401);
    });

    it('refuses the staff-only calls to regular users, and lets staff use them', async () => {
      const body = { email: me.email };
      expect((await call(t, me, 'POST', '/api/users/reset-tier-track/', body)).status).toBe(403);
      expect((await call(t, me, 'POST', '/api/users/insert-daily-usage/', { ...body, generations: 1 })).status).toBe(403);
      const staff = await createVerifiedUser(t, { staff: true });
      expect((await call(t, staff, 'POST', '/api/users/reset-tier-track/', body)).body).toMatchObject({ tier: 'pro' });
      const usage = await call(t, staff, 'POST', '/api/users/insert-daily-usage/', { ...body, generations: 2, cost_micro_usd: 1500 });
      expect(usage.body).toMatchObject({ generations: 2, cost_usd: 0.0015 });
      const [row] = await t.services.db.select({ balance: users.balanceMicroUsd }).from(users).where(eq(users.id, me.id));
      expect(row?.balance).toBe(await balanceOf(t.services.db, me.email));
      expect((await call(t, staff, 'POST', '/api/users/reset-tier-track/', { email: 'nobody@shop.test' })).status).toBe(404);
    });
  });
});
