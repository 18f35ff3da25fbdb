import type { BlockDraft } from '../block';
import { htmlToText } from './html';
import { addDistinct, type ProductRecord, productBlock, tagList } from './product-passage';

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : typeof value === 'number' ? String(value) : undefined;

/**
 * A JSON file as blocks. A product list (an array of products, or `{ products: [...] }` as in
 * Shopify's products.json) gives one product passage per product; any other JSON is flattened to
 * "key: value" lines, one paragraph per top-level entry, so it is still searchable.
 */
export function jsonBlocks(value: unknown): BlockDraft[] {
  const list = isObject(value) && Array.isArray(value.products) ? value.products : value;
  if (Array.isArray(list) && list.length > 0 && list.every((item) => isObject(item) && text(item.title ?? item.name))) {
    return (list as JsonObject[]).map((item) => productBlock(productRecord(item)));
  }
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [`${index + 1}`, item])
    : isObject(value)
      ? Object.entries(value)
      : [['', value]];
  return entries.flatMap(([key, entry]) => {
    const lines = flatten(key, entry);
    return lines.length ? [{ kind: 'paragraph' as const, text: lines.join('\n') }] : [];
  });
}

function productRecord(item: JsonObject): ProductRecord {
  const product: ProductRecord = {
    title: text(item.title ?? item.name) ?? '',
    prices: [],
    variants: [],
    skus: [],
    tags: tagList(item.tags),
    url: text(item.url ?? item.onlineStoreUrl ?? item.link ?? item.permalink),
    vendor: text(item.vendor ?? item.brand),
    type: text(item.product_type ?? item.productType ?? item.type),
  };
  const html = text(item.body_html ?? item.descriptionHtml ?? item.description ?? item.body);
  if (html) product.description = htmlToText(html) || undefined;
  addDistinct(product.prices, text(item.price));
  addDistinct(product.skus, text(item.sku));
  const variants = Array.isArray(item.variants) ? item.variants.filter(isObject) : [];
  for (const variant of variants) {
    addDistinct(product.variants, text(variant.title ?? variant.name));
    addDistinct(product.prices, text(variant.price));
    addDistinct(product.skus, text(variant.sku));
  }
  return product;
}

/** Leaf values as "path: value" lines, the path joining keys with dots (arrays by position). */
function flatten(path: string, value: unknown): string[] {
  if (Array.isArray(value)) {
    if (value.every((item) => !isObject(item) && !Array.isArray(item))) return leaf(path, value.map(String).join(', '));
    return value.flatMap((item, index) => flatten(path ? `${path}.${index + 1}` : `${index + 1}`, item));
  }
  if (isObject(value)) return Object.entries(value).flatMap(([key, item]) => flatten(path ? `${path}.${key}` : key, item));
  return value === null ? [] : leaf(path, String(value));
}

function leaf(path: string, value: string): string[] {
  if (!value.trim()) return [];
  return [path ? `${path}: ${value}` : value];
}
