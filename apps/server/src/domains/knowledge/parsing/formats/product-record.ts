import type { ProductAttribute, ProductRecord, ProductVariant, ProductWeight } from '@aisle/contracts/products';
import { productFacts } from './product-facts';
import { compareDecimal, gramsOf, type Money } from './product-values';

/*
 * A product as a parser reads it, then finished into the contract's ProductRecord: the same record
 * whatever the source (CSV columns, Shopify's or another JSON shape), so the answering code reads
 * one shape.
 */

export interface VariantDraft {
  /** The platform's variant id (Shopify's numeric id), which carts take. */
  id?: string;
  title?: string;
  sku?: string;
  price?: Money | null;
  compareAtPrice?: Money | null;
  /** Option name → this variant's value. */
  options: Record<string, string>;
  weight?: ProductWeight | null;
  inventory?: number | null;
  available?: boolean | null;
}

export interface ProductDraft {
  title: string;
  handle?: string;
  url?: string;
  description?: string;
  vendor?: string;
  productType?: string;
  tags: string[];
  /** Option names in the source's order (Shopify's Option1 Name…); values come from the variants. */
  optionNames: string[];
  /** Values the source lists for an option without naming variants (a JSON `options` list). */
  optionValues: Record<string, string[]>;
  attributes: ProductAttribute[];
  variants: VariantDraft[];
  currency?: string | null;
  image?: string;
}

export const newProductDraft = (title: string): ProductDraft => ({
  title,
  tags: [],
  optionNames: [],
  optionValues: {},
  attributes: [],
  variants: [],
});

/** Shopify's name for the one variant (and option) of a product without options. */
const DEFAULT_VARIANT = /^default title$/i;
const DEFAULT_OPTION = /^title$/i;

/** Adds a value to a list once, ignoring blanks and Shopify's "Default Title" placeholder. */
export function addDistinct(list: string[], value: string | undefined): void {
  const text = value?.trim();
  if (text && !DEFAULT_VARIANT.test(text) && !list.includes(text)) list.push(text);
}

/** Tags as a list, from either an array or Shopify's comma-separated string. */
export function tagList(tags: unknown): string[] {
  const list: string[] = [];
  const values = Array.isArray(tags) ? tags : typeof tags === 'string' ? tags.split(',') : [];
  for (const value of values) if (typeof value === 'string') addDistinct(list, value);
  return list;
}

/** An attribute once per name: the first non-empty value wins (variant rows repeat the product's). */
export function addAttribute(attributes: ProductAttribute[], name: string, value: string | undefined): void {
  const text = value?.trim();
  if (!text || attributes.some((attribute) => attribute.name.toLowerCase() === name.toLowerCase())) return;
  attributes.push({ name: name.trim(), value: text });
}

function finishVariant(draft: VariantDraft, product: ProductDraft, currency: string | null): ProductVariant {
  const options = Object.fromEntries(
    Object.entries(draft.options).filter(([name, value]) => value.trim() && !DEFAULT_OPTION.test(name) && !DEFAULT_VARIANT.test(value)),
  );
  const title = draft.title && !DEFAULT_VARIANT.test(draft.title) ? draft.title : Object.values(options).join(' / ') || product.title;
  const inventory = draft.inventory ?? null;
  return {
    ...(draft.id ? { id: draft.id } : {}),
    title,
    sku: draft.sku?.trim() || null,
    price: draft.price?.amount ?? null,
    compareAtPrice: draft.compareAtPrice?.amount ?? null,
    currency: draft.price?.currency ?? currency,
    options,
    grams: draft.weight ? gramsOf(draft.weight) : null,
    weight: draft.weight ?? null,
    inventory,
    available: draft.available ?? (inventory === null ? null : inventory > 0),
  };
}

/**
 * The finished record: variants with the store's currency where the source named none
 * (`storeCurrency`), options with their values in order, the price range and availability.
 */
export function finishProduct(draft: ProductDraft, storeCurrency: string | null = null): ProductRecord {
  const currency = draft.currency ?? draft.variants.find((variant) => variant.price?.currency)?.price?.currency ?? storeCurrency;
  const drafts = draft.variants.length ? draft.variants : [{ options: {} }];
  const variants = drafts.map((variant) => finishVariant(variant, draft, currency));
  const names = [...draft.optionNames];
  for (const variant of variants) for (const name of Object.keys(variant.options)) addDistinct(names, name);
  for (const name of Object.keys(draft.optionValues)) addDistinct(names, name);
  const options = names
    .filter((name) => !DEFAULT_OPTION.test(name))
    .map((name) => {
      const values: string[] = [];
      for (const value of draft.optionValues[name] ?? []) addDistinct(values, value);
      for (const variant of variants) addDistinct(values, variant.options[name]);
      return { name, values };
    })
    .filter((option) => option.values.length);
  const prices = variants.flatMap((variant) => (variant.price ? [variant.price] : [])).sort(compareDecimal);
  const flags = variants.map((variant) => variant.available);
  const facts = productFacts(draft.description, draft.attributes, draft.title);
  return {
    title: draft.title,
    handle: draft.handle ?? null,
    url: draft.url ?? null,
    description: draft.description ?? '',
    vendor: draft.vendor ?? null,
    productType: draft.productType ?? null,
    tags: draft.tags,
    options,
    attributes: draft.attributes,
    variants,
    priceRange: prices.length ? { min: prices[0] as string, max: prices.at(-1) as string, currency } : null,
    currency,
    available: flags.includes(true) ? true : flags.every((flag) => flag === false) ? false : null,
    image: draft.image ?? null,
    ...(facts.length ? { facts } : {}),
  };
}
