import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssistant } from '../../testing/assistants';
import { type FakeShopify, startFakeShopify } from '../../testing/fake-shopify/fake-shopify';
import { connectShopToAccount, shopifyEnv } from '../../testing/fake-shopify/shopify-test-kit';
import { type GqlData, gql, type TestViewer } from '../../testing/graphql-client';
import { shareAssistant, visitor } from '../../testing/sharing-test-client';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser } from '../../testing/users';

const SHOP = 'linen-and-loom.myshopify.com';
/** Order #1001 of the fake store: placed by Ann@Example.com, delivered by DHL (JD0001). */
const TRACKING_URL = 'https://dhl.example/JD0001';

/**
 * A shopper on the public chat of a shop whose assistant runs on the built-in model, with the
 * shop's Shopify store connected: the order help needs no function written by the owner. The
 * shopper asks where their order is, is asked for what is missing, gives a wrong e-mail (and hears
 * nothing of the order), then the right one (status and tracking link), in English and Japanese.
 */
describe('order help on the public chat, built-in model', () => {
  let shopify: FakeShopify;
  let t: TestApp;
  let owner: TestViewer;
  let token: string;

  beforeAll(async () => {
    shopify = await startFakeShopify({ products: 2 });
    t = await createTestApp({
      ...shopifyEnv(shopify),
      DEFAULT_MODEL: 'local:extractive',
      SHARED_CHAT_VISITOR_RATE_LIMIT: '1000',
      SHARED_CHAT_READ_RATE_LIMIT: '1000',
    });
    const user = await createVerifiedUser(t, { email: 'owner@linen-and-loom.test' });
    owner = { email: user.email, access: user.access, isStaff: false };
    await connectShopToAccount(t, shopify, owner.email, SHOP);
    const assistantId = await createAssistant(t, owner, { model: 'local:extractive' });
    token = (await shareAssistant(t, owner, assistantId)).shareToken.token;
  });
  afterAll(async () => {
    await t?.close();
    await shopify?.close();
  });

  it('asks for the e-mail, tells a wrong one nothing, and gives the right one the status and tracking link', async () => {
    const asked = await visitor(t, 'message', { token, message: 'Where is my order #1001?' });
    expect(asked.status).toBe(200);
    expect(asked.body.reply.content).toMatch(/e-?mail/i);
    const { sharedThreadId, visitorToken } = asked.body;

    const wrong = await visitor(t, 'message', { token, message: 'It is ann@example.org', sharedThreadId, visitorToken });
    const wrongText = wrong.body.reply.content as string;
    for (const secret of ['DHL', 'JD0001', TRACKING_URL, 'Linen', 'delivered', 'Delivered']) expect(wrongText).not.toContain(secret);

    // An order that does not exist reads exactly the same as a wrong e-mail.
    const missing = await visitor(t, 'message', { token, message: 'Where is order #1999? e-mail ann@example.com' });
    expect(missing.body.reply.content).toBe(wrongText);

    const right = await visitor(t, 'message', { token, message: 'Sorry, it is ann@example.com', sharedThreadId, visitorToken });
    const rightText = right.body.reply.content as string;
    expect(rightText).toContain('#1001');
    expect(rightText).toContain('DHL');
    expect(rightText).toContain(TRACKING_URL);

    // The owner sees each lookup in the thread, and in the action log.
    const log = await gql(t, owner, 'query { listCommerceActions(limit: 50) { items { kind ok outcome orderName sharedThreadID } } }');
    const mine = ((log.data?.listCommerceActions.items ?? []) as GqlData[]).filter((row) => row.sharedThreadID === sharedThreadId);
    expect(mine.map((row) => [row.kind, row.ok, row.outcome]).sort()).toEqual(
      [
        ['order_status', false, 'not_found'],
        ['order_status', true, 'status'],
      ].sort(),
    );
  });

  it('answers in Japanese when the shopper writes Japanese', async () => {
    const asked = await visitor(t, 'message', {
      token,
      message: '注文番号１００１の配送状況を教えてください。メールは ann@example.com です。',
    });
    const text = asked.body.reply.content as string;
    expect(text).toMatch(/[ぁ-んァ-ン]/);
    expect(text).toContain(TRACKING_URL);
  });

  it('gives another owner nothing of this shop’s order actions', async () => {
    const other = await createVerifiedUser(t, { email: 'someone-else@other.test' });
    const log = await gql(
      t,
      { email: other.email, access: other.access, isStaff: false },
      'query { listCommerceActions(limit: 50) { items { id } } }',
    );
    expect(log.data?.listCommerceActions.items).toEqual([]);
  });
});
