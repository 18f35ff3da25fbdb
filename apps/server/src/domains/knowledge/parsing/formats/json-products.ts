import type { BlockDraft } from '../block';
import { type ColumnRole, columnRoleOf } from './column-names';
import { htmlToText } from './html';
import { productBlock } from './product-passage';
import { addAttribute, addDistinct, finishProduct, newProductDraft, type ProductDraft, tagList, type VariantDraft } from './product-record';
import { parseCount, parseFlag, parseMoney, parseWeight, weightFromGrams } from './product-values';

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : typeof value === 'number' ? String(value) : undefined;
/** The first field present, under any of its spellings (Shopify REST snake_case, GraphQL camelCase, plain names). */
const pick = (item: JsonObject, ...keys: string[]): unknown =>
  keys.map((key) => item[key]).find((value) => value !== undefined && value !== null);
/** The value under the first key naming `role` in any of our merchants' languages ("商品名", "harga"). */
const byRole = (item: JsonObject, role: ColumnRole): unknown =>
  Object.entries(item).find(([key, value]) => value !== undefined && value !== null && columnRoleOf(key) === role)?.[1];
const titleOf = (item: JsonObject) => text(item.title ?? item.name ?? byRole(item, 'title'));
/** A GraphQL connection (`{ nodes }` or `{ edges: [{ node }] }`) or a plain array, as an array of objects. */
function listOf(value: unknown): JsonObject[] {
  if (Array.isArray(value)) return value.filter(isObject);
  if (!isObject(value)) return [];
  if (Array.isArray(value.nodes)) return value.nodes.filter(isObject);
  if (Array.isArray(value.edges)) return value.edges.flatMap((edge) => (isObject(edge) && isObject(edge.node) ? [edge.node] : []));
  return [];
}

/** Fields read into the record's own fields, and ids and timestamps, which are no product facts. */
const READ_FIELDS = new Set(
  (
    'title name handle slug url onlineStoreUrl online_store_url link permalink body_html descriptionHtml description body vendor brand ' +
    'product_type productType type category tags options variants price compare_at_price compareAtPrice currency currencyCode sku ' +
    'image images featuredImage featured_image priceRange priceRangeV2 available availableForSale inventory inventory_quantity ' +
    'inventoryQuantity totalInventory weight weight_unit weightUnit grams ' +
    'id admin_graphql_api_id legacyResourceId created_at updated_at published_at createdAt updatedAt publishedAt template_suffix ' +
    'templateSuffix published_scope position product_id'
  ).split(' '),
);

/**
 * A JSON file as blocks. A product list (an array of products, or `{ products: [...] }` as in
 * Shopify's products.json, its Admin API's product shape or the catalog sync's file) gives one
 * product per product with every field kept; any other JSON is flattened to "key: value" lines,
 * one paragraph per top-level entry, so it is still searchable. `currency` is the store's, for
 * prices that name none.
 */
export function jsonBlocks(value: unknown, currency: string | null = null): BlockDraft[] {
  const list = isObject(value) && value.products !== undefined ? value.products : value;
  const items = listOf(list);
  const whole = Array.isArray(list) ? items.length === list.length : items.length > 0;
  if (items.length > 0 && whole && items.every((item) => titleOf(item))) {
    const listCurrency = isObject(value) ? text(pick(value, 'currency', 'currencyCode'))?.toUpperCase() : undefined;
    return items.map((item) => productBlock(finishProduct(productDraft(item, listCurrency), currency)));
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

/** A price as plain text or Shopify's MoneyV2 ({ amount, currencyCode }). */
function money(value: unknown) {
  if (isObject(value)) {
    const parsed = parseMoney(text(value.amount));
    const code = text(value.currencyCode ?? value.currency_code)?.toUpperCase();
    return parsed && code ? { ...parsed, currency: code } : parsed;
  }
  return parseMoney(value);
}

function productDraft(item: JsonObject, listCurrency: string | undefined): ProductDraft {
  const product = newProductDraft(titleOf(item) ?? '');
  product.handle = text(pick(item, 'handle', 'slug'));
  product.url = text(pick(item, 'url', 'onlineStoreUrl', 'online_store_url', 'link', 'permalink') ?? byRole(item, 'url'));
  product.vendor = text(pick(item, 'vendor', 'brand') ?? byRole(item, 'vendor'));
  product.productType = text(pick(item, 'product_type', 'productType', 'type', 'category') ?? byRole(item, 'type'));
  product.tags = tagList(item.tags ?? byRole(item, 'tags'));
  const html = text(pick(item, 'body_html', 'descriptionHtml', 'description', 'body') ?? byRole(item, 'description'));
  if (html) product.description = htmlToText(html) || undefined;
  const image = pick(item, 'featuredImage', 'featured_image', 'image') ?? byRole(item, 'image');
  product.image =
    text(isObject(image) ? (image.url ?? image.src) : image) ?? text(listOf(item.images)[0]?.src ?? listOf(item.images)[0]?.url);
  product.currency = text(pick(item, 'currency', 'currencyCode') ?? byRole(item, 'currency'))?.toUpperCase() ?? listCurrency;
  for (const option of listOf(item.options)) {
    const name = text(option.name);
    if (!name) continue;
    addDistinct(product.optionNames, name);
    const values = Array.isArray(option.values) ? option.values : listOf(option.optionValues).map((value) => value.name);
    product.optionValues[name] = values.flatMap((value) => (text(value) ? [text(value) as string] : []));
  }
  const variants = listOf(item.variants);
  product.variants = (variants.length ? variants : [item]).map((variant) => variantDraft(variant, product.optionNames));
  for (const [key, value] of Object.entries(item)) {
    if (READ_FIELDS.has(key) || columnRoleOf(key)) continue;
    const shown = Array.isArray(value) ? value.flatMap((entry) => (text(entry) ? [text(entry)] : [])).join(', ') : text(value);
    addAttribute(product.attributes, key, typeof value === 'boolean' ? (value ? 'yes' : 'no') : shown);
  }
  return product;
}

function variantDraft(variant: JsonObject, optionNames: string[]): VariantDraft {
  const options: Record<string, string> = {};
  for (const selected of listOf(variant.selectedOptions)) {
    const name = text(selected.name);
    const value = text(selected.value);
    if (name && value) options[name] = value;
  }
  // Shopify REST: option1…option3 follow the product's options in order.
  for (const [index, name] of optionNames.entries()) {
    const value = text(variant[`option${index + 1}`]);
    if (value && !options[name]) options[name] = value;
  }
  const measured = pick(variant, 'inventoryItem');
  const measurement = isObject(measured) && isObject(measured.measurement) ? measured.measurement.weight : undefined;
  const unit = text(pick(variant, 'weight_unit', 'weightUnit'));
  const weight = isObject(measurement)
    ? parseWeight(measurement.value, text(measurement.unit))
    : (parseWeight(variant.weight ?? byRole(variant, 'weight'), unit) ?? weightFromGrams(variant.grams, unit));
  return {
    id: variantIdOf(variant.id ?? variant.variant_id ?? variant.variantId),
    title: text(variant.title ?? variant.name),
    sku: text(variant.sku ?? byRole(variant, 'sku')),
    price: money(variant.price ?? byRole(variant, 'price') ?? byRole(variant, 'compareAtPrice')),
    compareAtPrice: money(
      pick(variant, 'compare_at_price', 'compareAtPrice') ??
        (byRole(variant, 'price') === undefined ? undefined : byRole(variant, 'compareAtPrice')),
    ),
    options,
    weight,
    inventory: parseCount(
      pick(variant, 'inventoryQuantity', 'inventory_quantity', 'inventory', 'totalInventory') ?? byRole(variant, 'inventory'),
    ),
    available: parseFlag(pick(variant, 'availableForSale', 'available') ?? byRole(variant, 'available')),
  };
}

/**
 * A variant's id as carts take it: Shopify's numeric id, from a number, a digit string or a GraphQL
 * gid ("gid://shopify/ProductVariant/44012345678901"); other ids are not a cart's, so none.
 */
function variantIdOf(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return String(value);
  if (typeof value !== 'string') return undefined;
  const match = /^(?:gid:\/\/shopify\/ProductVariant\/)?(\d{1,20})$/.exec(value.trim());
  return match?.[1];
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
