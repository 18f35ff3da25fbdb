import { z } from 'zod';

/**
 * A product as the assistant knows it: one record per product of a product list (a CSV or JSON
 * file in a knowledge store, or the Shopify catalog sync's JSON product list), grouped with its
 * variants, keeping every column or field of the source. Ingestion writes these records beside the
 * product's text passage so the answering code can read facts (colours, sizes, weights, prices,
 * stock) instead of re-reading text; the same shape comes from every source.
 *
 * Prices are decimal strings ("449.00"), never binary floats, each with the store's currency
 * (ISO 4217), so "under $100" compares exactly and an answer can say "$449.00".
 */

/** A price or amount as written in the catalogue: digits with an optional decimal part. */
export const decimalStringSchema = z.string().regex(/^-?\d+(\.\d+)?$/, 'Enter a decimal number such as 19.99.');

/** ISO 4217 currency code, upper case ("USD", "EUR"). */
export const currencyCodeSchema = z.string().regex(/^[A-Z]{3}$/, 'Enter a three-letter currency code such as USD.');

export const weightUnits = ['g', 'kg', 'lb', 'oz'] as const;
export type WeightUnit = (typeof weightUnits)[number];

/** A weight as the catalogue gives it, in its own unit (for showing); compare with `grams`. */
export const productWeightSchema = z.object({ value: z.number().nonnegative(), unit: z.enum(weightUnits) });
export type ProductWeight = z.infer<typeof productWeightSchema>;

/** A choice a shopper makes (Shopify's Option1 Name / Values: "Color": ["Red", "Blue"]). */
export const productOptionSchema = z.object({ name: z.string().min(1), values: z.array(z.string().min(1)) });
export type ProductOption = z.infer<typeof productOptionSchema>;

/**
 * A column of the source that has no field of its own ("colors", "Material", "Fill power"), by the
 * source's own name, with its value as written. Kept in the source's column order.
 */
export const productAttributeSchema = z.object({ name: z.string().min(1), value: z.string().min(1) });
export type ProductAttribute = z.infer<typeof productAttributeSchema>;

export const productVariantSchema = z.object({
  /**
   * The platform's variant id (Shopify's numeric id, "44012345678901"), which `/cart/add.js` and
   * cart permalinks take; null or absent when the source has none (records stored before had none).
   */
  id: z.string().nullable().optional(),
  /** "Red / M"; the product's title for a product without options. */
  title: z.string(),
  sku: z.string().nullable(),
  price: decimalStringSchema.nullable(),
  /** The "was" price of a product on sale. */
  compareAtPrice: decimalStringSchema.nullable(),
  currency: currencyCodeSchema.nullable(),
  /** This variant's value of each option, by option name: { Color: "Red", Size: "M" }. */
  options: z.record(z.string(), z.string()),
  /** Weight in grams, for comparing ("the lightest"); null when the source gives none. */
  grams: z.number().nonnegative().nullable(),
  /** The weight as the source writes it, for saying it back in the shop's own unit. */
  weight: productWeightSchema.nullable(),
  /** Units in stock when the source tracks them. */
  inventory: z.number().int().nullable(),
  /** Can be bought now; null when the source does not say. */
  available: z.boolean().nullable(),
});
export type ProductVariant = z.infer<typeof productVariantSchema>;

export const priceRangeSchema = z.object({ min: decimalStringSchema, max: decimalStringSchema, currency: currencyCodeSchema.nullable() });
export type PriceRange = z.infer<typeof priceRangeSchema>;

export const productFactKinds = [
  'weight',
  'volume',
  'capacity',
  'battery',
  'power',
  'brightness',
  'spf',
  'waterproof',
  'shelfLife',
  'age',
  'dimensions',
  'material',
] as const;
export type ProductFactKind = (typeof productFactKinds)[number];

/**
 * A typed fact read from the product's description or a column ("2-person", "防水ではありません",
 * "内容量 50ml"), so "which tents sleep 2" or "waterproof under $50" compare values instead of
 * words. `value` is the number in `unit` ("ml", "L", "g", "kg", "h", "W", "lm", "person", "days",
 * "months", "years"), true/false for waterproof (false when the text says it is not), or text
 * (material, dimensions); `text` is the words it was read from, as written.
 */
export const productFactSchema = z.object({
  kind: z.enum(productFactKinds),
  value: z.union([z.number(), z.boolean(), z.string()]),
  unit: z.string().optional(),
  text: z.string(),
});
export type ProductFact = z.infer<typeof productFactSchema>;

export const productRecordSchema = z.object({
  title: z.string().min(1),
  /** Shopify's URL handle ("cloudburst-rain-jacket"); null when the source has none. */
  handle: z.string().nullable(),
  url: z.string().nullable(),
  /** Plain text (HTML descriptions are converted). */
  description: z.string(),
  vendor: z.string().nullable(),
  /** Shopify's product type, or the source's category column. */
  productType: z.string().nullable(),
  tags: z.array(z.string()),
  options: z.array(productOptionSchema),
  attributes: z.array(productAttributeSchema),
  variants: z.array(productVariantSchema),
  /** Lowest and highest variant price; null when no variant has a price. */
  priceRange: priceRangeSchema.nullable(),
  currency: currencyCodeSchema.nullable(),
  /** Some variant can be bought now; null when the source says nothing about stock. */
  available: z.boolean().nullable(),
  image: z.string().nullable(),
  /** Optional: records stored before facts were read have none. */
  facts: z.array(productFactSchema).optional(),
});
export type ProductRecord = z.infer<typeof productRecordSchema>;
