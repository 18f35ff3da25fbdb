import { STOREFRONT_METAFIELD_NAMESPACE, WIZARD_FLAGS } from '@aisle/contracts/setup-wizard';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assistantStores,
  assistants,
  assistantTemplates,
  files,
  sharedAssistants,
  shopConnections,
  shopSettings,
  stores,
  variables,
  wizards,
} from '../../db/schema';
import type { ModelEvent } from '../../lib/event-bus';
import { eventually } from '../../testing/fake-shopify/catalog-checks';
import { type FakeShopify, startFakeShopify } from '../../testing/fake-shopify/fake-shopify';
import { embeddedSignIn, shopifyEnv } from '../../testing/fake-shopify/shopify-test-kit';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser } from '../../testing/users';
import { ORDER_STATUS_TEMPLATE_ID, STORE_FAQ_TEMPLATE_ID } from '../templates';

const SHOP = 'wizard-shop.myshopify.com';

describe('setup wizard', () => {
  let fake: FakeShopify;
  let t: TestApp;
  let owner: { access: string; email: string };

  const call = async (who: { access: string }, url: string, payload?: unknown) => {
    const res = await t.app.inject({ method: 'POST', url, payload: payload as object, headers: { authorization: `Bearer ${who.access}` } });
    return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
  };
  const wizardOf = async (email: string) => (await t.services.db.select().from(wizards).where(eq(wizards.ownerEmail, email)))[0];
  const finished = (email: string, timeoutMs = 120_000) =>
    eventually(
      async () => {
        const row = await wizardOf(email);
        return row && (row.completed || row.status === 'Failed') ? row : null;
      },
      timeoutMs,
      'the wizard to finish',
    );

  beforeAll(async () => {
    fake = await startFakeShopify({ products: 40 });
    t = await createTestApp(shopifyEnv(fake));
    owner = await embeddedSignIn(t.app, fake, SHOP);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('builds the assistant from the store: every flag in order, live; store, documents, assistant, links, share and metafields', async () => {
    const seen: ModelEvent[] = [];
    const subscription = t.services.events.subscribe('Wizard');
    const collecting = (async () => {
      for await (const event of subscription) {
        if (event.ownerEmail === owner.email) seen.push(event);
        if (event.item.completed || event.item.status === 'Failed') break;
      }
    })();

    const started = await call(owner, '/api/wizard/start-process/', {});
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ shop: SHOP, started: true });
    // A second start while it runs changes nothing.
    const again = await call(owner, '/api/wizard/start-process/', {});
    expect(again.status).toBe(200);
    expect(again.body.started).toBe(false);

    const wizard = await finished(owner.email);
    await collecting;
    expect(wizard).toMatchObject({ completed: true, status: 'Completed', currentStep: 'COMPLETED', log: null, shopDomain: SHOP });
    for (const flag of WIZARD_FLAGS) expect(wizard[flag]).toBe(true);

    // Live: each flag arrives in its own update, in spec §4's order.
    const order: string[] = [];
    for (const event of seen) {
      for (const flag of WIZARD_FLAGS) if (event.item[flag] && !order.includes(flag)) order.push(flag);
    }
    expect(order).toEqual([...WIZARD_FLAGS]);
    expect(seen.at(-1)?.item).toMatchObject({ completed: true });

    const db = t.services.db;
    const [connection] = await db.select().from(shopConnections).where(eq(shopConnections.shopDomain, SHOP));
    expect(connection?.catalogStoreId).toBeTruthy();
    expect(connection?.assistantId).toBeTruthy();
    const ownStores = await db.select().from(stores).where(eq(stores.ownerEmail, owner.email));
    expect(ownStores.map((s) => s.id)).toEqual([connection?.catalogStoreId]);
    const stored = await db
      .select()
      .from(files)
      .where(eq(files.storeId, connection?.catalogStoreId as string));
    expect(stored.map((f) => f.fileName).sort()).toEqual(
      [
        'shopify-article-journal-care-guide-1.html',
        'shopify-article-journal-care-guide-2.html',
        'shopify-article-journal-care-guide-3.html',
        'shopify-page-about-us.html',
        'shopify-page-returns.html',
        'shopify-page-shipping-policy.html',
        'shopify-products.json',
      ].sort(),
    );
    expect(stored.every((f) => f.status === 'ready')).toBe(true);

    const [assistant] = await db.select().from(assistants).where(eq(assistants.ownerEmail, owner.email));
    expect(assistant?.assistantName).toBe('wizard shop');
    expect(assistant?.instructions).toContain('Return unworn items within 30 days');
    expect(assistant?.instructions).toContain('We ship within 2 business days');
    expect(assistant?.instructions).toContain('slow fashion');
    expect(
      await db
        .select()
        .from(assistantStores)
        .where(eq(assistantStores.assistantId, assistant?.id as string)),
    ).toHaveLength(1);
    const links = await db
      .select()
      .from(assistantTemplates)
      .where(eq(assistantTemplates.assistantId, assistant?.id as string));
    expect(links.map((l) => l.templateId).sort()).toEqual([STORE_FAQ_TEMPLATE_ID, ORDER_STATUS_TEMPLATE_ID].sort());
    const [support] = await db.select().from(variables).where(eq(variables.ownerEmail, owner.email));
    expect(support).toMatchObject({ name: 'SUPPORT_EMAIL', value: `help@${SHOP}` });

    const [share] = await db.select().from(sharedAssistants).where(eq(sharedAssistants.ownerEmail, owner.email));
    // The theme's first colour scheme: its button and button label.
    expect(share?.theme).toEqual({ primaryColor: '#1f4e79', primaryTextColor: '#ffffff' });
    const [settings] = await db
      .select()
      .from(shopSettings)
      .where(eq(shopSettings.shopConnectionId, connection?.id as string));
    expect(settings).toMatchObject({ sharedAssistantId: share?.id, widgetEnabled: true });

    const metafields = Object.fromEntries(
      [...fake.shop(SHOP).installation.metafields.values()]
        .filter((m) => m.namespace === STOREFRONT_METAFIELD_NAMESPACE)
        .map((m) => [m.key, m.value]),
    );
    expect(metafields).toEqual({
      share_token: share?.shareToken,
      app_origin: 'http://aisle.test',
      primary_color: '#1f4e79',
      primary_text_color: '#ffffff',
      greeting: 'Hi! Welcome to wizard shop. How can I help you today?',
      enabled: 'true',
    });

    // Preferences saved later reach the storefront embed too.
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/sh/settings/',
      headers: { authorization: `Bearer ${owner.access}` },
      payload: { colors: { primaryColor: '#aa3300', primaryTextColor: '#000000' }, greeting: 'Hello there' },
    });
    expect(saved.statusCode).toBe(200);
    await eventually(
      async () => {
        const fields = fake.shop(SHOP).installation.metafields;
        return (
          fields.get(`${STOREFRONT_METAFIELD_NAMESPACE}.primary_color`)?.value === '#aa3300' &&
          fields.get(`${STOREFRONT_METAFIELD_NAMESPACE}.greeting`)?.value === 'Hello there'
        );
      },
      30_000,
      'the metafields to follow the settings',
    );

    // Completed: a new start does nothing and makes nothing twice.
    const after = await call(owner, '/api/wizard/start-process/', {});
    expect(after.status).toBe(200);
    expect(await db.select().from(assistants).where(eq(assistants.ownerEmail, owner.email))).toHaveLength(1);
  });

  it('ends as Failed with a readable log when a step fails after its retries, and resumes from the last step done', async () => {
    const shop = 'failing-shop.myshopify.com';
    const merchant = await embeddedSignIn(t.app, fake, shop);
    // The sign-in's own catalog sync first, so the failures below meet the wizard.
    await eventually(
      async () => (await t.services.db.select().from(shopConnections).where(eq(shopConnections.shopDomain, shop)))[0]?.catalogSyncedAt,
    );

    // Shopify answers 503 to every try of the first call (the Admin client tries 3 times).
    fake.failNext({ status: 503 }, { status: 503 }, { status: 503 });
    expect((await call(merchant, '/api/wizard/start-process/', {})).status).toBe(201);
    const failed = await finished(merchant.email);
    expect(failed).toMatchObject({ status: 'Failed', completed: false, pagesRetrieved: false });
    expect(failed.log).toBe(
      'Could not retrieve the store’s pages: A network error has occurred. Shopify could not be reached; try again in a moment.',
    );

    // Later the theme cannot be read: the run fails there, after the three retrievals before it.
    const content = fake.shop(shop).content;
    const themes = content.themes;
    Object.defineProperty(content, 'themes', {
      configurable: true,
      get() {
        throw new Error('theme storage unavailable');
      },
    });
    expect((await call(merchant, '/api/wizard/start-process/', {})).status).toBe(201);
    const again = await eventually(async () => {
      const row = await wizardOf(merchant.email);
      return row?.status === 'Failed' && row.productsRetrieved ? row : null;
    });
    expect(again).toMatchObject({ pagesRetrieved: true, blogsRetrieved: true, productsRetrieved: true, themeColorsRetrieved: false });
    expect(again.log).toBe('Could not retrieve the theme’s colours: Shopify could not complete the request. Try again in a moment.');

    // Started once more: it goes on from the theme and completes.
    Object.defineProperty(content, 'themes', { configurable: true, writable: true, value: themes });
    const pageCalls = () => fake.calls.filter((c) => c.shop === shop && c.kind === 'graphql').length;
    const before = pageCalls();
    expect((await call(merchant, '/api/wizard/start-process/', {})).status).toBe(201);
    const done = await finished(merchant.email);
    expect(done).toMatchObject({ completed: true, log: null });
    expect(pageCalls()).toBeGreaterThan(before);
  });

  it('keeps owners apart and refuses bad input', async () => {
    const stranger = await createVerifiedUser(t);
    const noShop = await call(stranger, '/api/wizard/start-process/', {});
    expect(noShop.status).toBe(404);
    expect(noShop.body.detail).toBe('Connect your Shopify store first.');
    expect((await call(stranger, '/api/wizard/start-process/', { shop: SHOP })).status).toBe(404);
    expect((await call(stranger, '/api/wizard/start-process/', { shop: 5 })).status).toBe(400);
    expect((await call(stranger, '/api/wizard/start-process/', { other: 'x' })).status).toBe(400);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/wizard/start-process/', payload: {} });
    expect(anonymous.statusCode).toBe(401);
    expect(await wizardOf(stranger.email)).toBeUndefined();

    expect((await call(stranger, '/api/wizard/increment-usage/', {})).body).toEqual({ runs: 1 });
    expect((await call(stranger, '/api/wizard/increment-usage/', {})).body).toEqual({ runs: 2 });
    expect((await call(owner, '/api/wizard/increment-usage/', {})).body).toEqual({ runs: 1 });
  });
});
