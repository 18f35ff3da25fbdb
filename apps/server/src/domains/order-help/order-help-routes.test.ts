import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeShopify, startFakeShopify } from '../../testing/fake-shopify/fake-shopify';
import { connectShopToAccount, shopifyEnv } from '../../testing/fake-shopify/shopify-test-kit';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser } from '../../testing/users';

const SHOP = 'route-shop.myshopify.com';

/** The assistant editor asks which store the order help acts for: the owner's own, or none. */
describe('GET /api/assistant/order-help/', () => {
  let shopify: FakeShopify;
  let t: TestApp;

  beforeAll(async () => {
    shopify = await startFakeShopify({ products: 1 });
    t = await createTestApp(shopifyEnv(shopify));
  });
  afterAll(async () => {
    await t?.close();
    await shopify?.close();
  });

  const ask = (access?: string) =>
    t.app.inject({ method: 'GET', url: '/api/assistant/order-help/', headers: access ? { authorization: `Bearer ${access}` } : {} });

  it('names the owner’s connected store once there is one, and never another owner’s', async () => {
    const owner = await createVerifiedUser(t, { email: 'has-a-shop@route.test' });
    const other = await createVerifiedUser(t, { email: 'no-shop@route.test' });
    expect((await ask(owner.access)).json()).toEqual({ shopDomain: null });
    await connectShopToAccount(t, shopify, owner.email, SHOP);
    expect((await ask(owner.access)).json()).toEqual({ shopDomain: SHOP });
    expect((await ask(other.access)).json()).toEqual({ shopDomain: null });
    expect((await ask()).statusCode).toBe(401);
  });

  it('answers without Shopify configured too', async () => {
    const plain = await createTestApp();
    try {
      const user = await createVerifiedUser(plain, { email: 'plain@route.test' });
      const res = await plain.app.inject({
        method: 'GET',
        url: '/api/assistant/order-help/',
        headers: { authorization: `Bearer ${user.access}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ shopDomain: null });
    } finally {
      await plain.close();
    }
  });
});
