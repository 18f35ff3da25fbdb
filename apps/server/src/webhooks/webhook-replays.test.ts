import { randomUUID } from 'node:crypto';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, shopConnections, webhookDeliveries } from '../db/schema';
import { type FakeShopify, startFakeShopify } from '../testing/fake-shopify/fake-shopify';
import { embeddedSignIn, shopifyEnv, signedWebhook } from '../testing/fake-shopify/shopify-test-kit';
import { createTestApp, type TestApp } from '../testing/test-app';
import { receiveWebhook } from './receive-webhook';
import { shopifyWebhookSource } from './shopify-topics';

/**
 * Someone who captured one signed Shopify delivery (a proxy's log, a leaked request dump) sends it
 * again. Shopify's HMAC covers the body only, so the id and time headers are theirs to choose.
 */
describe('replayed webhooks', () => {
  let fake: FakeShopify;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startFakeShopify({ products: 2 });
    t = await createTestApp(shopifyEnv(fake));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const connection = async (shop: string) =>
    (await t.services.db.select().from(shopConnections).where(eq(shopConnections.shopDomain, shop)))[0];
  /** The captured request with fresh id headers and the given trigger time: the signature still holds. */
  const replay = (captured: ReturnType<typeof signedWebhook>, triggeredAt: Date) =>
    t.app.inject({
      method: 'POST',
      url: captured.url,
      payload: captured.body,
      headers: {
        ...captured.headers,
        'x-shopify-event-id': randomUUID(),
        'x-shopify-webhook-id': randomUUID(),
        'x-shopify-triggered-at': triggeredAt.toISOString(),
      },
    });

  it('answers a captured app/uninstalled sent again under a new event id "Already received." and leaves the reinstalled shop connected', async () => {
    const shop = 'replayed-uninstall.myshopify.com';
    await embeddedSignIn(t.app, fake, shop);
    const captured = signedWebhook(fake, { topic: 'app/uninstalled', shop, payload: { id: 5, myshopify_domain: shop } });
    const first = await t.app.inject({ method: 'POST', url: captured.url, headers: captured.headers, payload: captured.body });
    expect(first.json()).toEqual({ detail: 'Received.' });
    expect((await connection(shop))?.accessToken).toBeNull();
    // The merchant opens the app again: connected once more.
    await embeddedSignIn(t.app, fake, shop);
    expect(await connection(shop)).toMatchObject({ accessToken: expect.any(String), uninstalledAt: null });

    for (const triggeredAt of [new Date(Date.now() - 47 * 3600_000), new Date()]) {
      const again = await replay(captured, triggeredAt);
      expect({ status: again.statusCode, body: again.json() }).toEqual({ status: 200, body: { detail: 'Already received.' } });
    }
    expect(await connection(shop)).toMatchObject({ accessToken: expect.any(String), uninstalledAt: null });
  });

  it('refuses a captured shop/redact aimed at another shop through the unsigned shop header, and erases nothing there', async () => {
    const victim = 'aimed-at.myshopify.com';
    await embeddedSignIn(t.app, fake, victim);
    const captured = signedWebhook(fake, {
      topic: 'shop/redact',
      shop: 'leaving.myshopify.com',
      payload: { shop_id: 9, shop_domain: 'leaving.myshopify.com' },
    });
    const aimed = await t.app.inject({
      method: 'POST',
      url: captured.url,
      payload: captured.body,
      headers: { ...captured.headers, 'x-shopify-shop-domain': victim, 'x-shopify-event-id': randomUUID() },
    });
    expect({ status: aimed.statusCode, body: aimed.json() }).toEqual({
      status: 401,
      body: { detail: 'The webhook signature is missing or invalid.' },
    });
    expect(await connection(victim)).toMatchObject({ accessToken: expect.any(String) });
  });

  it('handles a delivery whose handling failed on Shopify’s retry; its body under a new id is a repeat until the retry window has passed', async () => {
    const shop = 'retried-order.myshopify.com';
    await embeddedSignIn(t.app, fake, shop);
    const source = shopifyWebhookSource(t.services);
    const ordersCreate = source.topics.find((topic) => topic.topic === 'orders/create');
    if (!ordersCreate) throw new Error('orders/create is not a Shopify topic');
    let failures = 1;
    const flaky = {
      ...ordersCreate,
      async handle(delivery: Parameters<typeof ordersCreate.handle>[0]) {
        if (failures-- > 0) throw new Error('the database went away for a moment');
        await ordersCreate.handle(delivery);
      },
    };
    const payload = { id: 31337, name: '#31337', email: 'buyer@example.com', total_price: '10.00', currency: 'EUR' };
    const captured = signedWebhook(fake, { topic: 'orders/create', shop, payload });
    const deliver = (headers: Record<string, string>) =>
      receiveWebhook(
        { db: t.services.db, logger: t.services.logger },
        { source, topics: [flaky], rawBody: Buffer.from(captured.body), headers },
      );
    const recorded = async () => (await t.services.db.select().from(orders).where(eq(orders.externalId, '31337'))).length;

    await expect(deliver(captured.headers)).rejects.toThrow('the database went away');
    expect(await recorded()).toBe(0);
    // Shopify retries with the same ids.
    expect(await deliver(captured.headers)).toEqual({ status: 200, body: { detail: 'Received.' } });
    expect(await recorded()).toBe(1);
    const renamed = { ...captured.headers, 'x-shopify-event-id': randomUUID(), 'x-shopify-webhook-id': randomUUID() };
    expect(await deliver(renamed)).toEqual({ status: 200, body: { detail: 'Already received.' } });

    // Two days on, the same bytes are a new delivery again (as a bare shop/redact is, for a shop installed again).
    await t.services.db
      .update(webhookDeliveries)
      .set({ receivedAt: sql`now() - interval '49 hours'` })
      .where(like(webhookDeliveries.deliveryId, 'body:%'));
    const later = { ...captured.headers, 'x-shopify-event-id': randomUUID(), 'x-shopify-webhook-id': randomUUID() };
    expect(await deliver(later)).toEqual({ status: 200, body: { detail: 'Received.' } });
    expect(await recorded()).toBe(1);
  });
});
