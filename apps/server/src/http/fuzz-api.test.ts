import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelThreads, connectLine, connectMetaAccount, eventually, postMetaWebhook } from '../testing/channels-test-kit';
import { type FakeLineApi, startFakeLineApi } from '../testing/fake-line/fake-line-api';
import { type FakeGraphApi, startFakeGraphApi } from '../testing/fake-meta/fake-graph-api';
import { messagingPayload, textEvent } from '../testing/fake-meta/meta-webhooks';
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
  let graph: FakeGraphApi;
  let line: FakeLineApi;

  beforeAll(async () => {
    // Shopify, Meta and LINE on (fakes on loopback), so their routes are fuzzed past "not configured"
    // and no call leaves the machine.
    shopify = await startFakeShopify({ products: 3 });
    // Stripe on too (a fake on loopback): checkouts, the portal and the signed webhook are fuzzed.
    stripe = await startFakeStripe();
    graph = await startFakeGraphApi();
    graph.pages = [{ id: '500000000000001', name: 'Fuzz page', instagram: { id: '17841400000000501', username: 'fuzz' } }];
    graph.whatsappAccounts = [
      { id: '500000000000100', numbers: [{ id: '500000000000101', displayPhoneNumber: '+1 555 0100', verifiedName: 'Fuzz' }] },
    ];
    line = await startFakeLineApi();
    // Limits high enough that the campaign reaches the code behind them rather than 429s.
    t = await createTestApp({
      ...shopifyEnv(shopify),
      ...stripe.env(),
      ...graph.env(),
      ...line.env(),
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
    await graph.close();
    await line.close();
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
    // The owner has a connected account on every channel and a Messenger customer's thread (account,
    // disconnect and user_reply have something to act on); the victim has a LINE channel.
    const ownerViewer = { email: owner.email, access: owner.access, isStaff: false };
    const { assistantId } = await connectMetaAccount(t, graph, ownerViewer, 'messenger');
    await connectMetaAccount(t, graph, ownerViewer, 'instagram', assistantId);
    await connectMetaAccount(t, graph, ownerViewer, 'whatsapp', assistantId);
    await connectLine(t, line, ownerViewer, line.addChannel('Fuzz LINE'), assistantId);
    await connectLine(t, line, { email: victim.email, access: victim.access, isStaff: false }, line.addChannel('Victim LINE'));
    const page = '500000000000001';
    await postMetaWebhook(
      t,
      'messenger',
      messagingPayload('page', [{ id: page, events: [textEvent({ to: page, from: 'psid-fuzz', text: 'Hello' })] }]),
    );
    await eventually(async () => (await channelThreads(t, 'messenger')).length > 0);
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
