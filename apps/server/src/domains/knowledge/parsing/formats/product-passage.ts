import type { BlockDraft } from '../block';

/** A product as the catalogue exports describe it, whatever the source's column or field names. */
export interface ProductRecord {
  title: string;
  prices: string[];
  variants: string[];
  url?: string;
  vendor?: string;
  type?: string;
  skus: string[];
  tags: string[];
  description?: string;
}

/** Shopify's name for the one variant of a product without options. */
const DEFAULT_VARIANT = 'default title';

/** Adds a value to a list once, ignoring blanks and Shopify's "Default Title" placeholder variant. */
export function addDistinct(list: string[], value: string | undefined): void {
  const text = value?.trim();
  if (text && text.toLowerCase() !== DEFAULT_VARIANT && !list.includes(text)) list.push(text);
}

/**
 * One product as one readable passage, the same layout from CSV and JSON: title first, then the
 * facts shoppers ask about (price, variants, link), then the description. A merchant reading it back
 * in search results sees the product, not the export's columns.
 */
export function productBlock(product: ProductRecord): BlockDraft {
  const lines = [product.title];
  const price = priceText(product.prices);
  if (price) lines.push(`Price: ${price}`);
  if (product.variants.length) lines.push(`Variants: ${product.variants.join(', ')}`);
  if (product.url) lines.push(`URL: ${product.url}`);
  if (product.vendor) lines.push(`Vendor: ${product.vendor}`);
  if (product.type) lines.push(`Type: ${product.type}`);
  if (product.skus.length) lines.push(`SKU: ${product.skus.join(', ')}`);
  if (product.tags.length) lines.push(`Tags: ${product.tags.join(', ')}`);
  if (product.description) lines.push(product.description);
  return { kind: 'product', text: lines.join('\n') };
}

/** One price, or the range the variants span. */
function priceText(prices: string[]): string {
  if (prices.length <= 1) return prices[0] ?? '';
  const numbers = prices.map(Number);
  if (numbers.some(Number.isNaN)) return prices.join(', ');
  const low = prices[numbers.indexOf(Math.min(...numbers))];
  const high = prices[numbers.indexOf(Math.max(...numbers))];
  return low === high ? (low ?? '') : `${low} – ${high}`;
}

/** Tags as a list, from either an array or Shopify's comma-separated string. */
export function tagList(tags: unknown): string[] {
  const list: string[] = [];
  const values = Array.isArray(tags) ? tags : typeof tags === 'string' ? tags.split(',') : [];
  for (const value of values) if (typeof value === 'string') addDistinct(list, value);
  return list;
}
