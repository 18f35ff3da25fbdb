import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssistant } from '../../testing/assistants';
import { syncedCatalog } from '../../testing/fake-shopify/catalog-checks';
import { type FakeShopify, startFakeShopify } from '../../testing/fake-shopify/fake-shopify';
import { embeddedSignIn, shopifyEnv } from '../../testing/fake-shopify/shopify-test-kit';
import { shareAssistant } from '../../testing/sharing-test-client';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe('Shopify isolation: one account never sees another’s shops, products or settings', () => {
  let fake: FakeShopify;
  let t: TestApp;
  let ann: { access: string; email: string };
  let bob: { access: string; email: string };

  const call = async (who: { access: string }, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${who.access}` } });
    return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
  };

  beforeAll(async () => {
    fake = await startFakeShopify({ products: 3 });
    t = await createTestApp(shopifyEnv(fake));
    ann = await embeddedSignIn(t.app, fake, 'ann-shop.myshopify.com');
    bob = await embeddedSignIn(t.app, fake, 'bob-shop.myshopify.com');
    await syncedCatalog(t, 'ann-shop.myshopify.com');
    await syncedCatalog(t, 'bob-shop.myshopify.com');
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('lists only the caller’s shops and products', async () => {
    expect((await call(ann, 'GET', '/api/sh/user-stores/')).body.results.map((s: { shop_domain: string }) => s.shop_domain)).toEqual([
      'ann-shop.myshopify.com',
    ]);
    const products = await call(bob, 'GET', '/api/sh/products/');
    expect(products.body.count).toBe(3);
    expect(new Set(products.body.results.map((p: { shop_domain: string }) => p.shop_domain))).toEqual(new Set(['bob-shop.myshopify.com']));
    expect((await call(bob, 'GET', '/api/sh/products/?shop=ann-shop.myshopify.com')).body.count).toBe(0);
  });

  it('refuses another account’s shop for settings, shop info, sync and disconnect as if it did not exist', async () => {
    const other = 'ann-shop.myshopify.com';
    expect((await call(bob, 'GET', `/api/sh/settings/?shop=${other}`)).status).toBe(404);
    expect((await call(bob, 'POST', '/api/sh/settings/', { shop: other, widgetEnabled: true })).status).toBe(404);
    expect((await call(bob, 'GET', `/api/sh/shop/?shop=${other}`)).status).toBe(404);
    expect((await call(bob, 'POST', '/api/sh/sync/', { shop: other })).status).toBe(404);
    expect((await call(bob, 'DELETE', `/api/sh/user-stores/${other}/`)).status).toBe(404);
    expect((await call(ann, 'GET', '/api/sh/settings/')).body).toMatchObject({ shop: other, widgetEnabled: false });
    expect((await call(ann, 'GET', '/api/sh/user-stores/')).body.count).toBe(1);
  });

  it('accepts only the caller’s own shared assistant for the storefront', async () => {
    const bobsAssistant = await createAssistant(t, { ...bob, isStaff: false });
    const bobsShare = await shareAssistant(t, { ...bob, isStaff: false }, bobsAssistant);
    const refused = await call(ann, 'POST', '/api/sh/settings/', { sharedAssistantId: bobsShare.id });
    expect(refused).toMatchObject({ status: 400, body: { sharedAssistantId: ['Choose one of your shared assistants.'] } });
    const saved = await call(bob, 'POST', '/api/sh/settings/', {
      sharedAssistantId: bobsShare.id,
      widgetEnabled: true,
      colors: { primaryColor: '#112233', primaryTextColor: '#ffffff' },
    });
    expect(saved.body).toMatchObject({ shop: 'bob-shop.myshopify.com', widgetEnabled: true, colors: { primaryColor: '#112233' } });
    expect((await call(ann, 'GET', '/api/sh/settings/')).body).toMatchObject({ sharedAssistantId: null, widgetEnabled: false });
  });

  it('refuses bad input with a clear 4xx and changes nothing', async () => {
    const before = (await call(bob, 'GET', '/api/sh/settings/')).body;
    expect(await call(bob, 'POST', '/api/sh/settings/', { colors: { primaryColor: 'red', primaryTextColor: '#ffffff' } })).toMatchObject({
      status: 400,
      body: { 'colors.primaryColor': ['Enter a colour as #RRGGBB.'] },
    });
    expect((await call(bob, 'POST', '/api/sh/settings/', { widgetEnabled: true, owner: 'ann' })).status).toBe(400);
    expect((await call(bob, 'POST', '/api/sh/settings/', { sharedAssistantId: 'not-a-uuid' })).status).toBe(400);
    expect((await call(bob, 'POST', '/api/sh/settings/', { greeting: 'x'.repeat(501) })).status).toBe(400);
    expect((await call(bob, 'GET', '/api/sh/settings/')).body).toEqual(before);
    expect(await call(bob, 'GET', '/api/sh/products/?page=abc')).toMatchObject({ status: 404, body: { detail: 'Invalid page.' } });
    expect(await call(bob, 'GET', '/api/sh/user-stores/?page=2')).toMatchObject({ status: 404, body: { detail: 'Invalid page.' } });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/sh/settings/' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('disconnects only the caller’s own shop', async () => {
    expect((await call(ann, 'DELETE', '/api/sh/user-stores/ann-shop.myshopify.com/')).status).toBe(204);
    expect((await call(ann, 'GET', '/api/sh/user-stores/')).body.count).toBe(0);
    expect((await call(bob, 'GET', '/api/sh/user-stores/')).body.count).toBe(1);
  });
});
