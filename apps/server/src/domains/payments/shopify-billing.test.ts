import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeShopify } from '../../testing/fake-shopify/fake-shopify';
import { embeddedSignIn, injectWebhook, shopifyEnv } from '../../testing/fake-shopify/shopify-test-kit';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser } from '../../testing/users';
import { balanceOf } from '../billing';

const SHOP = 'billing-shop.myshopify.com';

describe('Shopify billing (fake store)', () => {
  let t: TestApp;
  let fake: FakeShopify;
  let shop: { access: string; email: string };

  beforeAll(async () => {
    fake = await new FakeShopify({ products: 3 }).start();
    t = await createTestApp(shopifyEnv(fake));
    shop = await embeddedSignIn(t.app, fake, SHOP);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown, access: string | null = shop.access) => {
    const res = await t.app.inject({
      method,
      url,
      payload: payload as never,
      headers: access ? { authorization: `Bearer ${access}` } : {},
    });
    return { status: res.statusCode, body: res.body ? res.json() : null, headers: res.headers };
  };
  const tier = async () => (await call('GET', '/api/users/available-usd/')).body.tier;
  const balance = () => balanceOf(t.services.db, shop.email);
  /** The merchant answers Shopify's approval page, and Shopify sends them back to the app's confirm URL. */
  const answer = async (chargeId: string, approve: boolean) => {
    const { returnUrl } = fake.answerCharge(SHOP, chargeId, approve);
    const back = new URL(returnUrl);
    expect(back.origin).toBe('http://aisle.test');
    return call('GET', `${back.pathname}${back.search}`, undefined, null);
  };
  const chargeOf = (checkoutId: string) => fake.shop(SHOP).installation.charges.find((c) => c.returnUrl.includes(checkoutId));

  it('offers Shopify billing to the store, never Stripe', async () => {
    expect((await call('GET', '/api/users/billing/')).body).toMatchObject({ provider: 'shopify' });
    expect((await call('POST', '/api/stripe/checkout/', { tier: 'pro' })).status).toBe(403);
  });

  it('changes nothing when the merchant declines the charge', async () => {
    const started = await call('POST', '/api/sh/create-charge/', { amount_usd: 25 });
    expect(started.status).toBe(200);
    expect(started.body.url).toMatch(`https://${SHOP}/admin/charges/`);
    const charge = chargeOf(started.body.checkout_id);
    expect(charge).toMatchObject({ kind: 'one_time', status: 'PENDING', price: { amount: '25.00', currencyCode: 'USD' } });
    const back = await answer(charge?.id as string, false);
    expect(back.status).toBe(302);
    expect(back.headers.location).toBe(
      `https://admin.shopify.com/store/billing-shop/apps/${fake.apiKey}/account?checkout=${started.body.checkout_id}`,
    );
    expect(await balance()).toBe(0);
    expect((await call('GET', `/api/users/checkouts/${started.body.checkout_id}/`)).body).toMatchObject({ status: 'declined' });
    expect((await call('GET', '/api/users/transactions/')).body.count).toBe(0);
  });

  it('credits nothing when the merchant comes back before Shopify reports the charge active', async () => {
    const started = await call('POST', '/api/users/top-up-usd/', { amount_usd: 10 });
    // Coming back without approving (a forged or early return) credits nothing: Shopify says PENDING.
    await call('GET', `/api/sh/billing/confirm/?checkout=${started.body.checkout_id}&charge_id=1`, undefined, null);
    expect(await balance()).toBe(0);
    expect((await call('GET', `/api/users/checkouts/${started.body.checkout_id}/`)).body.status).toBe('declined');
  });

  it('credits an approved one-time purchase after checking it with Shopify', async () => {
    const started = await call('POST', '/api/users/top-up-usd/', { amount_usd: 10 });
    const charge = chargeOf(started.body.checkout_id);
    const back = await answer(charge?.id as string, true);
    expect(back.status).toBe(302);
    expect(await balance()).toBe(10_000_000);
    // Shopify sending the merchant back twice credits once.
    await call('GET', `/api/sh/billing/confirm/?checkout=${started.body.checkout_id}`, undefined, null);
    expect(await balance()).toBe(10_000_000);
    expect((await call('GET', '/api/users/transactions/')).body.results).toMatchObject([
      { kind: 'top_up', amount_usd: 10, reference: `shopify:${charge?.id}` },
    ]);
  });

  it('starts the tier with an approved app subscription, and keeps it in sync with app_subscriptions/update', async () => {
    const started = await call('POST', '/api/sh/create-charge/', { tier: 'pro' });
    const charge = chargeOf(started.body.checkout_id);
    expect(charge).toMatchObject({ kind: 'subscription', name: 'Aisle Pro', price: { amount: '29.00' } });
    expect(await tier()).toBe('basic');
    await answer(charge?.id as string, true);
    expect(await tier()).toBe('pro');
    expect((await call('GET', '/api/users/subscriptions/')).body.results).toMatchObject([
      { provider: 'shopify', tier: 'pro', status: 'active' },
    ]);

    const update = (status: string, updatedAt: string) =>
      injectWebhook(t.app, fake, {
        topic: 'app_subscriptions/update',
        shop: SHOP,
        payload: {
          app_subscription: {
            admin_graphql_api_id: charge?.id,
            name: 'Aisle Pro',
            status,
            admin_graphql_api_shop_id: 'gid://shopify/Shop/1',
            created_at: charge?.createdAt,
            updated_at: updatedAt,
            currency: 'USD',
            capped_amount: null,
          },
        },
      });
    const later = new Date(Date.now() + 60_000).toISOString();
    expect((await update('CANCELLED', later)).status).toBe(200);
    expect(await tier()).toBe('basic');
    // An older ACTIVE update arriving late does not bring the tier back.
    await update('ACTIVE', new Date(Date.now() - 60_000).toISOString());
    expect(await tier()).toBe('basic');
    // A forged delivery is refused before anything is read.
    const forged = await injectWebhook(t.app, fake, {
      topic: 'app_subscriptions/update',
      shop: SHOP,
      payload: {},
      secret: 'not-the-secret',
    });
    expect(forged.status).toBe(401);
  });

  it('refuses Shopify billing to web accounts', async () => {
    const web = await createVerifiedUser(t);
    expect((await call('POST', '/api/sh/create-charge/', { tier: 'pro' }, web.access)).status).toBe(403);
  });
});
