import Papa from 'papaparse';
import type { BlockDraft } from '../block';
import { inferRoles } from './column-inference';
import { COLUMN_ROLES, type ColumnRole, headerKey } from './column-names';
import { htmlToText } from './html';
import { productBlock } from './product-passage';
import { addAttribute, addDistinct, finishProduct, newProductDraft, type ProductDraft, tagList, type VariantDraft } from './product-record';
import { parseCount, parseFlag, parseMoney, parseWeight, weightFromGrams } from './product-values';

type Role = ColumnRole;
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

/**
 * Column roles by header (in any of our merchants' languages, see column-names.ts; every other
 * column is kept as an attribute under its own name, "colors", "Material"), and by the values
 * when no header names the title (column-inference.ts).
 */
function layoutOf(header: string[], rows: string[][]): Layout {
  const names = header.map(headerKey);
  const roles: Partial<Record<Role, number>> = {};
  for (const role of Object.keys(COLUMN_ROLES) as Role[]) {
    const index = COLUMN_ROLES[role].map((name) => names.indexOf(headerKey(name))).find((i) => i >= 0);
    if (index !== undefined && !Object.values(roles).includes(index)) roles[role] = index;
  }
  if (roles.title === undefined) Object.assign(roles, inferRoles(header, rows, roles));
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
  const layout = layoutOf(header, rows);
  if (layout.roles.title === undefined) return rows.map((row) => tableRowBlock(header, row)).filter((block) => block.text);
  return groupRows(layout, rows).map((group) => productBlock(finishProduct(productOf(layout, group, currency), currency)));
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

function productOf(layout: Layout, rows: string[][], storeCurrency: string | null): ProductDraft {
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
    // A list with only a list price (定価) sells at it.
    const priceCell = layout.roles.price === undefined ? cell(row, 'compareAtPrice') : cell(row, 'price');
    const hint = cell(row, 'currency').toUpperCase() || storeCurrency;
    variant.price = parseMoney(priceCell, hint);
    variant.compareAtPrice = layout.roles.price === undefined ? null : parseMoney(cell(row, 'compareAtPrice'), hint);
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
