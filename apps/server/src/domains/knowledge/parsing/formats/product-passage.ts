import type { ProductRecord, ProductWeight } from '@aisle/contracts/products';
import type { BlockDraft } from '../block';

/**
 * Where a currency is written as its own shoppers write it, not as en-US does ("THB 590.00",
 * "IDR 150,000.00"): the locale that writes it, and whole amounts without cents, which these
 * prices never show ("฿590", "NT$350", "Rp 150.000", "150.000 ₫").
 */
const LOCAL_STYLE: Record<string, string> = { THB: 'th-TH', TWD: 'en-US', IDR: 'id-ID', VND: 'vi-VN', JPY: 'en-US', KRW: 'en-US' };

/** A price as shoppers read it: "$449.00", "€12.50", "¥1,200", "฿590"; the bare number when the currency is unknown. */
export function formatPrice(amount: string, currency: string | null): string {
  if (!currency) return amount;
  const locale = LOCAL_STYLE[currency];
  const whole = locale !== undefined && Number.isInteger(Number(amount));
  try {
    return new Intl.NumberFormat(locale ?? 'en-US', { style: 'currency', currency, ...(whole ? { minimumFractionDigits: 0 } : {}) })
      .format(Number(amount))
      .replace(/\u00a0/g, ' ');
  } catch {
    return `${amount} ${currency}`;
  }
}

/** A source's column or field name as a label: "roastLevel", "fill_power" → "Roast level", "Fill power". */
export function labelOf(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const formatWeight = (weight: ProductWeight): string => `${weight.value} ${weight.unit}`;

/** One price, or the range the variants span. */
export function priceText(product: Pick<ProductRecord, 'priceRange'>): string {
  const range = product.priceRange;
  if (!range) return '';
  const low = formatPrice(range.min, range.currency);
  return range.min === range.max ? low : `${low} – ${formatPrice(range.max, range.currency)}`;
}

/** The product's weights as written, one per distinct weight ("1.9 kg", "2.4 kg"). */
export function weightText(product: ProductRecord): string {
  const weights: string[] = [];
  for (const variant of product.variants) {
    const text = variant.weight ? formatWeight(variant.weight) : '';
    if (text && !weights.includes(text)) weights.push(text);
  }
  return weights.join(', ');
}

function stockText(product: ProductRecord): string {
  if (product.available === null) return '';
  if (!product.available) return 'Sold out';
  const soldOut = product.variants.filter((variant) => variant.available === false).map((variant) => variant.title);
  return soldOut.length && soldOut.length < product.variants.length ? `In stock (sold out: ${soldOut.join(', ')})` : 'In stock';
}

/**
 * One product as one readable passage, the same layout from CSV and JSON: title first, then the
 * facts shoppers ask about (price, options, every other column by its own name, stock, link), then
 * the description. Every attribute is in the text, so lexical search finds "colors" or "fill power"
 * as well as the structured record does.
 */
export function productBlock(product: ProductRecord): BlockDraft {
  const lines = [product.title];
  const price = priceText(product);
  if (price) lines.push(`Price: ${price}`);
  for (const option of product.options) lines.push(`${option.name}: ${option.values.join(', ')}`);
  const weight = weightText(product);
  if (weight) lines.push(`Weight: ${weight}`);
  for (const attribute of product.attributes) lines.push(`${labelOf(attribute.name)}: ${attribute.value}`);
  const stock = stockText(product);
  if (stock) lines.push(`Availability: ${stock}`);
  if (product.url) lines.push(`URL: ${product.url}`);
  if (product.vendor) lines.push(`Vendor: ${product.vendor}`);
  if (product.productType) lines.push(`Type: ${product.productType}`);
  const skus = product.variants.flatMap((variant) => (variant.sku ? [variant.sku] : []));
  if (skus.length) lines.push(`SKU: ${skus.join(', ')}`);
  if (product.tags.length) lines.push(`Tags: ${product.tags.join(', ')}`);
  if (product.description) lines.push(product.description);
  return { kind: 'product', text: lines.join('\n'), product };
}
