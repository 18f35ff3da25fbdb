import { existsSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistants, orders, products, sharedMessages, sharedThreads, shopConnections, shopSettings, stores } from '../../db/schema';
import { users } from '../../db/schema/users';
import { bearer } from '../../testing/account-flows';
import { createAssistant } from '../../testing/assistants';
import { syncedCatalog } from '../../testing/fake-shopify/catalog-checks';
import { type FakeShopify, startFakeShopify } from '../../testing/fake-shopify/fake-shopify';
import { embeddedSignIn, injectWebhook, shopifyEnv, signedWebhook } from '../../testing/fake-shopify/shopify-test-kit';
import { gql, type TestViewer } from '../../testing/graphql-client';
import { shareAssistant } from '../../testing/sharing-test-client';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser } from '../../testing/users';
import { issueTokenPair } from '../accounts';

const order = (id: number, email: string, extra: Record<string, unknown> = {}) => ({
  id,
  admin_graphql_api_id: `gid://shopify/Order/${id}`,
  name: `#${id}`,
  email,
  total_price: '59.90',
  currency: 'EUR',
  created_at: '2026-11-02T10:00:00+01:00',
  note: 'Gift wrap please',
  note_attributes: [{ name: 'chat_session', value: 'abc' }],
  ...extra,
});

describe('Shopify webhooks', () => {
  let fake: FakeShopify;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startFakeShopify({ products: 4 });
    t = await createTestApp(shopifyEnv(fake));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  /** A connected shop with a synced catalog, a share link and two visitor conversations. */
  async function connectedShop(shop: string) {
    const session = await embeddedSignIn(t.app, fake, shop);
    const viewer: TestViewer = { email: session.email, access: session.access, isStaff: false };
    await syncedCatalog(t, shop);
    const assistantId = await createAssistant(t, viewer);
    const share = await shareAssistant(t, viewer, assistantId);
    const thread = async (contact: Record<string, string> | null) => {
      const [row] = await t.services.db
        .insert(sharedThreads)
        .values({ ownerEmail: session.email, sharedAssistantId: share.id as string, origin: 'widget', visitorContact: contact })
        .returning();
      // The reply a second after the question, as in a conversation (one statement would give both the same time).
      const asked = new Date(Date.now() - 60_000);
      await t.services.db.insert(sharedMessages).values([
        {
          ownerEmail: session.email,
          sharedThreadId: row?.id as string,
          content: 'Where is my parcel?',
          senderType: 'user',
          createdAt: asked,
        },
        {
          ownerEmail: session.email,
          sharedThreadId: row?.id as string,
          content: 'It ships tomorrow.',
          senderType: 'assistant',
          createdAt: new Date(asked.getTime() + 1000),
        },
      ]);
      return row?.id as string;
    };
    return { session, viewer, shareId: share.id as string, thread };
  }

  it('refuses a forged, altered or unsigned delivery with 401 and does nothing', async () => {
    const shop = 'forged-hooks.myshopify.com';
    await embeddedSignIn(t.app, fake, shop);
    const forged = await injectWebhook(t.app, fake, { topic: 'app/uninstalled', shop, payload: { id: 1 }, secret: 'someone-else' });
    expect(forged).toEqual({ status: 401, body: { detail: 'The webhook signature is missing or invalid.' } });
    const signed = signedWebhook(fake, { topic: 'app/uninstalled', shop, payload: { id: 1 } });
    const altered = await t.app.inject({
      method: 'POST',
      url: signed.url,
      headers: signed.headers,
      payload: signed.body.replace('1', '2'),
    });
    expect(altered.statusCode).toBe(401);
    const { 'x-shopify-hmac-sha256': _, ...unsigned } = signed.headers;
    expect((await t.app.inject({ method: 'POST', url: signed.url, headers: unsigned, payload: signed.body })).statusCode).toBe(401);
    const otherShop = signedWebhook(fake, { topic: 'app/uninstalled', shop: 'evil.example.com', payload: { id: 1 } });
    expect(
      (await t.app.inject({ method: 'POST', url: otherShop.url, headers: otherShop.headers, payload: otherShop.body })).statusCode,
    ).toBe(401);
    // Signed, but for another topic than the address: refused too.
    const misrouted = signedWebhook(fake, { topic: 'orders/create', shop, payload: order(1, 'x@example.com') });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/sh/webhooks/app/uninstalled',
      headers: misrouted.headers,
      payload: misrouted.body,
    });
    expect(wrong.statusCode).toBe(400);
    const [connection] = await t.services.db.select().from(shopConnections).where(eq(shopConnections.shopDomain, shop));
    expect(connection?.uninstalledAt).toBeNull();
    expect(connection?.accessToken).not.toBeNull();
  });

  it('handles a repeated delivery once (by event id, else by webhook id), and records orders for analytics', async () => {
    const shop = 'orders-hooks.myshopify.com';
    await embeddedSignIn(t.app, fake, shop);
    const delivery = { topic: 'orders/create', shop, payload: order(7001, 'Buyer@Example.com'), eventId: 'evt-7001' };
    expect(await injectWebhook(t.app, fake, delivery)).toEqual({ status: 200, body: { detail: 'Received.' } });
    expect(await injectWebhook(t.app, fake, { ...delivery, webhookId: 'another-subscription' })).toEqual({
      status: 200,
      body: { detail: 'Already received.' },
    });
    const byWebhookId = { topic: 'orders/create', shop, payload: order(7002, 'b@example.com'), eventId: null, webhookId: 'wh-7002' };
    await injectWebhook(t.app, fake, byWebhookId);
    expect((await injectWebhook(t.app, fake, byWebhookId)).body).toEqual({ detail: 'Already received.' });
    // Another delivery of the same order (a new event) still records it once.
    await injectWebhook(t.app, fake, { ...delivery, eventId: 'evt-7001-again' });
    const rows = await t.services.db
      .select()
      .from(orders)
      .where(eq(orders.ownerEmail, `owner@${shop}`));
    expect(rows.map((row) => row.externalId).sort()).toEqual(['7001', '7002']);
    expect(rows.find((row) => row.externalId === '7001')).toMatchObject({
      customerEmail: 'buyer@example.com',
      totalPrice: '59.90',
      currency: 'EUR',
      note: 'Gift wrap please',
      attributes: [{ name: 'chat_session', value: 'abc' }],
      orderCreatedAt: new Date('2026-11-02T09:00:00Z'),
    });
  });

  it('app/uninstalled revokes the tokens and turns the widget off, keeping the owner’s data', async () => {
    const shop = 'leaving-shop.myshopify.com';
    const { viewer, shareId } = await connectedShop(shop);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/sh/settings/',
      headers: { authorization: `Bearer ${viewer.access}` },
      payload: { widgetEnabled: true, sharedAssistantId: shareId, greeting: 'Hi!' },
    });
    expect(JSON.parse(saved.body)).toMatchObject({ widgetEnabled: true, sharedAssistantId: shareId });
    expect((await injectWebhook(t.app, fake, { topic: 'app/uninstalled', shop, payload: { id: 1, myshopify_domain: shop } })).status).toBe(
      200,
    );
    const [connection] = await t.services.db.select().from(shopConnections).where(eq(shopConnections.shopDomain, shop));
    expect(connection).toMatchObject({ accessToken: null, refreshToken: null, uninstalledAt: expect.any(Date) });
    const [settings] = await t.services.db
      .select()
      .from(shopSettings)
      .where(eq(shopSettings.shopConnectionId, connection?.id as string));
    expect(settings).toMatchObject({ widgetEnabled: false, greeting: 'Hi!' });
    expect(
      await t.services.db
        .select()
        .from(products)
        .where(eq(products.shopConnectionId, connection?.id as string)),
    ).toHaveLength(4);
    expect(await t.services.db.select().from(assistants).where(eq(assistants.ownerEmail, viewer.email))).toHaveLength(1);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/sh/user-stores/',
      headers: { authorization: `Bearer ${viewer.access}` },
    });
    expect(JSON.parse(listed.body).count).toBe(0);
    // Opening the app again reconnects the same account.
    const back = await embeddedSignIn(t.app, fake, shop);
    expect(back.email).toBe(viewer.email);
  });

  it('customers/redact deletes that customer’s conversations (by e-mail or phone) and orders, nothing else', async () => {
    const shop = 'redact-customer.myshopify.com';
    const { session, thread } = await connectedShop(shop);
    const byEmail = await thread({ name: 'Ann', email: 'Ann@Example.com' });
    const byPhone = await thread({ name: 'Ann', phone: '+1 (555) 010-2030' });
    const someoneElse = await thread({ name: 'Bo', email: 'bo@example.com' });
    const anonymous = await thread(null);
    await injectWebhook(t.app, fake, { topic: 'orders/create', shop, payload: order(8001, 'ann@example.com') });
    await injectWebhook(t.app, fake, { topic: 'orders/create', shop, payload: order(8002, 'bo@example.com') });
    const payload = {
      shop_id: 1,
      shop_domain: shop,
      customer: { id: 191167, email: 'ann@example.com', phone: '+15550102030' },
      orders_to_redact: [8001],
    };
    expect((await injectWebhook(t.app, fake, { topic: 'customers/redact', shop, payload })).status).toBe(200);
    const left = await t.services.db
      .select({ id: sharedThreads.id })
      .from(sharedThreads)
      .where(eq(sharedThreads.ownerEmail, session.email));
    expect(left.map((row) => row.id).sort()).toEqual([someoneElse, anonymous].sort());
    expect(await t.services.db.select().from(sharedMessages).where(eq(sharedMessages.sharedThreadId, byEmail))).toEqual([]);
    expect(await t.services.db.select().from(sharedMessages).where(eq(sharedMessages.sharedThreadId, byPhone))).toEqual([]);
    const kept = await t.services.db.select().from(orders).where(eq(orders.ownerEmail, session.email));
    expect(kept.map((row) => row.externalId)).toEqual(['8002']);
  });

  it('customers/data_request prepares the customer’s data and notifies the owner with a signed, short-lived link', async () => {
    const shop = 'data-request.myshopify.com';
    const { viewer, thread } = await connectedShop(shop);
    const threadId = await thread({ name: 'Cy', email: 'cy@example.com' });
    await thread({ name: 'Di', email: 'di@example.com' });
    await injectWebhook(t.app, fake, { topic: 'orders/create', shop, payload: order(9001, 'cy@example.com') });
    const payload = {
      shop_id: 1,
      shop_domain: shop,
      orders_requested: [9001],
      customer: { id: 42, email: 'cy@example.com', phone: null },
      data_request: { id: 9999 },
    };
    expect((await injectWebhook(t.app, fake, { topic: 'customers/data_request', shop, payload, eventId: 'dr-1' })).status).toBe(200);
    expect((await injectWebhook(t.app, fake, { topic: 'customers/data_request', shop, payload, eventId: 'dr-1' })).status).toBe(200);
    const listed = await gql(t, viewer, '{ listNotifications { items { title content presignedGet } } }');
    const notes = listed.data?.listNotifications.items as { title: string; presignedGet: string }[];
    expect(notes).toHaveLength(1);
    expect(notes[0]?.title).toBe('A customer asked for their data');
    const link = new URL(notes[0]?.presignedGet as string);
    expect(link.origin).toBe('http://aisle.test');
    const download = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('attachment');
    const data = JSON.parse(download.body);
    expect(data).toMatchObject({ shop, dataRequestId: '9999', customer: { email: 'cy@example.com' } });
    expect(data.conversations).toEqual([
      expect.objectContaining({
        id: threadId,
        messages: [expect.objectContaining({ content: 'Where is my parcel?' }), expect.objectContaining({ content: 'It ships tomorrow.' })],
      }),
    ]);
    expect(data.orders).toEqual([expect.objectContaining({ id: '9001', total: '59.90' })]);
    // The link is the authorisation: altered, expired or for another export, it opens nothing.
    const tampered = new URL(link);
    tampered.searchParams.set('signature', 'A'.repeat(43));
    expect((await t.app.inject({ method: 'GET', url: `${tampered.pathname}${tampered.search}` })).statusCode).toBe(403);
    const expired = new URL(link);
    expired.searchParams.set('expires', String(Math.floor(Date.now() / 1000) - 5));
    expect((await t.app.inject({ method: 'GET', url: `${expired.pathname}${expired.search}` })).statusCode).toBe(403);
    const otherId = `/api/downloads/00000000-0000-4000-8000-000000000000/${link.search}`;
    expect((await t.app.inject({ method: 'GET', url: otherId })).statusCode).toBe(403);
  });

  it('shop/redact erases a shop with its own account entirely', async () => {
    const shop = 'erased-shop.myshopify.com';
    const { session, thread } = await connectedShop(shop);
    await thread({ email: 'someone@example.com' });
    await injectWebhook(t.app, fake, { topic: 'orders/create', shop, payload: order(6001, 'someone@example.com') });
    const [connection] = await t.services.db.select().from(shopConnections).where(eq(shopConnections.shopDomain, shop));
    const storeDir = `${t.services.env.dataDir}/files/${connection?.catalogStoreId}`;
    expect(existsSync(storeDir)).toBe(true);
    const [account] = await t.services.db.select().from(users).where(eq(users.email, session.email));
    const pair = await issueTokenPair({ db: t.services.db, tokens: t.services.tokens, user: account as NonNullable<typeof account> });
    const signature = (access: string) => t.app.inject({ url: '/api/users/reply-signature/', headers: bearer(access) });
    expect((await signature(session.access)).statusCode).toBe(200);
    await injectWebhook(t.app, fake, { topic: 'app/uninstalled', shop, payload: {} });
    expect((await injectWebhook(t.app, fake, { topic: 'shop/redact', shop, payload: { shop_id: 1, shop_domain: shop } })).status).toBe(200);
    expect(await t.services.db.select().from(shopConnections).where(eq(shopConnections.shopDomain, shop))).toEqual([]);
    expect(await t.services.db.select().from(users).where(eq(users.email, session.email))).toEqual([]);
    // Issue 28, finding 7: the deleted account's sessions end at once, not when their tokens expire.
    const ended = { detail: 'Token is invalid or expired', code: 'token_not_valid' };
    for (const access of [session.access, pair.access]) expect((await signature(access)).json()).toEqual(ended);
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: pair.refresh } });
    expect(refreshed.statusCode).toBe(401);
    for (const table of [stores, assistants, sharedThreads, orders, products]) {
      expect(await t.services.db.select().from(table).where(eq(table.ownerEmail, session.email))).toEqual([]);
    }
    expect(existsSync(storeDir)).toBe(false);
    // A repeat (Shopify delivers more than once) finds nothing and is fine.
    expect((await injectWebhook(t.app, fake, { topic: 'shop/redact', shop, payload: { shop_id: 1, shop_domain: shop } })).status).toBe(200);
  });

  it('shop/redact of a shop connected to a regular account erases the shop’s data and keeps the account’s own work', async () => {
    const shop = 'borrowed-shop.myshopify.com';
    const owner = await createVerifiedUser(t, { email: 'merchant@example.com' });
    const viewer: TestViewer = { email: owner.email, access: owner.access, isStaff: false };
    const mine = await createAssistant(t, viewer);
    const { session } = await embeddedSignIn(t.app, fake, shop).then((s) => ({ session: s }));
    // The shop was connected to the merchant's own account (as the setup wizard does for a signed-in user).
    await t.services.db.update(shopConnections).set({ ownerEmail: owner.email }).where(eq(shopConnections.shopDomain, shop));
    await t.services.db.delete(users).where(eq(users.email, session.email));
    await injectWebhook(t.app, fake, { topic: 'orders/create', shop, payload: order(4001, 'x@example.com') });
    await injectWebhook(t.app, fake, { topic: 'shop/redact', shop, payload: { shop_id: 1, shop_domain: shop } });
    expect(await t.services.db.select().from(shopConnections).where(eq(shopConnections.shopDomain, shop))).toEqual([]);
    expect(await t.services.db.select().from(orders).where(eq(orders.ownerEmail, owner.email))).toEqual([]);
    expect(await t.services.db.select().from(users).where(eq(users.email, owner.email))).toHaveLength(1);
    expect((await t.services.db.select().from(assistants).where(eq(assistants.id, mine))).length).toBe(1);
  });
});
