import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, shopConnections } from '../../db/schema';
import { eventually, filePassages, passagesOfStoredFile, statisticsDrift, syncedCatalog } from '../../testing/fake-shopify/catalog-checks';
import { type FakeShopify, startFakeShopify } from '../../testing/fake-shopify/fake-shopify';
import { embeddedSignIn, injectWebhook, shopifyEnv } from '../../testing/fake-shopify/shopify-test-kit';
import { createTestApp, type TestApp } from '../../testing/test-app';

const SHOP = 'catalog-shop.myshopify.com';

describe('catalog sync and product webhooks', () => {
  let fake: FakeShopify;
  let t: TestApp;
  let access: string;

  const search = async (query: string, storeId: string, k = 3) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/store/search/',
      headers: { authorization: `Bearer ${access}` },
      payload: { storeIds: [storeId], query, k },
    });
    expect(res.statusCode).toBe(200);
    return (JSON.parse(res.body) as { results: { text: string; heading: string; fileName: string }[] }).results;
  };

  beforeAll(async () => {
    fake = await startFakeShopify();
    t = await createTestApp(shopifyEnv(fake));
    ({ access } = await embeddedSignIn(t.app, fake, SHOP));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('reads every active product (paginated, all variants) into records and a product list the knowledge search finds', async () => {
    const { storeId, file } = await syncedCatalog(t, SHOP);
    const rows = await t.services.db
      .select()
      .from(products)
      .where(eq(products.ownerEmail, `owner@${SHOP}`));
    expect(rows).toHaveLength(500);
    expect(rows.some((row) => row.title === 'Unreleased Prototype Parka')).toBe(false);
    // Product 7 has 25 variants: more than one page of them.
    const many = rows.find((row) => row.externalId === 'gid://shopify/Product/1007');
    expect(many?.variants).toHaveLength(25);
    expect(many).toMatchObject({ currency: 'EUR', available: true, price: '54.00' });
    const [connection] = await t.services.db.select().from(shopConnections).where(eq(shopConnections.shopDomain, SHOP));
    expect(connection).toMatchObject({ shopName: 'catalog shop', currency: 'EUR', catalogStoreId: storeId });
    expect(file.passageCount).toBe(500);

    // Five editions of the merino scarf exist; whichever ranks first, the hits are those scarves with their URLs.
    const hits = await search('merino scarf', storeId);
    expect(hits).toHaveLength(3);
    for (const hit of hits) {
      const edition = /^Merino Scarf No\. (\d)/.exec(hit.text)?.[1];
      expect(edition).toBeDefined();
      expect(hit.text).toContain(`URL: https://${SHOP}/products/merino-scarf-no-${edition}`);
    }

    const listed = await t.app.inject({ method: 'GET', url: '/api/sh/products/?page=2', headers: { authorization: `Bearer ${access}` } });
    expect(JSON.parse(listed.body)).toMatchObject({
      count: 500,
      previous: 'http://aisle.test/api/sh/products/',
      results: expect.any(Array),
    });
    expect(await statisticsDrift(t, storeId)).toEqual([]);
  });

  it('re-indexes only the product a products/update webhook names, and makes it searchable', async () => {
    const { storeId, file } = await syncedCatalog(t, SHOP);
    const before = await filePassages(t, file.id);
    const product = fake.shop(SHOP).content.products[42];
    if (!product) throw new Error('no product 42');
    fake.upsertProduct(SHOP, {
      ...product,
      title: 'Heliotrope Alpaca Poncho',
      descriptionHtml: '<p>Hand-loomed in the Andes.</p>',
      updatedAt: new Date().toISOString(),
    });
    const sent = await injectWebhook(t.app, fake, {
      topic: 'products/update',
      shop: SHOP,
      payload: { id: Number(product.legacyResourceId), title: 'Heliotrope Alpaca Poncho' },
    });
    expect(sent.status).toBe(200);
    const [hit] = await eventually(async () => {
      const results = await search('heliotrope alpaca poncho', storeId, 1);
      return results[0]?.text.startsWith('Heliotrope Alpaca Poncho') ? results : null;
    });
    expect(hit?.text).toContain('Hand-loomed in the Andes.');

    const after = await filePassages(t, file.id);
    expect(after).toHaveLength(before.length);
    const changed = after.filter((passage, i) => passage.id !== before[i]?.id);
    expect(changed.map((passage) => passage.ordinal)).toEqual([42]);
    // The same passages a whole-file ingestion would make, and BM25 statistics that add up.
    expect(after.map(({ ordinal, heading, text }) => ({ ordinal, heading, text }))).toEqual(
      await passagesOfStoredFile(t, storeId, file.id),
    );
    expect(await statisticsDrift(t, storeId)).toEqual([]);
    const [row] = await t.services.db.select().from(products).where(eq(products.externalId, product.id));
    expect(row?.title).toBe('Heliotrope Alpaca Poncho');
  });

  it('adds created products and removes deleted ones, keeping every other passage in place', async () => {
    const { storeId, file } = await syncedCatalog(t, SHOP);
    const catalog = fake.shop(SHOP).content.products;
    const template = catalog[3];
    const doomed = catalog[10];
    if (!template || !doomed) throw new Error('fixture');
    const created = fake.upsertProduct(SHOP, {
      ...template,
      id: 'gid://shopify/Product/990001',
      legacyResourceId: '990001',
      title: 'Quokka Plush Cushion',
      handle: 'quokka-plush-cushion',
      updatedAt: new Date().toISOString(),
    });
    expect((await injectWebhook(t.app, fake, { topic: 'products/create', shop: SHOP, payload: { id: 990001 } })).status).toBe(200);
    await eventually(async () => (await search('quokka plush cushion', storeId, 1))[0]?.text.startsWith(created.title));

    const before = await filePassages(t, file.id);
    fake.removeProduct(SHOP, doomed.id);
    expect(
      (await injectWebhook(t.app, fake, { topic: 'products/delete', shop: SHOP, payload: { id: Number(doomed.legacyResourceId) } })).status,
    ).toBe(200);
    // The refresh job removes the passage, then the product's record: wait until it has done both.
    const productRows = () => t.services.db.select().from(products).where(eq(products.externalId, doomed.id));
    await eventually(async () => (await filePassages(t, file.id)).length === before.length - 1 && (await productRows()).length === 0);
    const after = await filePassages(t, file.id);
    expect(after.map((passage) => passage.id)).toEqual(before.filter((passage) => passage.ordinal !== 10).map((passage) => passage.id));
    expect(after.map((passage) => passage.ordinal)).toEqual(after.map((_, i) => i));
    expect(after.map(({ ordinal, heading, text }) => ({ ordinal, heading, text }))).toEqual(
      await passagesOfStoredFile(t, storeId, file.id),
    );
    expect(await statisticsDrift(t, storeId)).toEqual([]);
    expect(await productRows()).toEqual([]);
  });
});
