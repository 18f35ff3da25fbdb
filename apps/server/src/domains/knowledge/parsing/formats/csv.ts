import Papa from 'papaparse';
import type { BlockDraft } from '../block';
import { htmlToText } from './html';
import { addDistinct, type ProductRecord, productBlock, tagList } from './product-passage';

/** Column names (lower case) by what they hold, in order of preference: Shopify and WooCommerce exports. */
const COLUMNS = {
  title: ['title', 'name', 'product name', 'product title', 'product'],
  handle: ['handle', 'slug'],
  description: ['body (html)', 'body html', 'body_html', 'body', 'description', 'product description', 'short description'],
  price: ['variant price', 'price', 'regular price', 'sale price'],
  url: ['url', 'product url', 'link', 'permalink', 'online store url'],
  sku: ['variant sku', 'sku'],
  vendor: ['vendor', 'brand'],
  type: ['type', 'product type', 'product category', 'categories'],
  tags: ['tags'],
} as const;
/** Columns whose values name a variant: Shopify's option values, WooCommerce's attributes, plain ones. */
const VARIANT_COLUMN = /^(option\d+ value|variant title|variant|size|colou?r|attribute \d+ value\(s\))$/;

type Role = keyof typeof COLUMNS;

/**
 * A CSV as blocks. A product list (it has a title or name column) gives one product passage per
 * product, with the variant rows that Shopify exports under a product (same handle, empty title)
 * folded into it. Any other table is still searchable: one row per block, as "column: value" pairs.
 */
export function csvBlocks(text: string): BlockDraft[] {
  const { data } = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
  const [header, ...rows] = data;
  if (!header) return [];
  const names = header.map((name) => name.trim().toLowerCase());
  const column = (role: Role) => COLUMNS[role].map((name) => names.indexOf(name)).find((index) => index >= 0);
  const title = column('title');
  if (title === undefined) return rows.map((row) => tableRowBlock(header, row)).filter((block) => block.text);
  const roles = Object.fromEntries((Object.keys(COLUMNS) as Role[]).map((role) => [role, column(role)])) as Record<
    Role,
    number | undefined
  >;
  const variantColumns = names.flatMap((name, index) => (VARIANT_COLUMN.test(name) ? [index] : []));
  return groupProducts(rows, roles, variantColumns).map(productBlock);
}

function groupProducts(rows: string[][], roles: Record<Role, number | undefined>, variantColumns: number[]): ProductRecord[] {
  const products: ProductRecord[] = [];
  let current: ProductRecord | undefined;
  let currentKey = '';
  for (const row of rows) {
    const cell = (role: Role) => {
      const index = roles[role];
      return index === undefined ? '' : (row[index] ?? '').trim();
    };
    const key = cell('handle') || cell('title');
    if (!current || (key && key !== currentKey)) {
      if (!key) continue;
      currentKey = key;
      current = { title: cell('title') || key, prices: [], variants: [], skus: [], tags: [] };
      products.push(current);
    }
    if (!current.description && cell('description')) current.description = htmlToText(cell('description'));
    current.url ||= cell('url') || undefined;
    current.vendor ||= cell('vendor') || undefined;
    current.type ||= cell('type') || undefined;
    for (const tag of tagList(cell('tags'))) addDistinct(current.tags, tag);
    addDistinct(current.prices, cell('price'));
    addDistinct(current.skus, cell('sku'));
    const options = variantColumns.map((index) => (row[index] ?? '').trim()).filter(Boolean);
    addDistinct(current.variants, options.join(' / '));
  }
  return products;
}

function tableRowBlock(header: string[], row: string[]): BlockDraft {
  const pairs = row.flatMap((value, index) => {
    const text = value.trim();
    return text ? [`${header[index]?.trim() || `Column ${index + 1}`}: ${text}`] : [];
  });
  return { kind: 'table-row', text: pairs.join('; ') };
}
