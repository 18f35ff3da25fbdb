import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeShopify, startFakeShopify } from '../testing/fake-shopify/fake-shopify';
import { connectShopToAccount, shopifyEnv } from '../testing/fake-shopify/shopify-test-kit';
import { type FakeStripe, startFakeStripe } from '../testing/fake-stripe/fake-stripe';
import { fuzzApi } from '../testing/fuzz/fuzz-api';
import { injectTransport } from '../testing/fuzz/fuzz-transport';
import { viewerToken } from '../testing/graphql-client';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createVerifiedUser } from '../testing/users';

/**
 * A property-based fuzz campaign over every REST route and every GraphQL mutation and query, with
 * requests generated from the zod contracts (through the OpenAPI document and the GraphQL schema)
 * and mixed with hostile values: no request may get a 5xx or a masked GraphQL error, and the
 * server must still answer its health check afterwards. The seed is fixed so a failure replays;
 * change it to explore further (bench/fuzz-api.ts runs a larger campaign on the production build).
 */
const SEED = 20_250_601;

describe('fuzzing the whole API', () => {
  let t: TestApp;
  let shopify: FakeShopify;
  let stripe: FakeStripe;

  beforeAll(async () => {
    // Shopify on (a fake store on loopback), so its routes are fuzzed past "not configured".
    shopify = await startFakeShopify({ products: 3 });
    // Stripe on too (a fake on loopback): checkouts, the portal and the signed webhook are fuzzed.
    stripe = await startFakeStripe();
    // Limits high enough that the campaign reaches the code behind them rather than 429s.
    t = await createTestApp({
      ...shopifyEnv(shopify),
      ...stripe.env(),
      GRAPHQL_RATE_LIMIT: '1000000',
      AUTH_RATE_LIMIT: '1000000',
      SHARED_CHAT_VISITOR_RATE_LIMIT: '1000000',
      SHARED_CHAT_TOKEN_RATE_LIMIT: '1000000',
      SHARED_CHAT_READ_RATE_LIMIT: '1000000',
      FUNCTION_RUN_RATE_LIMIT: '1000000',
    });
  });
  afterAll(async () => {
    await t.close();
    await shopify.close();
    await stripe.close();
  });

  it('answers every generated request without a server error, and stays up', async () => {
    const [owner, victim, staff] = await Promise.all([
      createVerifiedUser(t, { email: 'owner@fuzz.test' }),
      createVerifiedUser(t, { email: 'victim@fuzz.test' }),
      createVerifiedUser(t, { email: 'staff@fuzz.test', staff: true }),
    ]);
    const ghost = await viewerToken(t, 'ghost@fuzz.test');
    // The owner has a connected shop (settings, products and the live shop calls have one to act on).
    await connectShopToAccount(t, shopify, owner.email, 'fuzz-shop.myshopify.com');
    const transport = injectTransport(t.app);
    const report = await fuzzApi({
      transport,
      users: { owner, victim, staff, ghostAccess: ghost.access },
      seed: SEED,
      runs: { rest: 60, mutation: 50, query: 20 },
      alive: async () => (await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode === 200,
      log: (line) => console.log(line),
    });
    const { findings, ...summary } = report;
    console.log(`fuzz-api: ${JSON.stringify(summary)}`);
    expect(findings).toEqual([]);
    // The generators keep reaching past validation: most routes and operations answered a 2xx.
    expect(report.neverSucceeded.length).toBeLessThan(report.targets / 4);
    expect(report).toMatchObject({ serverErrors: 0, hangs: 0, crashed: false });
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  }, 600_000);
});
