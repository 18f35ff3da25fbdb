/**
 * Shopify product → our product record: the one place that knows both shapes. The parallel
 * product-record contract (packages/contracts products.ts) will replace `ProductListItem` here;
 * everything else (catalog sync, product webhooks, GET sh/products/) goes through these functions.
 */

/** A product as catalog-queries.ts asks the Admin GraphQL API for it. */
export interface ShopifyProductNode {
  id: string;
  legacyResourceId: string;
  title: string;
  handle: string;
  onlineStoreUrl: string | null;
  descriptionHtml: string;
  vendor: string;
  productType: string;
  tags: string[];
  status: string;
  updatedAt: string;
  totalInventory: number | null;
  options: { name: string; values: string[] }[];
  featuredMedia: { preview: { image: { url: string; altText: string | null } | null } | null } | null;
  variants: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: ShopifyVariantNode[] };
}

export interface ShopifyVariantNode {
  id: string;
  title: string;
  sku: string | null;
  /** Money scalars: decimal strings in the shop's currency. */
  price: string;
  compareAtPrice: string | null;
  inventoryQuantity: number | null;
  availableForSale: boolean;
  selectedOptions: { name: string; value: string }[];
  inventoryItem: { measurement: { weight: { unit: string; value: number } | null } | null } | null;
}

/**
 * One product of the product-list file in the shop's knowledge store: Shopify's product shape
 * (field names as the Admin API's, connections flattened), which the knowledge parser reads as a
 * product list (title, url, descriptionHtml, vendor, productType, tags, variants' titles, prices, SKUs).
 */
export interface ProductListItem {
  id: string;
  legacyResourceId: string;
  title: string;
  handle: string;
  url: string;
  descriptionHtml: string;
  vendor: string | null;
  productType: string | null;
  tags: string[];
  options: { name: string; values: string[] }[];
  /** The lowest variant price and the currency of every price. */
  price: string | null;
  currency: string | null;
  available: boolean;
  totalInventory: number | null;
  featuredImage: { url: string; altText: string | null } | null;
  variants: {
    id: string;
    title: string;
    sku: string | null;
    price: string;
    compareAtPrice: string | null;
    inventoryQuantity: number | null;
    availableForSale: boolean;
    selectedOptions: { name: string; value: string }[];
    weight: { value: number; unit: string } | null;
  }[];
  updatedAt: string;
}

/** The product's Admin API id from the REST id webhooks carry. */
export const productGid = (legacyId: string) => `gid://shopify/Product/${legacyId}`;

/** Only active products are sold: drafts and archived products stay out of the assistant's catalog. */
export const isListed = (node: ShopifyProductNode) => node.status === 'ACTIVE';

export function toProductListItem(node: ShopifyProductNode, shop: { domain: string; currency: string | null }): ProductListItem {
  const variants = node.variants.nodes.map((variant) => ({
    id: variant.id,
    title: variant.title,
    sku: variant.sku || null,
    price: variant.price,
    compareAtPrice: variant.compareAtPrice,
    inventoryQuantity: variant.inventoryQuantity,
    availableForSale: variant.availableForSale,
    selectedOptions: variant.selectedOptions,
    weight: variant.inventoryItem?.measurement?.weight ?? null,
  }));
  const image = node.featuredMedia?.preview?.image ?? null;
  return {
    id: node.id,
    legacyResourceId: node.legacyResourceId,
    title: node.title,
    handle: node.handle,
    // Unpublished from the Online Store: the shop's own domain still redirects to its primary one.
    url: node.onlineStoreUrl ?? `https://${shop.domain}/products/${node.handle}`,
    descriptionHtml: node.descriptionHtml,
    vendor: node.vendor || null,
    productType: node.productType || null,
    tags: node.tags,
    options: node.options.map((option) => ({ name: option.name, values: option.values })),
    price: lowestPrice(variants.map((variant) => variant.price)),
    currency: shop.currency,
    available: variants.some((variant) => variant.availableForSale),
    totalInventory: node.totalInventory,
    featuredImage: image ? { url: image.url, altText: image.altText } : null,
    variants,
    updatedAt: node.updatedAt,
  };
}

/** The `products` table row of a list item (GET sh/products/). */
export function toProductRow(item: ProductListItem) {
  return {
    externalId: item.id,
    title: item.title,
    description: null,
    url: item.url,
    imageUrl: item.featuredImage?.url ?? null,
    price: item.price,
    currency: item.currency,
    variants: item.variants,
    handle: item.handle,
    vendor: item.vendor,
    productType: item.productType,
    tags: item.tags,
    available: item.available,
    totalInventory: item.totalInventory,
    record: item,
    sourceUpdatedAt: new Date(item.updatedAt),
  };
}

/** The lowest of decimal price strings, compared exactly (no float rounding of money). */
function lowestPrice(prices: string[]): string | null {
  const valid = prices.filter((price) => /^\d+(\.\d+)?$/.test(price));
  if (!valid.length) return prices[0] ?? null;
  return valid.reduce((low, price) => (compareDecimals(price, low) < 0 ? price : low));
}

function compareDecimals(a: string, b: string): number {
  const [aw = '', af = ''] = a.split('.');
  const [bw = '', bf = ''] = b.split('.');
  const width = Math.max(af.length, bf.length);
  const x = BigInt(`${aw}${af.padEnd(width, '0')}`);
  const y = BigInt(`${bw}${bf.padEnd(width, '0')}`);
  return x < y ? -1 : x > y ? 1 : 0;
}
