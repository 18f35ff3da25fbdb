import { createHash } from 'node:crypto';
import { GraphQLError } from 'graphql';
import type {
  FakeArticle,
  FakeBlog,
  FakeFulfillment,
  FakeMailingAddress,
  FakeOrder,
  FakePage,
  FakeProduct,
  FakeStoreContent,
  FakeTheme,
  FakeVariant,
} from './fake-store-data';
import { gid } from './fake-store-data';

/** Relay-style connection over a list: `first`/`after` as Shopify pages (cursor: the position). */
export function connection<T>(
  items: T[],
  args: { first?: number | null; after?: string | null; last?: number | null; before?: string | null },
) {
  if (args.first != null && (args.first < 0 || args.first > 250)) throw new Error('The first argument must be between 0 and 250.');
  const start = args.after ? Number(Buffer.from(args.after, 'base64url').toString()) + 1 : 0;
  const size = args.first ?? args.last ?? items.length;
  const slice = items.slice(start, start + size);
  const cursor = (offset: number) => Buffer.from(String(start + offset)).toString('base64url');
  return {
    edges: slice.map((node, offset) => ({ cursor: cursor(offset), node })),
    nodes: slice,
    pageInfo: {
      hasNextPage: start + size < items.length,
      hasPreviousPage: start > 0,
      startCursor: slice.length ? cursor(0) : null,
      endCursor: slice.length ? cursor(slice.length - 1) : null,
    },
  };
}

/** A charge the app created on the shop: an app subscription or a one-time purchase, as Shopify keeps it. */
export interface FakeCharge {
  kind: 'subscription' | 'one_time';
  id: string;
  name: string;
  status: string;
  test: boolean;
  returnUrl: string;
  price: { amount: string; currencyCode: string };
  createdAt: string;
  currentPeriodEnd: string | null;
}

export interface FakeInstallation {
  metafields: Map<string, { namespace: string; key: string; type: string; value: string; updatedAt: string }>;
  scopes: string[];
  charges: FakeCharge[];
}

/** The root value of one shop's Admin API: each field a function of its arguments, as graphql-js calls them. */
export function adminRoot(shopDomain: string, content: FakeStoreContent, installation: FakeInstallation) {
  const product = (p: FakeProduct) => productNode(p, content);
  const products = () => content.products;
  const shopId = gid('Shop', 1);
  return {
    shop: () => ({
      id: shopId,
      name: content.name,
      email: `owner@${shopDomain}`,
      contactEmail: `help@${shopDomain}`,
      currencyCode: content.currencyCode,
      myshopifyDomain: shopDomain,
      description: null,
      url: `https://${shopDomain}`,
      primaryDomain: { id: gid('Domain', 1), host: shopDomain, url: `https://${shopDomain}` },
    }),
    products: (args: { first?: number; after?: string; query?: string; sortKey?: string; reverse?: boolean }) => {
      let list = products();
      const status = /status:(\w+)/i.exec(args.query ?? '')?.[1]?.toUpperCase();
      if (status) list = list.filter((p) => p.status === status);
      if (args.reverse) list = [...list].reverse();
      return connection(list.map(product), args);
    },
    product: ({ id }: { id: string }) => {
      const found = products().find((p) => p.id === id);
      return found ? product(found) : null;
    },
    productByHandle: ({ handle }: { handle: string }) => {
      const found = products().find((p) => p.handle === handle);
      return found ? product(found) : null;
    },
    pages: (args: { first?: number; after?: string }) => connection(content.pages.map(pageNode), args),
    page: ({ id }: { id: string }) => {
      const found = content.pages.find((p) => p.id === id);
      return found ? pageNode(found) : null;
    },
    blogs: (args: { first?: number; after?: string }) => connection(content.blogs.map(blogNode), args),
    blog: ({ id }: { id: string }) => {
      const found = content.blogs.find((b) => b.id === id);
      return found ? blogNode(found) : null;
    },
    article: ({ id }: { id: string }) => {
      for (const blog of content.blogs) {
        const found = blog.articles.find((a) => a.id === id);
        if (found) return articleNode(found, blog);
      }
      return null;
    },
    themes: (args: { first?: number; after?: string; roles?: string[]; names?: string[] }) =>
      connection(
        content.themes
          .filter((t) => (!args.roles || args.roles.includes(t.role)) && (!args.names || args.names.includes(t.name)))
          .map(themeNode),
        args,
      ),
    theme: ({ id }: { id: string }) => {
      const found = content.themes.find((t) => t.id === id);
      return found ? themeNode(found) : null;
    },
    currentAppInstallation: () => installationNode(installation),
    appSubscriptionCreate: (args: {
      name: string;
      returnUrl: string;
      test?: boolean | null;
      lineItems: { plan: { appRecurringPricingDetails?: { price: { amount: string; currencyCode: string } } } }[];
    }) => {
      const price = args.lineItems[0]?.plan.appRecurringPricingDetails?.price;
      if (!price)
        return { appSubscription: null, confirmationUrl: null, userErrors: [{ field: ['lineItems'], message: 'A plan is required.' }] };
      const charge = addCharge(installation, shopDomain, 'subscription', { ...args, price });
      return { appSubscription: chargeNode(charge), confirmationUrl: confirmationUrlOf(shopDomain, charge), userErrors: [] };
    },
    appPurchaseOneTimeCreate: (args: {
      name: string;
      returnUrl: string;
      test?: boolean | null;
      price: { amount: string; currencyCode: string };
    }) => {
      if (Number(args.price.amount) < 0.5) {
        return {
          appPurchaseOneTime: null,
          confirmationUrl: null,
          userErrors: [{ field: ['price'], message: 'Price must be at least 0.50.' }],
        };
      }
      const charge = addCharge(installation, shopDomain, 'one_time', args);
      return { appPurchaseOneTime: chargeNode(charge), confirmationUrl: confirmationUrlOf(shopDomain, charge), userErrors: [] };
    },
    metafieldsSet: ({
      metafields,
    }: {
      metafields: { ownerId: string; namespace?: string; key: string; type?: string; value: string }[];
    }) => {
      const installationId = gid('AppInstallation', 1);
      const userErrors = metafields.flatMap((input, elementIndex) =>
        input.ownerId === installationId
          ? []
          : [{ field: ['metafields', String(elementIndex), 'ownerId'], message: 'Owner does not exist.', code: 'INVALID', elementIndex }],
      );
      if (userErrors.length) return { metafields: null, userErrors };
      const saved = metafields.map((input) => {
        const namespace = input.namespace ?? '$app';
        const value = {
          namespace,
          key: input.key,
          type: input.type ?? 'single_line_text_field',
          value: input.value,
          updatedAt: new Date().toISOString(),
        };
        installation.metafields.set(`${namespace}.${input.key}`, value);
        return metafieldNode(value);
      });
      return { metafields: saved, userErrors: [] };
    },
    orders: (args: { first?: number; after?: string; query?: string }) => {
      // Shopify's search syntax (https://shopify.dev/docs/api/usage/search-syntax): `name:1001`
      // finds #1001; values may be quoted.
      const term = (field: string) => {
        const match = new RegExp(`${field}:(?:"([^"]*)"|'([^']*)'|(\\S+))`, 'i').exec(args.query ?? '');
        return match ? (match[1] ?? match[2] ?? match[3] ?? '') : undefined;
      };
      const name = term('name');
      const email = term('email');
      const bare = (value: string) => value.replace(/^#/, '').toLowerCase();
      const list = content.orders.filter(
        (o) => (name === undefined || bare(o.name) === bare(name)) && (!email || o.email?.toLowerCase() === email.toLowerCase()),
      );
      return connection(
        list.map((o) => orderNode(o, content)),
        args,
      );
    },
    order: ({ id }: { id: string }) => {
      const found = content.orders.find((o) => o.id === id);
      return found ? orderNode(found, content) : null;
    },
    returnableFulfillments: (args: { orderId: string; first?: number; after?: string }) => {
      requireScopes(installation, ['read_orders', 'read_returns'], 'returnableFulfillments');
      const order = content.orders.find((o) => o.id === args.orderId);
      if (!order) throw new GraphQLError('Order does not exist', { extensions: { code: 'NOT_FOUND' } });
      const returnable = order.fulfillments
        .filter((f) => f.status === 'SUCCESS')
        .map((f) => ({
          id: gid('ReturnableFulfillment', f.id.split('/').at(-1) as string),
          fulfillment: fulfillmentNode(f, order),
          lines: f.lineItems
            .map((line) => ({ line, quantity: line.quantity - returnedQuantity(order, line.id) }))
            .filter((entry) => entry.quantity > 0),
        }))
        .filter((r) => r.lines.length > 0)
        .map((r) => ({
          id: r.id,
          fulfillment: r.fulfillment,
          returnableFulfillmentLineItems: (inner: { first?: number; after?: string }) =>
            connection(
              r.lines.map((entry) => ({ quantity: entry.quantity, fulfillmentLineItem: fulfillmentLineItemNode(entry.line, order) })),
              inner,
            ),
        }));
      return connection(returnable, args);
    },
    returnPolicyProfiles: (args: { first?: number; after?: string; default?: boolean | null }) => {
      requireScopes(installation, ['read_legal_policies'], 'returnPolicyProfiles');
      // Every store has one unnamed default profile (its rules null while return rules are off).
      const profiles = [
        {
          id: gid('ReturnPolicyProfile', 1),
          default: true,
          name: null,
          returnRules: content.returnRules,
          updatedAt: '2026-10-01T00:00:00Z',
        },
      ];
      return connection(
        profiles.filter((p) => args.default == null || p.default === args.default),
        args,
      );
    },
    returnRequest: ({
      input,
    }: {
      input: { orderId: string; returnLineItems: { fulfillmentLineItemId: string; quantity: number; customerNote?: string | null }[] };
    }) => {
      requireScopes(installation, ['write_returns'], 'returnRequest');
      const order = content.orders.find((o) => o.id === input.orderId);
      if (!order)
        return { return: null, userErrors: [{ field: ['input', 'orderId'], message: 'Order does not exist.', code: 'NOT_FOUND' }] };
      if (!input.returnLineItems.length) {
        return {
          return: null,
          userErrors: [{ field: ['input', 'returnLineItems'], message: "Return line items can't be blank.", code: 'BLANK' }],
        };
      }
      const lines = order.fulfillments.flatMap((f) => f.lineItems);
      for (const [index, item] of input.returnLineItems.entries()) {
        const line = lines.find((l) => l.id === item.fulfillmentLineItemId);
        const field = ['input', 'returnLineItems', String(index)];
        if (!line) return { return: null, userErrors: [{ field, message: 'Fulfillment line item does not exist.', code: 'NOT_FOUND' }] };
        if (item.quantity < 1 || item.quantity > line.quantity - returnedQuantity(order, line.id)) {
          return { return: null, userErrors: [{ field: [...field, 'quantity'], message: 'Quantity is not returnable.', code: 'INVALID' }] };
        }
        if ((item.customerNote ?? '').length > 300) {
          return {
            return: null,
            userErrors: [{ field: [...field, 'customerNote'], message: 'Customer note is too long.', code: 'TOO_LONG' }],
          };
        }
      }
      const number = order.returns.length + 1;
      const created = {
        id: gid('Return', `${order.legacyResourceId}${number}`),
        name: `${order.name}-R${number}`,
        status: 'REQUESTED' as const,
        lines: input.returnLineItems.map((item) => ({ ...item, customerNote: item.customerNote ?? null })),
      };
      order.returns.push(created);
      return {
        return: {
          id: created.id,
          name: created.name,
          status: created.status,
          order: () => orderNode(order, content),
          totalQuantity: created.lines.reduce((sum, line) => sum + line.quantity, 0),
        },
        userErrors: [],
      };
    },
    orderUpdate: ({
      input,
    }: {
      input: { id: string; email?: string | null; note?: string | null; shippingAddress?: Record<string, string | null> };
    }) => {
      requireScopes(installation, ['write_orders'], 'orderUpdate');
      const order = content.orders.find((o) => o.id === input.id);
      if (!order) return { order: null, userErrors: [{ field: ['id'], message: 'Order does not exist' }] };
      if (input.email !== undefined) order.email = input.email;
      if (input.note !== undefined) order.note = input.note;
      if (input.shippingAddress) {
        // The new address replaces the old one as a whole (OrderInput.shippingAddress).
        const given = input.shippingAddress;
        order.shippingAddress = {
          firstName: given.firstName ?? null,
          lastName: given.lastName ?? null,
          company: given.company ?? null,
          address1: given.address1 ?? null,
          address2: given.address2 ?? null,
          city: given.city ?? null,
          province: given.province ?? null,
          provinceCode: given.provinceCode ?? null,
          country:
            given.country ?? (given.countryCode ? (new Intl.DisplayNames(['en'], { type: 'region' }).of(given.countryCode) ?? null) : null),
          countryCodeV2: given.countryCode ?? null,
          zip: given.zip ?? null,
          phone: given.phone ?? null,
        };
      }
      return { order: orderNode(order, content), userErrors: [] };
    },
    orderInvoiceSend: ({ id, email }: { id: string; email?: { to?: string | null } | null }) => {
      requireScopes(installation, ['write_orders'], 'orderInvoiceSend');
      const order = content.orders.find((o) => o.id === id);
      const to = email?.to ?? order?.email;
      if (!order || !to) {
        return {
          order: null,
          userErrors: [{ field: ['id'], message: 'Invoice could not be sent.', code: 'ORDER_INVOICE_SEND_UNSUCCESSFUL' }],
        };
      }
      order.invoicesSent.push({ to });
      return { order: orderNode(order, content), userErrors: [] };
    },
    node: ({ id }: { id: string }) => {
      const found = content.products.find((p) => p.id === id);
      return found ? { __typename: 'Product', ...product(found) } : null;
    },
  };
}

function productNode(p: FakeProduct, content: FakeStoreContent) {
  const prices = p.variants.map((v) => Number(v.price));
  const money = (amount: number) => ({ amount: amount.toFixed(2), currencyCode: content.currencyCode });
  return {
    ...p,
    description: ({ truncateAt }: { truncateAt?: number }) => {
      const text = p.descriptionHtml
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
      return truncateAt ? text.slice(0, truncateAt) : text;
    },
    publishedAt: p.status === 'ACTIVE' ? p.createdAt : null,
    onlineStorePreviewUrl: `${p.onlineStoreUrl ?? 'https://preview.example'}?preview`,
    totalInventory: p.variants.reduce((sum, v) => sum + v.inventoryQuantity, 0),
    tracksInventory: true,
    featuredMedia: p.image
      ? {
          __typename: 'MediaImage',
          id: gid('MediaImage', p.legacyResourceId),
          alt: p.image.altText,
          mediaContentType: 'IMAGE',
          status: 'READY',
          image: { id: gid('ImageSource', p.legacyResourceId), url: p.image.url, altText: p.image.altText, width: 1200, height: 1200 },
          preview: {
            status: 'READY',
            image: { id: gid('ImageSource', p.legacyResourceId), url: p.image.url, altText: p.image.altText, width: 1200, height: 1200 },
          },
        }
      : null,
    options: ({ first }: { first?: number }) =>
      p.options.slice(0, first ?? p.options.length).map((o, i) => ({
        id: gid('ProductOption', `${p.legacyResourceId}${i}`),
        name: o.name,
        position: i + 1,
        values: o.values,
        optionValues: o.values.map((value, j) => ({
          id: gid('ProductOptionValue', `${p.legacyResourceId}${i}${j}`),
          name: value,
          hasVariants: true,
        })),
      })),
    priceRangeV2: { minVariantPrice: money(Math.min(...prices)), maxVariantPrice: money(Math.max(...prices)) },
    variantsCount: { count: p.variants.length, precision: 'EXACT' },
    variants: (args: { first?: number; after?: string }) =>
      connection(
        p.variants.map((v) => variantNode(v, p)),
        args,
      ),
  };
}

function variantNode(v: FakeVariant, p: FakeProduct) {
  return {
    ...v,
    barcode: null,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    displayName: `${p.title} - ${v.title}`,
    image: null,
    product: () => ({ id: p.id, title: p.title }),
    inventoryItem: {
      id: gid('InventoryItem', v.legacyResourceId),
      sku: v.sku,
      tracked: true,
      measurement: { id: gid('InventoryItemMeasurement', v.legacyResourceId), weight: v.weight },
    },
  };
}

function pageNode(p: FakePage) {
  return {
    ...p,
    bodySummary: p.body
      .replace(/<[^>]+>/g, ' ')
      .trim()
      .slice(0, 150),
    publishedAt: p.createdAt,
    templateSuffix: null,
  };
}

function blogNode(b: FakeBlog) {
  return {
    id: b.id,
    title: b.title,
    handle: b.handle,
    tags: [],
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    articles: (args: { first?: number; after?: string }) =>
      connection(
        b.articles.map((a) => articleNode(a, b)),
        args,
      ),
  };
}

function articleNode(a: FakeArticle, b: FakeBlog) {
  return {
    ...a,
    author: { name: a.author },
    blog: () => blogNode(b),
    createdAt: a.publishedAt,
    updatedAt: a.publishedAt,
    isPublished: true,
    image: null,
  };
}

function themeNode(t: FakeTheme) {
  return {
    id: t.id,
    name: t.name,
    role: t.role,
    prefix: '/t/1',
    processing: false,
    processingFailed: false,
    themeStoreId: 887,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    files: (args: { filenames?: string[]; first?: number; after?: string }) => {
      const names = Object.keys(t.files).filter((name) => !args.filenames || args.filenames.includes(name));
      const files = names.map((filename) => {
        const content = t.files[filename] as string;
        return {
          filename,
          body: { __typename: 'OnlineStoreThemeFileBodyText', content },
          checksumMd5: createHash('md5').update(content).digest('hex'),
          contentType: 'application/json',
          size: String(Buffer.byteLength(content)),
          createdAt: '2026-01-01T00:00:00Z',
          updatedAt: '2026-01-01T00:00:00Z',
        };
      });
      const missing = (args.filenames ?? []).filter((name) => !(name in t.files)).map((filename) => ({ filename, code: 'NOT_FOUND' }));
      return { ...connection(files, args), userErrors: missing };
    },
  };
}

function addCharge(
  installation: FakeInstallation,
  _shop: string,
  kind: FakeCharge['kind'],
  args: { name: string; returnUrl: string; test?: boolean | null; price: { amount: string; currencyCode: string } },
): FakeCharge {
  const number = 1000 + installation.charges.length + 1;
  const charge: FakeCharge = {
    kind,
    id: gid(kind === 'subscription' ? 'AppSubscription' : 'AppPurchaseOneTime', number),
    name: args.name,
    status: 'PENDING',
    test: Boolean(args.test),
    returnUrl: args.returnUrl,
    price: args.price,
    createdAt: new Date().toISOString(),
    currentPeriodEnd: null,
  };
  installation.charges.push(charge);
  return charge;
}

/** Shopify's approval page for the charge (the fake approves or declines through FakeShopify). */
const confirmationUrlOf = (shop: string, charge: FakeCharge) =>
  `https://${shop}/admin/charges/${charge.id.split('/').at(-1)}/${charge.kind === 'subscription' ? 'confirm_recurring_application_charge' : 'confirm_application_charge'}?signature=fake`;

function chargeNode(charge: FakeCharge) {
  return {
    id: charge.id,
    name: charge.name,
    status: charge.status,
    test: charge.test,
    returnUrl: charge.returnUrl,
    price: charge.price,
    createdAt: charge.createdAt,
    currentPeriodEnd: charge.currentPeriodEnd,
    trialDays: 0,
  };
}

function installationNode(installation: FakeInstallation) {
  const list = () => [...installation.metafields.values()];
  return {
    id: gid('AppInstallation', 1),
    activeSubscriptions: () => installation.charges.filter((c) => c.kind === 'subscription' && c.status === 'ACTIVE').map(chargeNode),
    oneTimePurchases: (args: { first?: number; after?: string; reverse?: boolean }) => {
      const purchases = installation.charges.filter((c) => c.kind === 'one_time').map(chargeNode);
      return connection(args.reverse ? purchases.reverse() : purchases, args);
    },
    launchUrl: 'https://admin.shopify.example/apps/aisle',
    accessScopes: installation.scopes.map((handle) => ({ handle, description: handle })),
    metafield: ({ namespace, key }: { namespace?: string; key: string }) => {
      const found = installation.metafields.get(`${namespace ?? '$app'}.${key}`);
      return found ? metafieldNode(found) : null;
    },
    metafields: (args: { first?: number; after?: string; namespace?: string }) =>
      connection(
        list()
          .filter((m) => !args.namespace || m.namespace === args.namespace)
          .map(metafieldNode),
        args,
      ),
  };
}

function metafieldNode(m: { namespace: string; key: string; type: string; value: string; updatedAt: string }) {
  return {
    id: gid('Metafield', createHash('md5').update(`${m.namespace}.${m.key}`).digest('hex').slice(0, 12)),
    ...m,
    createdAt: m.updatedAt,
    compareDigest: createHash('sha256').update(m.value).digest('hex'),
  };
}

/**
 * A field the app's access scopes do not cover answers Shopify's ACCESS_DENIED error
 * (https://shopify.dev/docs/api/usage/access-scopes): the field is null and the error names the scope.
 */
function requireScopes(installation: FakeInstallation, scopes: string[], field: string) {
  // A write scope grants its read scope (https://shopify.dev/docs/api/usage/access-scopes).
  const granted = (scope: string) =>
    installation.scopes.includes(scope) || (scope.startsWith('read_') && installation.scopes.includes(`write_${scope.slice(5)}`));
  const missing = scopes.filter((scope) => !granted(scope));
  if (!missing.length) return;
  const required = missing.map((scope) => `\`${scope}\` access scope`).join(' and ');
  throw new GraphQLError(`Access denied for ${field} field. Required access: ${required}.`, {
    extensions: { code: 'ACCESS_DENIED', documentation: 'https://shopify.dev/api/usage/access-scopes', requiredAccess: `${required}.` },
  });
}

/** How much of a fulfillment line item is in a return that was not declined or canceled. */
function returnedQuantity(order: FakeOrder, fulfillmentLineItemId: string): number {
  return order.returns
    .filter((r) => r.status !== 'DECLINED' && r.status !== 'CANCELED')
    .flatMap((r) => r.lines)
    .filter((line) => line.fulfillmentLineItemId === fulfillmentLineItemId)
    .reduce((sum, line) => sum + line.quantity, 0);
}

/** The order's aggregated return status (OrderReturnStatus), from its returns. */
function returnStatusOf(order: FakeOrder): string {
  const statuses = order.returns.map((r) => r.status);
  if (statuses.includes('REQUESTED')) return 'RETURN_REQUESTED';
  if (statuses.includes('OPEN')) return 'IN_PROGRESS';
  if (statuses.includes('CLOSED')) return 'RETURNED';
  return 'NO_RETURN';
}

function lineItemNode(order: FakeOrder, lineItemId: string) {
  const line = order.lineItems.find((l) => l.id === lineItemId);
  if (!line) throw new Error(`no line item ${lineItemId} on ${order.name}`);
  return { ...line, name: line.title };
}

function fulfillmentLineItemNode(line: FakeFulfillment['lineItems'][number], order: FakeOrder) {
  return { id: line.id, quantity: line.quantity, lineItem: () => lineItemNode(order, line.lineItemId) };
}

function fulfillmentNode(f: FakeFulfillment, order: FakeOrder) {
  return {
    id: f.id,
    status: f.status,
    displayStatus: f.displayStatus,
    createdAt: f.createdAt,
    deliveredAt: f.deliveredAt,
    inTransitAt: f.createdAt,
    estimatedDeliveryAt: null,
    trackingInfo: ({ first }: { first?: number }) => f.trackingInfo.slice(0, first ?? f.trackingInfo.length),
    fulfillmentLineItems: (args: { first?: number; after?: string }) =>
      connection(
        f.lineItems.map((line) => fulfillmentLineItemNode(line, order)),
        args,
      ),
  };
}

function addressNode(order: FakeOrder, address: FakeMailingAddress) {
  const name = [address.firstName, address.lastName].filter(Boolean).join(' ');
  return { id: gid('MailingAddress', `${order.legacyResourceId}1`), ...address, name: name || null };
}

function orderNode(o: FakeOrder, content: FakeStoreContent) {
  const money = { amount: o.total, currencyCode: content.currencyCode };
  return {
    ...o,
    currencyCode: content.currencyCode,
    updatedAt: o.createdAt,
    totalPriceSet: { shopMoney: money, presentmentMoney: money },
    returnStatus: returnStatusOf(o),
    shippingAddress: o.shippingAddress ? addressNode(o, o.shippingAddress) : null,
    lineItems: (args: { first?: number; after?: string }) =>
      connection(
        o.lineItems.map((line) => lineItemNode(o, line.id)),
        args,
      ),
    fulfillments: ({ first }: { first?: number }) =>
      o.fulfillments.slice(0, first ?? o.fulfillments.length).map((f) => fulfillmentNode(f, o)),
  };
}
