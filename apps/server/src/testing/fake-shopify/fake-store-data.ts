/**
 * A fake shop's content, deterministic from its name: pages, blogs with articles, products with
 * variants (500 active by default, a few drafts), a MAIN theme whose settings_data.json has colour
 * schemes, orders (with line items, shipping addresses, fulfilments with tracking, returns) and the
 * default return policy's rules. Records are kept in the shapes the Admin API answers with, so the
 * resolvers only page through them.
 */
export interface FakeVariant {
  id: string;
  legacyResourceId: string;
  title: string;
  sku: string | null;
  price: string;
  compareAtPrice: string | null;
  inventoryQuantity: number;
  availableForSale: boolean;
  selectedOptions: { name: string; value: string }[];
  weight: { unit: 'GRAMS' | 'KILOGRAMS'; value: number };
  position: number;
}

export interface FakeProduct {
  id: string;
  legacyResourceId: string;
  title: string;
  handle: string;
  descriptionHtml: string;
  vendor: string;
  productType: string;
  tags: string[];
  status: 'ACTIVE' | 'DRAFT' | 'ARCHIVED';
  onlineStoreUrl: string | null;
  createdAt: string;
  updatedAt: string;
  options: { name: string; values: string[] }[];
  image: { url: string; altText: string | null } | null;
  variants: FakeVariant[];
}

export interface FakePage {
  id: string;
  title: string;
  handle: string;
  body: string;
  isPublished: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface FakeArticle {
  id: string;
  title: string;
  handle: string;
  body: string;
  summary: string | null;
  author: string;
  tags: string[];
  publishedAt: string;
}

export interface FakeBlog {
  id: string;
  title: string;
  handle: string;
  articles: FakeArticle[];
}

export interface FakeTheme {
  id: string;
  name: string;
  role: 'MAIN' | 'UNPUBLISHED';
  files: Record<string, string>;
}

export interface FakeLineItem {
  id: string;
  title: string;
  quantity: number;
  sku: string | null;
}

/** A shipment: its tracking, when it was delivered, and which of the order's line items it carried (FulfillmentLineItem ids). */
export interface FakeFulfillment {
  id: string;
  status: string;
  /** FulfillmentDisplayStatus: IN_TRANSIT, DELIVERED… */
  displayStatus: string | null;
  createdAt: string;
  deliveredAt: string | null;
  trackingInfo: { company: string | null; number: string | null; url: string | null }[];
  lineItems: { id: string; lineItemId: string; quantity: number }[];
}

/** Shopify's MailingAddress fields that orders carry. */
export interface FakeMailingAddress {
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  province: string | null;
  provinceCode: string | null;
  country: string | null;
  countryCodeV2: string | null;
  zip: string | null;
  phone: string | null;
}

/** A return on an order (returnRequest makes one REQUESTED), with the fulfillment line items it takes back. */
export interface FakeReturn {
  id: string;
  name: string;
  status: 'CANCELED' | 'CLOSED' | 'DECLINED' | 'OPEN' | 'REQUESTED';
  lines: { fulfillmentLineItemId: string; quantity: number; customerNote: string | null }[];
}

export interface FakeOrder {
  id: string;
  legacyResourceId: string;
  name: string;
  email: string | null;
  /** E.164, as Shopify keeps an order's phone. */
  phone: string | null;
  /** The language the customer checked out in ("ja", "en"…). */
  customerLocale: string | null;
  createdAt: string;
  cancelledAt: string | null;
  displayFinancialStatus: string;
  displayFulfillmentStatus: string;
  total: string;
  note: string | null;
  customAttributes: { key: string; value: string }[];
  lineItems: FakeLineItem[];
  shippingAddress: FakeMailingAddress | null;
  fulfillments: FakeFulfillment[];
  returns: FakeReturn[];
  /** Every orderInvoiceSend: the address the order's e-mail went to. */
  invoicesSent: { to: string }[];
}

/**
 * The store's default return policy profile's return rules (2026-10 `ReturnPoliciesReturnRules`);
 * null: return rules off, items can be returned without restriction.
 */
export interface FakeReturnRules {
  canAcceptReturns: boolean;
  /** -1: no limit. */
  returnWindowDays: number | null;
  returnWindowStartingFrom: 'ITEM_DELIVERY_DATE' | 'LAST_ITEM_DELIVERY_DATE' | null;
}

export interface FakeStoreContent {
  name: string;
  currencyCode: string;
  products: FakeProduct[];
  pages: FakePage[];
  blogs: FakeBlog[];
  themes: FakeTheme[];
  orders: FakeOrder[];
  returnRules: FakeReturnRules | null;
}

const MATERIALS = ['Linen', 'Merino', 'Cotton', 'Cashmere', 'Denim', 'Silk', 'Canvas', 'Leather', 'Bamboo', 'Wool'];
const THINGS = ['Shirt', 'Sweater', 'Scarf', 'Jacket', 'Tote', 'Beanie', 'Trousers', 'Socks', 'Apron', 'Blanket'];
const COLOURS = ['Indigo', 'Saffron', 'Olive', 'Coral', 'Charcoal'];
const SIZES = ['S', 'M', 'L'];
const VENDORS = ['Northwind', 'Fjord & Co', 'Atelier Nine'];

export const gid = (type: string, id: number | string) => `gid://shopify/${type}/${id}`;

export function fakeStoreContent(shop: string, options: { products?: number } = {}): FakeStoreContent {
  const count = options.products ?? 500;
  const base = Date.parse('2026-10-01T09:00:00Z');
  const products: FakeProduct[] = [];
  for (let i = 0; i < count; i++) products.push(fakeProduct(shop, 1000 + i, i, base));
  // Drafts and archived products exist in every shop: the catalog must leave them out.
  products.push({ ...fakeProduct(shop, 1000 + count, count, base), status: 'DRAFT', title: 'Unreleased Prototype Parka' });
  products.push({ ...fakeProduct(shop, 1001 + count, count + 1, base), status: 'ARCHIVED', title: 'Retired Fleece Vest' });
  return {
    name: shop.replace(/\.myshopify\.com$/, '').replace(/-/g, ' '),
    currencyCode: 'EUR',
    products,
    pages: [
      fakePage(1, 'Shipping policy', '<h2>Shipping</h2><p>We ship within 2 business days. Free shipping over €60.</p>', base),
      fakePage(2, 'Returns', '<p>Return unworn items within 30 days for a full refund.</p>', base),
      fakePage(3, 'About us', '<p>A small studio making slow fashion since 2012.</p>', base),
    ],
    blogs: [
      {
        id: gid('Blog', 1),
        title: 'Journal',
        handle: 'journal',
        articles: [1, 2, 3].map((n) => ({
          id: gid('Article', n),
          title: `Care guide ${n}`,
          handle: `care-guide-${n}`,
          body: `<p>Wash ${MATERIALS[n]?.toLowerCase()} cold and dry flat.</p>`,
          summary: `<p>How to care for ${MATERIALS[n]?.toLowerCase()}.</p>`,
          author: 'Studio team',
          tags: ['care'],
          publishedAt: new Date(base + n * 86_400_000).toISOString(),
        })),
      },
    ],
    themes: [
      {
        id: gid('OnlineStoreTheme', 1),
        name: 'Dawn',
        role: 'MAIN',
        files: {
          'config/settings_data.json': JSON.stringify({
            current: {
              color_schemes: {
                'scheme-1': { settings: { background: '#FFFFFF', text: '#121212', button: '#1F4E79', button_label: '#FFFFFF' } },
                'scheme-2': { settings: { background: '#F3F3F3', text: '#121212', button: '#121212', button_label: '#F3F3F3' } },
              },
            },
          }),
        },
      },
      { id: gid('OnlineStoreTheme', 2), name: 'Draft theme', role: 'UNPUBLISHED', files: {} },
    ],
    orders: [
      // Fulfilled and delivered, tracked with DHL.
      fakeOrder(5001, {
        email: 'Ann@Example.com',
        phone: '+15550100101',
        createdAt: '2026-11-01T10:00:00Z',
        fulfillments: [
          {
            id: gid('Fulfillment', 1),
            status: 'SUCCESS',
            displayStatus: 'DELIVERED',
            createdAt: '2026-11-02T10:00:00Z',
            deliveredAt: '2026-11-04T10:00:00Z',
            trackingInfo: [{ company: 'DHL', number: 'JD0001', url: 'https://dhl.example/JD0001' }],
            lineItems: [{ id: gid('FulfillmentLineItem', 500101), lineItemId: gid('LineItem', 500101), quantity: 1 }],
          },
        ],
      }),
      // Not shipped yet: its address can still change.
      fakeOrder(5002, {
        email: 'ben@example.jp',
        phone: '+819012345678',
        customerLocale: 'ja',
        createdAt: '2026-11-20T01:00:00Z',
        displayFulfillmentStatus: 'UNFULFILLED',
        shippingAddress: {
          firstName: 'Ben',
          lastName: 'Sato',
          company: null,
          address1: '1-2-3 Jingumae',
          address2: null,
          city: 'Shibuya',
          province: 'Tokyo',
          provinceCode: 'JP-13',
          country: 'Japan',
          countryCodeV2: 'JP',
          zip: '150-0001',
          phone: '+819012345678',
        },
      }),
      // Cancelled before it shipped.
      fakeOrder(5003, {
        email: 'cat@example.com',
        createdAt: '2026-11-21T09:00:00Z',
        cancelledAt: '2026-11-21T12:00:00Z',
        displayFinancialStatus: 'REFUNDED',
        displayFulfillmentStatus: 'UNFULFILLED',
      }),
    ],
    // The default profile: 30 days from each item's delivery.
    returnRules: { canAcceptReturns: true, returnWindowDays: 30, returnWindowStartingFrom: 'ITEM_DELIVERY_DATE' },
  };
}

function fakeProduct(shop: string, id: number, index: number, base: number): FakeProduct {
  const material = MATERIALS[index % MATERIALS.length] as string;
  const thing = THINGS[Math.floor(index / MATERIALS.length) % THINGS.length] as string;
  const edition = Math.floor(index / (MATERIALS.length * THINGS.length)) + 1;
  const title = `${material} ${thing} No. ${edition}`;
  const handle = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/-$/, '');
  // Product 7 has many variants: more than one page of them (the catalog reads every page).
  const colours = index === 7 ? COLOURS : COLOURS.slice(0, 1 + (index % 2));
  const sizes = index === 7 ? [...SIZES, 'XL', 'XXL'] : SIZES;
  const priceCents = 1900 + (index % 17) * 500;
  const variants: FakeVariant[] = [];
  for (const colour of colours) {
    for (const size of sizes) {
      const n = variants.length;
      const stock = (index + n) % 7 === 0 ? 0 : 3 + ((index + n) % 20);
      variants.push({
        id: gid('ProductVariant', id * 100 + n),
        legacyResourceId: String(id * 100 + n),
        title: `${colour} / ${size}`,
        sku: `${material.slice(0, 3).toUpperCase()}-${thing.slice(0, 3).toUpperCase()}-${id}-${n}`,
        price: ((priceCents + (size === 'L' ? 200 : 0)) / 100).toFixed(2),
        compareAtPrice: index % 5 === 0 ? ((priceCents + 1000) / 100).toFixed(2) : null,
        inventoryQuantity: stock,
        availableForSale: stock > 0,
        selectedOptions: [
          { name: 'Color', value: colour },
          { name: 'Size', value: size },
        ],
        weight: { unit: 'GRAMS', value: 200 + index },
        position: n + 1,
      });
    }
  }
  return {
    id: gid('Product', id),
    legacyResourceId: String(id),
    title,
    handle,
    descriptionHtml: `<p>A ${material.toLowerCase()} ${thing.toLowerCase()} made in small batches.</p><ul><li>100% ${material.toLowerCase()}</li></ul>`,
    vendor: VENDORS[index % VENDORS.length] as string,
    productType: thing,
    tags: [material.toLowerCase(), thing.toLowerCase(), ...(index % 3 === 0 ? ['bestseller'] : [])],
    status: 'ACTIVE',
    onlineStoreUrl: index % 50 === 49 ? null : `https://${shop}/products/${handle}`,
    createdAt: new Date(base).toISOString(),
    updatedAt: new Date(base + index * 60_000).toISOString(),
    options: [
      { name: 'Color', values: colours },
      { name: 'Size', values: sizes },
    ],
    image: { url: `https://cdn.shopify.example/${handle}.jpg`, altText: title },
    variants,
  };
}

function fakePage(id: number, title: string, body: string, base: number): FakePage {
  return {
    id: gid('Page', id),
    title,
    handle: title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    body,
    isPublished: true,
    createdAt: new Date(base).toISOString(),
    updatedAt: new Date(base).toISOString(),
  };
}

/**
 * An order as the Admin API keeps it: `#{number - 4000}` (5001 → #1001), one line item (a Linen
 * Shirt), paid, fulfilled unless told otherwise. Tests build time-relative orders with it
 * (`FakeShopify.upsertOrder`).
 */
export function fakeOrder(id: number, overrides: Partial<FakeOrder> = {}): FakeOrder {
  return {
    id: gid('Order', id),
    legacyResourceId: String(id),
    name: `#${id - 4000}`,
    email: null,
    phone: null,
    customerLocale: 'en',
    createdAt: '2026-11-01T10:00:00Z',
    cancelledAt: null,
    displayFinancialStatus: 'PAID',
    displayFulfillmentStatus: 'FULFILLED',
    total: '59.90',
    note: null,
    customAttributes: [],
    lineItems: [{ id: gid('LineItem', id * 100 + 1), title: 'Linen Shirt No. 1', quantity: 1, sku: 'LIN-SHI-1000-0' }],
    shippingAddress: {
      firstName: 'Ann',
      lastName: 'Lee',
      company: null,
      address1: '1 Harbour St',
      address2: null,
      city: 'Portland',
      province: 'Oregon',
      provinceCode: 'OR',
      country: 'United States',
      countryCodeV2: 'US',
      zip: '97201',
      phone: null,
    },
    fulfillments: [],
    returns: [],
    invoicesSent: [],
    ...overrides,
  };
}
