import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopConnections } from '../../db/schema';
import { users } from '../../db/schema/users';
import { syncedCatalog } from '../../testing/fake-shopify/catalog-checks';
import { type FakeShopify, startFakeShopify } from '../../testing/fake-shopify/fake-shopify';
import {
  BROWSER,
  embeddedSignIn,
  installThroughOAuth,
  mintIdToken,
  shopifyEnv,
  signedInstallQuery,
} from '../../testing/fake-shopify/shopify-test-kit';
import { createTestApp, type TestApp } from '../../testing/test-app';

const get = async (t: TestApp, url: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url, headers: { ...BROWSER, ...headers } });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null, headers: res.headers };
};

const connectionOf = async (t: TestApp, shop: string) =>
  (await t.services.db.select().from(shopConnections).where(eq(shopConnections.shopDomain, shop)))[0];

describe('Shopify install, callback and embedded session', () => {
  let fake: FakeShopify;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startFakeShopify({ products: 3 });
    t = await createTestApp(shopifyEnv(fake));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('answers 404 "Shopify is not configured." for every /api/sh/ call without credentials', async () => {
    const bare = await createTestApp();
    try {
      for (const url of ['/api/sh/install/?shop=a.myshopify.com', '/api/sh/validate_session/?shopify_token=x', '/api/sh/user-stores/']) {
        expect(await get(bare, url)).toMatchObject({ status: 404, body: { detail: 'Shopify is not configured.' } });
      }
      const hook = await bare.app.inject({ method: 'POST', url: '/api/sh/webhooks/app/uninstalled', payload: '{}' });
      expect(hook.statusCode).toBe(404);
      expect(JSON.parse(hook.body)).toEqual({ detail: 'Shopify is not configured.' });
    } finally {
      await bare.close();
    }
  });

  it('installs through OAuth: grant page with a signed state, an expiring offline token stored sealed, a non-staff shop account', async () => {
    const shop = 'oauth-shop.myshopify.com';
    const result = await installThroughOAuth(t.app, fake, shop);
    expect(result.install.headers.location).toMatch(new RegExp(`^${fake.url}/${shop}/admin/oauth/authorize\\?`));
    const grant = new URL(String(result.install.headers.location));
    expect(grant.searchParams.get('redirect_uri')).toBe('http://aisle.test/sh/callback');
    expect(grant.searchParams.get('scope')).toBe(
      'read_products,read_inventory,read_content,read_themes,write_orders,write_returns,read_legal_policies',
    );
    expect(grant.searchParams.get('state')).toMatch(/^[0-9a-f-]{16,}$/);
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ email: `owner@${shop}`, tier: 'basic', shop, host: expect.any(String) });
    expect(String(result.body.email)).toContain('.myshopify.com');

    // Our own tokens, usable on the API; the account is never staff.
    const stores = await get(t, '/api/sh/user-stores/', { authorization: `Bearer ${result.body.access_token}` });
    expect(stores.body).toMatchObject({ count: 1, results: [{ shop_domain: shop, needs_reauthorization: false }] });
    const [user] = await t.services.db
      .select()
      .from(users)
      .where(eq(users.email, `owner@${shop}`));
    expect(user?.isStaff).toBe(false);

    // The shop's token is sealed at rest, with its refresh token and expiry.
    const row = await connectionOf(t, shop);
    const [plain] = fake.tokensOf(shop);
    expect(row?.accessToken).toMatch(/^v1:/);
    expect(row?.accessToken).not.toContain(String(plain));
    expect(row?.refreshToken).toMatch(/^v1:/);
    expect(row?.accessTokenExpiresAt?.getTime()).toBeGreaterThan(Date.now());
    expect(JSON.stringify(result.body)).not.toContain(String(plain));

    // The code is single-use: replaying the callback changes nothing.
    const replay = await get(t, `/api/sh/callback/${result.callbackQuery}`, { cookie: result.cookies });
    expect(replay.status).toBe(400);
  });

  it('refuses install queries that are forged, stale, or for a shop outside myshopify.com, and changes nothing', async () => {
    const shop = 'forged-shop.myshopify.com';
    fake.shop(shop);
    const good = new URLSearchParams(signedInstallQuery(fake, shop));
    const forged = new URLSearchParams(good);
    forged.set('hmac', 'f'.repeat(64));
    expect(await get(t, `/api/sh/install/?${forged}`)).toMatchObject({
      status: 400,
      body: { detail: 'The request signature (hmac) is invalid.' },
    });
    const altered = new URLSearchParams(good);
    altered.set('timestamp', String(Number(good.get('timestamp')) + 1));
    expect((await get(t, `/api/sh/install/?${altered}`)).status).toBe(400);
    const stale = new URLSearchParams(fake.signQuery({ shop, timestamp: String(Math.floor(Date.now() / 1000) - 600) }));
    expect(await get(t, `/api/sh/install/?${stale}`)).toMatchObject({ status: 400, body: { detail: expect.stringContaining('expired') } });
    const outside = new URLSearchParams(fake.signQuery({ shop: 'evil.example.com', timestamp: String(Math.floor(Date.now() / 1000)) }));
    expect(await get(t, `/api/sh/install/?${outside}`)).toMatchObject({
      status: 400,
      body: { shop: [expect.stringContaining('myshopify.com')] },
    });
    const otherSecret = new URLSearchParams(fake.signQuery({ shop, timestamp: String(Math.floor(Date.now() / 1000)) }, 'not-the-secret'));
    expect((await get(t, `/api/sh/install/?${otherSecret}`)).status).toBe(400);
    expect(await connectionOf(t, shop)).toBeUndefined();
  });

  it('refuses forged callbacks, callbacks without the state cookie and stale ones, and changes nothing', async () => {
    const shop = 'callback-shop.myshopify.com';
    fake.shop(shop);
    const install = await t.app.inject({ method: 'GET', url: `/api/sh/install/?${signedInstallQuery(fake, shop)}`, headers: BROWSER });
    const cookie = ([] as string[])
      .concat(install.headers['set-cookie'] ?? [])
      .map((c) => c.split(';')[0])
      .join('; ');
    expect(([] as string[]).concat(install.headers['set-cookie'] ?? []).join(' ')).toContain('path=/api/sh/callback');
    const grant = await fetch(String(install.headers.location), { redirect: 'manual' });
    const back = new URL(String(grant.headers.get('location')));
    const forged = new URLSearchParams(back.search);
    forged.set('shop', 'another-shop.myshopify.com');
    expect(await get(t, `/api/sh/callback/?${forged}`, { cookie })).toMatchObject({
      status: 400,
      body: { detail: expect.stringContaining('signature') },
    });
    expect(await get(t, `/api/sh/callback/${back.search}`)).toMatchObject({
      status: 400,
      body: { detail: expect.stringContaining('sign-in request') },
    });
    const wrongState = new URLSearchParams(fake.signQuery({ ...Object.fromEntries(back.searchParams), state: '123' }));
    expect((await get(t, `/api/sh/callback/?${wrongState}`, { cookie })).status).toBe(400);
    const stale = new URLSearchParams(
      fake.signQuery({ ...Object.fromEntries(back.searchParams), timestamp: String(Math.floor(Date.now() / 1000) - 600) }),
    );
    expect((await get(t, `/api/sh/callback/?${stale}`, { cookie })).status).toBe(400);
    expect(await connectionOf(t, shop)).toBeUndefined();
    // The real one still works afterwards: nothing above used the code.
    expect((await get(t, `/api/sh/callback/${back.search}`, { cookie })).status).toBe(200);
  });

  it('signs an embedded session in with one token exchange, then reuses the stored token', async () => {
    const shop = 'embedded-shop.myshopify.com';
    const exchanges = () => fake.calls.filter((c) => c.shop === shop && c.grant === 'token-exchange' && c.status === 200).length;
    const first = await embeddedSignIn(t.app, fake, shop);
    expect(first).toMatchObject({ email: `owner@${shop}`, user: { is_staff: false, tier: 'basic' } });
    expect(exchanges()).toBe(1);
    const again = await embeddedSignIn(t.app, fake, shop);
    expect(again.email).toBe(first.email);
    expect(exchanges()).toBe(1);
    const me = await get(t, '/api/sh/user-stores/', { authorization: `Bearer ${again.access}` });
    expect(me.body.results).toEqual([expect.objectContaining({ shop_domain: shop })]);
  });

  it('refuses expired, foreign, mis-addressed and forged session tokens with 401, and changes nothing', async () => {
    const shop = 'guarded-shop.myshopify.com';
    fake.shop(shop);
    const now = Math.floor(Date.now() / 1000);
    const cases = {
      expired: await mintIdToken(fake, shop, { exp: now - 120, nbf: now - 600, iat: now - 600 }),
      notYet: await mintIdToken(fake, shop, { nbf: now + 600 }),
      otherApp: await mintIdToken(fake, shop, { aud: 'another-app' }),
      wrongSecret: await mintIdToken(fake, shop, { secret: 'not-our-secret-not-our-secret!!' }),
      twoShops: await mintIdToken(fake, shop, { iss: 'https://other-shop.myshopify.com/admin' }),
      outside: await mintIdToken(fake, 'shop.evil.example', {}),
      garbage: 'not-a-jwt',
    };
    for (const [name, token] of Object.entries(cases)) {
      const res = await get(t, `/api/sh/validate_session/?shopify_token=${encodeURIComponent(token)}`);
      expect(res.status, name).toBe(401);
      expect(res.body.detail, name).toMatch(/session token/);
      expect(JSON.stringify(res.body), name).not.toContain(token.slice(-20));
    }
    expect(await connectionOf(t, shop)).toBeUndefined();
    expect(fake.calls.filter((c) => c.shop === shop && c.kind === 'token')).toHaveLength(0);
  });

  it('refreshes an expiring token before it expires, and asks for reauthorisation once Shopify refuses it', async () => {
    const shortFake = await startFakeShopify({ products: 2 });
    const short = await createTestApp(shopifyEnv(shortFake));
    try {
      const shop = 'refresh-shop.myshopify.com';
      const session = await embeddedSignIn(short.app, shortFake, shop);
      const auth = { authorization: `Bearer ${session.access}` };
      await syncedCatalog(short, shop);
      const refreshes = () => shortFake.calls.filter((c) => c.shop === shop && c.grant === 'refresh' && c.status === 200).length;
      expect(refreshes()).toBe(0);
      // One minute left is inside the 5-minute margin: the stored token is refreshed first, once.
      await short.services.db
        .update(shopConnections)
        .set({ accessTokenExpiresAt: new Date(Date.now() + 60_000) })
        .where(eq(shopConnections.shopDomain, shop));
      expect(await get(short, '/api/sh/shop/', auth)).toMatchObject({ status: 200, body: { shop, currency: 'EUR' } });
      expect(refreshes()).toBe(1);
      expect((await get(short, '/api/sh/shop/', auth)).status).toBe(200);
      expect(refreshes()).toBe(1);
      expect((await connectionOf(short, shop))?.accessTokenExpiresAt?.getTime()).toBeGreaterThan(Date.now() + 30 * 60_000);

      shortFake.revokeTokens(shop);
      const refused = await get(short, '/api/sh/shop/', auth);
      expect(refused.status).toBe(401);
      expect(refused.headers['x-shopify-api-request-failure-reauthorize']).toBe('1');
      expect(refused.headers['x-shopify-api-request-failure-reauthorize-url']).toBe(`http://aisle.test/sh/install?shop=${shop}`);
      expect(refused.body.detail).toContain('Failed to authorize request.');
      const stores = await get(short, '/api/sh/user-stores/', auth);
      expect(stores.body.results[0].needs_reauthorization).toBe(true);
      // The owner was told once.
      const notes = await short.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { ...auth, 'content-type': 'application/json' },
        payload: { query: '{ listNotifications { items { title } } }' },
      });
      expect(JSON.parse(notes.body).data.listNotifications.items).toEqual([{ title: 'Reconnect your Shopify store' }]);
      // The next embedded session exchanges a new token, and calls work again.
      await embeddedSignIn(short.app, shortFake, shop);
      expect((await get(short, '/api/sh/shop/', auth)).status).toBe(200);
    } finally {
      await short.close();
      await shortFake.close();
    }
  });
});
