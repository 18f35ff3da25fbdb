import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApiContext, adminGraphql, getConnectionByShop, type ShopConnection } from '../../domains/shopify';
import { createTestApp, type TestApp } from '../test-app';
import { type FakeShopify, startFakeShopify } from './fake-shopify';
import { embeddedSignIn, shopifyEnv } from './shopify-test-kit';

const SHOP = 'wizard-shop.myshopify.com';

/**
 * The fake store's Admin API as the setup wizard will read it (pages, blogs with articles, the
 * MAIN theme's colour schemes, app-data metafields, order lookups), through the server's own
 * Admin client: the queries below are valid against the schema subset, and so against Shopify's.
 */
describe('the fake Shopify Admin API', () => {
  let fake: FakeShopify;
  let t: TestApp;
  let connection: ShopConnection;
  const query = async <T>(text: string, variables?: Record<string, unknown>) => {
    const res = await adminGraphql<T>(adminApiContext({ ...t.services }), connection, { query: text, variables });
    expect(res.errors).toBeUndefined();
    return res.data as T;
  };

  beforeAll(async () => {
    fake = await startFakeShopify({ products: 2 });
    t = await createTestApp(shopifyEnv(fake));
    await embeddedSignIn(t.app, fake, SHOP);
    connection = (await getConnectionByShop(t.services.db, SHOP)) as ShopConnection;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('serves pages, and blogs with their articles, page by page', async () => {
    const pages = await query<{ pages: { nodes: { title: string; body: string }[]; pageInfo: { hasNextPage: boolean } } }>(
      'query($after: String) { pages(first: 2, after: $after) { nodes { id title handle body } pageInfo { hasNextPage endCursor } } }',
    );
    expect(pages.pages.nodes.map((page) => page.title)).toEqual(['Shipping policy', 'Returns']);
    expect(pages.pages.pageInfo.hasNextPage).toBe(true);
    const blogs = await query<{
      blogs: { nodes: { title: string; articles: { nodes: { title: string; author: { name: string } }[] } }[] };
    }>(
      '{ blogs(first: 10) { nodes { id title handle articles(first: 10) { nodes { id title body summary tags publishedAt author { name } } } } } }',
    );
    expect(blogs.blogs.nodes[0]?.articles.nodes).toHaveLength(3);
    expect(blogs.blogs.nodes[0]?.articles.nodes[0]?.author.name).toBe('Studio team');
  });

  it('serves the MAIN theme’s settings_data.json with its colour schemes', async () => {
    const data = await query<{
      themes: { nodes: { name: string; files: { nodes: { filename: string; body: { content: string } }[] } }[] };
    }>(
      `{ themes(first: 1, roles: [MAIN]) { nodes { id name role
          files(filenames: ["config/settings_data.json"], first: 1) {
            nodes { filename body { ... on OnlineStoreThemeFileBodyText { content } } }
            userErrors { filename code }
          } } } }`,
    );
    const theme = data.themes.nodes[0];
    expect(theme?.name).toBe('Dawn');
    const settings = JSON.parse(theme?.files.nodes[0]?.body.content ?? '{}');
    expect(settings.current.color_schemes['scheme-1'].settings.button).toBe('#1F4E79');
  });

  it('writes and reads app-data metafields on the current app installation', async () => {
    const installation = await query<{ currentAppInstallation: { id: string } }>(
      '{ currentAppInstallation { id accessScopes { handle } } }',
    );
    const set = await query<{ metafieldsSet: { metafields: { key: string; value: string }[]; userErrors: unknown[] } }>(
      `mutation($metafields: [MetafieldsSetInput!]!) {
        metafieldsSet(metafields: $metafields) { metafields { key namespace value } userErrors { field message code } } }`,
      {
        metafields: [
          { ownerId: installation.currentAppInstallation.id, namespace: 'aisle', key: 'widget', type: 'json', value: '{"token":"abc"}' },
        ],
      },
    );
    expect(set.metafieldsSet).toMatchObject({ userErrors: [], metafields: [{ key: 'widget', value: '{"token":"abc"}' }] });
    const read = await query<{ currentAppInstallation: { metafield: { value: string } } }>(
      '{ currentAppInstallation { metafield(namespace: "aisle", key: "widget") { value } } }',
    );
    expect(read.currentAppInstallation.metafield.value).toBe('{"token":"abc"}');
    expect(fake.shop(SHOP).installation.metafields.get('aisle.widget')?.value).toBe('{"token":"abc"}');
  });

  it('looks orders up by name', async () => {
    const data = await query<{
      orders: { edges: { node: { name: string; email: string; totalPriceSet: { shopMoney: { amount: string } } } }[] };
    }>(
      `query($search: String!) { orders(first: 1, query: $search) { edges { node {
        name email createdAt displayFinancialStatus displayFulfillmentStatus
        totalPriceSet { shopMoney { amount currencyCode } }
        fulfillments(first: 5) { status trackingInfo(first: 3) { company number url } } } } } }`,
      { search: 'name:#1001' },
    );
    expect(data.orders.edges[0]?.node).toMatchObject({ name: '#1001', totalPriceSet: { shopMoney: { amount: '59.90' } } });
  });
  it('serves what the order help reads and changes: line items, addresses, returns, the return rules, and refuses a missing scope', async () => {
    const order = await query<{
      orders: {
        nodes: {
          id: string;
          phone: string;
          customerLocale: string;
          returnStatus: string;
          lineItems: { nodes: { title: string; quantity: number }[] };
          shippingAddress: { name: string; countryCodeV2: string };
          fulfillments: { deliveredAt: string; fulfillmentLineItems: { nodes: { id: string; lineItem: { title: string } }[] } }[];
        }[];
      };
    }>(
      `query($search: String!) { orders(first: 1, query: $search) { nodes {
        id phone customerLocale returnStatus
        lineItems(first: 5) { nodes { title quantity } }
        shippingAddress { name countryCodeV2 }
        fulfillments(first: 5) { deliveredAt fulfillmentLineItems(first: 5) { nodes { id lineItem { title } } } } } } }`,
      { search: 'name:"#1001"' },
    );
    const node = order.orders.nodes[0];
    expect(node).toMatchObject({
      phone: '+15550100101',
      returnStatus: 'NO_RETURN',
      shippingAddress: { name: 'Ann Lee', countryCodeV2: 'US' },
    });
    const line = node?.fulfillments[0]?.fulfillmentLineItems.nodes[0];
    expect(line?.lineItem.title).toBe('Linen Shirt No. 1');

    const requested = await query<{ returnRequest: { return: { name: string; status: string } | null; userErrors: { code: string }[] } }>(
      `mutation($input: ReturnRequestInput!) { returnRequest(input: $input) { return { id name status } userErrors { code field message } } }`,
      { input: { orderId: node?.id, returnLineItems: [{ fulfillmentLineItemId: line?.id, quantity: 1, customerNote: 'Too big' }] } },
    );
    expect(requested.returnRequest).toEqual({ return: { id: expect.any(String), name: '#1001-R1', status: 'REQUESTED' }, userErrors: [] });
    // Nothing more of that line can be returned now.
    const again = await query<{ returnRequest: { return: null; userErrors: { code: string }[] } }>(
      `mutation($input: ReturnRequestInput!) { returnRequest(input: $input) { return { id } userErrors { code field message } } }`,
      { input: { orderId: node?.id, returnLineItems: [{ fulfillmentLineItemId: line?.id, quantity: 1 }] } },
    );
    expect(again.returnRequest.userErrors).toEqual([expect.objectContaining({ code: 'INVALID' })]);
    const rules = await query<{ returnPolicyProfiles: { nodes: { default: boolean; returnRules: { returnWindowDays: number } }[] } }>(
      '{ returnPolicyProfiles(first: 1, default: true) { nodes { default returnRules { canAcceptReturns returnWindowDays returnWindowStartingFrom } } } }',
    );
    expect(rules.returnPolicyProfiles.nodes).toEqual([{ default: true, returnRules: expect.objectContaining({ returnWindowDays: 30 }) }]);

    // A field the app's scopes do not cover: Shopify's ACCESS_DENIED, naming the scope.
    const installation = fake.shop(SHOP).installation;
    installation.scopes = installation.scopes.filter((scope) => scope !== 'read_legal_policies');
    try {
      const denied = await adminGraphql(adminApiContext({ ...t.services }), connection, {
        query: '{ returnPolicyProfiles(first: 1) { nodes { id } } }',
      });
      expect(denied.errors).toEqual([
        expect.objectContaining({
          extensions: expect.objectContaining({ code: 'ACCESS_DENIED', requiredAccess: '`read_legal_policies` access scope.' }),
        }),
      ]);
      // A field Shopify does not have fails validation, as it would there.
      const invalid = await adminGraphql(adminApiContext({ ...t.services }), connection, {
        query: '{ orders(first: 1) { nodes { customerEmail } } }',
      });
      expect(invalid.errors?.[0]?.message).toContain('Cannot query field "customerEmail"');
    } finally {
      installation.scopes.push('read_legal_policies');
    }
  });
});
