import Papa from 'papaparse';
import type { BlockDraft } from '../block';
import { htmlToText } from './html';
import { productBlock } from './product-passage';
import { addAttribute, addDistinct, finishProduct, newProductDraft, type ProductDraft, tagList, type VariantDraft } from './product-record';
import { parseCount, parseFlag, parseMoney, parseWeight, weightFromGrams } from './product-values';

/**
 * Column names (lower case) by what they hold, in order of preference: Shopify and WooCommerce
 * exports, and the plain names a hand-made list uses. Every other column is kept as an attribute
 * under its own name ("colors", "Material").
 */
const COLUMNS = {
  title: ['title', 'name', 'product name', 'product title', 'product'],
  handle: ['handle', 'slug'],
  description: ['body (html)', 'body html', 'body_html', 'body', 'description', 'product description', 'short description'],
  price: ['variant price', 'price', 'sale price', 'regular price'],
  compareAtPrice: ['variant compare at price', 'compare at price', 'compare_at_price'],
  currency: ['currency', 'variant currency', 'price currency'],
  url: ['url', 'product url', 'link', 'permalink', 'online store url'],
  sku: ['variant sku', 'sku'],
  vendor: ['vendor', 'brand'],
  type: ['type', 'product type', 'product category', 'category', 'categories'],
  tags: ['tags'],
  grams: ['variant grams', 'grams'],
  weight: ['variant weight', 'weight', 'weight (kg)', 'weight (g)', 'weight (lb)', 'weight (oz)', 'weight_kg', 'weight_g'],
  weightUnit: ['variant weight unit', 'weight unit'],
  inventory: ['variant inventory qty', 'inventory', 'inventory quantity', 'stock', 'stock quantity', 'quantity', 'qty'],
  available: ['available', 'in stock', 'availability', 'stock status'],
  image: ['image src', 'image', 'image url', 'images'],
  variantTitle: ['variant title', 'variant'],
} as const;

type Role = keyof typeof COLUMNS;
/** Option columns: Shopify's "Option1 Name"/"Option1 Value", WooCommerce's "Attribute 1 name"/"Attribute 1 value(s)". */
const OPTION_NAME = /^(?:option|attribute )(\d+) name$/;
const OPTION_VALUE = /^(?:option|attribute )(\d+) value(?:\(s\))?$/;

interface Layout {
  header: string[];
  roles: Partial<Record<Role, number>>;
  options: { name: number | undefined; value: number }[];
  /** Columns without a role: attributes of the product, or options when they vary between its rows. */
  rest: number[];
}

function layoutOf(header: string[]): Layout {
  const names = header.map((name) => name.trim().toLowerCase());
  const roles: Partial<Record<Role, number>> = {};
  for (const role of Object.keys(COLUMNS) as Role[]) {
    const index = COLUMNS[role].map((name) => names.indexOf(name)).find((i) => i >= 0);
    if (index !== undefined) roles[role] = index;
  }
  const options = names.flatMap((name, value) => {
    const number = OPTION_VALUE.exec(name)?.[1];
    if (!number) return [];
    const nameColumn = names.findIndex((other) => OPTION_NAME.exec(other)?.[1] === number);
    return [{ name: nameColumn >= 0 ? nameColumn : undefined, value }];
  });
  const taken = new Set([...Object.values(roles), ...options.flatMap((option) => [option.name, option.value])]);
  const rest = names.flatMap((name, index) => (!taken.has(index) && name ? [index] : []));
  return { header, roles, options, rest };
}

/**
 * A CSV as blocks. A product list (it has a title or name column) gives one product per product,
 * with the variant rows that Shopify exports under a product (same handle, empty title) grouped
 * into it, and every column kept. Any other table is still searchable: one row per block, as
 * "column: value" pairs. `currency` is the store's, for prices that name none.
 */
export function csvBlocks(text: string, currency: string | null = null): BlockDraft[] {
  const { data } = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
  const [header, ...rows] = data;
  if (!header) return [];
  const layout = layoutOf(header);
  if (layout.roles.title === undefined) return rows.map((row) => tableRowBlock(header, row)).filter((block) => block.text);
  return groupRows(layout, rows).map((group) => productBlock(finishProduct(productOf(layout, group), currency)));
}

/** Rows of one product: a new handle (or title, without handles) starts the next product. */
function groupRows(layout: Layout, rows: string[][]): string[][][] {
  const groups: string[][][] = [];
  let key = '';
  for (const row of rows) {
    const cell = (role: Role) => (row[layout.roles[role] ?? -1] ?? '').trim();
    const rowKey = cell('handle') || cell('title');
    if (rowKey && rowKey !== key) {
      key = rowKey;
      groups.push([row]);
    } else if (groups.length) groups.at(-1)?.push(row);
  }
  return groups;
}

function productOf(layout: Layout, rows: string[][]): ProductDraft {
  const first = rows[0] as string[];
  const at = (row: string[], index: number | undefined) => (index === undefined ? '' : (row[index] ?? '').trim());
  const cell = (row: string[], role: Role) => at(row, layout.roles[role]);
  const product = newProductDraft(cell(first, 'title') || cell(first, 'handle'));
  product.handle = cell(first, 'handle') || undefined;
  // A column whose value changes between a product's rows names its variants ("size" on each row).
  const varying = layout.rest.filter((index) => new Set(rows.map((row) => at(row, index)).filter(Boolean)).size > 1);
  for (const row of rows) {
    if (!product.description && cell(row, 'description')) product.description = htmlToText(cell(row, 'description'));
    product.url ||= cell(row, 'url') || undefined;
    product.vendor ||= cell(row, 'vendor') || undefined;
    product.productType ||= cell(row, 'type') || undefined;
    product.image ||= cell(row, 'image') || undefined;
    product.currency ||= cell(row, 'currency').toUpperCase() || undefined;
    for (const tag of tagList(cell(row, 'tags'))) addDistinct(product.tags, tag);
    for (const index of layout.rest)
      if (!varying.includes(index)) addAttribute(product.attributes, layout.header[index] as string, at(row, index));
    const variant: VariantDraft = { options: {}, title: cell(row, 'variantTitle') || undefined, sku: cell(row, 'sku') || undefined };
    for (const option of layout.options) {
      const name = at(first, option.name) || at(row, option.name) || layout.header[option.value]?.replace(/ value.*$/i, '') || 'Option';
      if (option.name !== undefined && !product.optionNames.includes(name) && at(row, option.value)) product.optionNames.push(name);
      const value = at(row, option.value);
      if (value) variant.options[name] = value;
    }
    for (const index of varying) {
      const value = at(row, index);
      if (value) variant.options[(layout.header[index] as string).trim()] = value;
    }
    variant.price = parseMoney(cell(row, 'price'));
    variant.compareAtPrice = parseMoney(cell(row, 'compareAtPrice'));
    const weightHeader = layout.header[layout.roles.weight ?? -1];
    variant.weight =
      parseWeight(cell(row, 'weight'), cell(row, 'weightUnit') || weightHeader) ??
      weightFromGrams(cell(row, 'grams'), cell(row, 'weightUnit'));
    variant.inventory = parseCount(cell(row, 'inventory'));
    variant.available = parseFlag(cell(row, 'available'));
    product.variants.push(variant);
  }
  return product;
}

function tableRowBlock(header: string[], row: string[]): BlockDraft {
  const pairs = row.flatMap((value, index) => {
    const text = value.trim();
    return text ? [`${header[index]?.trim() || `Column ${index + 1}`}: ${text}`] : [];
  });
  return { kind: 'table-row', text: pairs.join('; ') };
}
