import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopConnections } from '../../db/schema';
import { syncedCatalog } from '../../testing/fake-shopify/catalog-checks';
import { type FakeShopify, startFakeShopify } from '../../testing/fake-shopify/fake-shopify';
import { embeddedSignIn, shopifyEnv } from '../../testing/fake-shopify/shopify-test-kit';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { adminApiContext } from './admin-api-context';
import { adminGraphql } from './admin-graphql';
import { ShopReauthorizeError } from './reauthorize-error';
import { getConnectionByShop, type ShopConnection } from './shop-connections';

const SHOP = 'client-shop.myshopify.com';
const QUERY = '{ shop { name currencyCode } }';

describe('the Admin GraphQL client', () => {
  let fake: FakeShopify;
  let t: TestApp;
  let connection: ShopConnection;
  const waits: number[] = [];
  const sleep = async (ms: number) => void waits.push(ms);
  const ctx = () => adminApiContext({ ...t.services, logger: t.services.logger });

  beforeAll(async () => {
    fake = await startFakeShopify({ products: 1 });
    t = await createTestApp(shopifyEnv(fake));
    await embeddedSignIn(t.app, fake, SHOP);
    // The first catalog sync runs in the background: done before failures are injected, so none is its.
    await syncedCatalog(t, SHOP);
    connection = (await getConnectionByShop(t.services.db, SHOP)) as ShopConnection;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const graphqlCalls = () => fake.calls.filter((call) => call.kind === 'graphql' && call.shop === SHOP);

  it('sends the shop’s token to SHOPIFY_ADMIN_API_ORIGIN at SHOPIFY_API_VERSION and answers data and GraphQL errors as they are', async () => {
    const ok = await adminGraphql(ctx(), connection, { query: QUERY });
    expect(ok.data).toEqual({ shop: { name: 'client shop', currencyCode: 'EUR' } });
    expect(graphqlCalls().at(-1)?.path).toBe(`/${SHOP}/admin/api/2026-10/graphql.json`);
    // Validated against the Admin schema: a field Shopify does not have is an error, as there.
    const wrong = await adminGraphql(ctx(), connection, { query: '{ shop { nmae } }' });
    expect(wrong.errors?.[0]?.message).toMatch(/Cannot query field "nmae" on type "Shop"/);
  });

  it('waits as long as a 429 asks (Retry-After), and tries 5xx and throttled answers again, 3 tries in all', async () => {
    waits.length = 0;
    fake.failNext({ status: 429, retryAfter: '2' }, { status: 503 });
    const before = graphqlCalls().length;
    expect((await adminGraphql(ctx(), connection, { query: QUERY }, { sleep })).data).toBeTruthy();
    expect(graphqlCalls().length - before).toBe(3);
    expect(waits).toEqual([2000, 500]);

    fake.failNext({ status: 'throttled' });
    expect((await adminGraphql(ctx(), connection, { query: QUERY }, { sleep })).data).toBeTruthy();

    fake.failNext({ status: 500 }, { status: 502 }, { status: 504 });
    await expect(adminGraphql(ctx(), connection, { query: QUERY }, { sleep })).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });

  it('marks the connection on a 401 and tells the owner once', async () => {
    fake.revokeTokens(SHOP);
    await expect(adminGraphql(ctx(), connection, { query: QUERY }, { sleep })).rejects.toBeInstanceOf(ShopReauthorizeError);
    const [row] = await t.services.db.select().from(shopConnections).where(eq(shopConnections.shopDomain, SHOP));
    expect(row?.reauthorizeRequiredAt).toBeInstanceOf(Date);
    // Marked: no further call reaches Shopify until the store is reconnected.
    const calls = graphqlCalls().length;
    await expect(adminGraphql(ctx(), row as ShopConnection, { query: QUERY })).rejects.toBeInstanceOf(ShopReauthorizeError);
    expect(graphqlCalls().length).toBe(calls);
  });
});
