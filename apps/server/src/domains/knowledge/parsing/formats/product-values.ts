import type { ProductWeight, WeightUnit } from '@aisle/contracts/products';

/*
 * Reading a catalogue's cells as facts: prices as exact decimal strings with their currency,
 * weights with their unit, stock counts and yes/no flags, whatever the export wrote ("$1,299.00",
 * "449.00 USD", "1.9 kg", "TRUE", "in stock").
 */

/** Symbols that name one currency; "$" alone does not (US, Canada, Australia…): the store's currency decides. */
const CURRENCY_SYMBOLS: Record<string, string> = { '€': 'EUR', '£': 'GBP', '¥': 'JPY', '₹': 'INR', '₩': 'KRW', '₺': 'TRY', '₽': 'RUB' };
const CURRENCY_CODE = /\b([A-Z]{3})\b/;

export interface Money {
  /** Decimal string, "." as the decimal point, no grouping: "1299.00". */
  amount: string;
  currency: string | null;
}

/** A price cell as an exact decimal and, when the cell says, its currency; null when it is no price. */
export function parseMoney(value: unknown): Money | null {
  if (typeof value === 'number') return Number.isFinite(value) ? { amount: String(value), currency: null } : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (!text) return null;
  const code = CURRENCY_CODE.exec(text.toUpperCase())?.[1];
  const symbol = Object.keys(CURRENCY_SYMBOLS).find((sign) => text.includes(sign));
  const number = /-?\d[\d.,\s]*/.exec(text)?.[0].replace(/\s/g, '');
  if (!number) return null;
  return {
    amount: decimalOf(number),
    currency: (code && code !== 'N/A' ? code : undefined) ?? (symbol ? CURRENCY_SYMBOLS[symbol] : null) ?? null,
  };
}

/** "1,299.00" → "1299.00"; "12,50" (a decimal comma) → "12.50"; "1.299,00" → "1299.00". */
function decimalOf(number: string): string {
  const lastComma = number.lastIndexOf(',');
  const lastDot = number.lastIndexOf('.');
  if (lastComma > lastDot && number.length - lastComma - 1 !== 3) {
    return number.replace(/\./g, '').replace(',', '.');
  }
  return number.replace(/,/g, '');
}

const UNIT_NAMES: Record<string, WeightUnit> = {
  g: 'g',
  gram: 'g',
  grams: 'g',
  kg: 'kg',
  kilogram: 'kg',
  kilograms: 'kg',
  lb: 'lb',
  lbs: 'lb',
  pound: 'lb',
  pounds: 'lb',
  oz: 'oz',
  ounce: 'oz',
  ounces: 'oz',
};
const GRAMS_PER: Record<WeightUnit, number> = { g: 1, kg: 1000, lb: 453.59237, oz: 28.349523125 };

/** A unit's name as Shopify, a column header or a cell writes it ("KILOGRAMS", "weight (kg)", "lbs"). */
export function weightUnitOf(text: string | undefined): WeightUnit | undefined {
  if (!text) return undefined;
  for (const word of text.toLowerCase().split(/[^a-z]+/)) {
    const unit = UNIT_NAMES[word];
    if (unit) return unit;
  }
  return undefined;
}

/** A weight from a cell ("1.9 kg", "680") and the unit its column or a unit field gives; null without a unit. */
export function parseWeight(value: unknown, unitHint?: string): ProductWeight | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const match = /^(\d+(?:[.,]\d+)?)\s*([a-zA-Z]*)\.?$/.exec(text);
  if (!match?.[1]) return null;
  const unit = weightUnitOf(match[2]) ?? weightUnitOf(unitHint);
  if (!unit) return null;
  return { value: Number(match[1].replace(',', '.')), unit };
}

/** Shopify's "Variant Grams" shown in the shop's unit ("Variant Weight Unit": kg → 1.9 kg). */
export function weightFromGrams(grams: unknown, unitHint?: string): ProductWeight | null {
  const weight = parseWeight(grams, 'g');
  const unit = weightUnitOf(unitHint);
  if (!weight || !unit || unit === 'g') return weight;
  return { value: Math.round((weight.value / GRAMS_PER[unit]) * 1000) / 1000, unit };
}

export const gramsOf = (weight: ProductWeight): number => Math.round(weight.value * GRAMS_PER[weight.unit] * 100) / 100;

/** A whole number of units in stock; null when the cell holds none. */
export function parseCount(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  if (typeof value !== 'string' || !/^-?\d+$/.test(value.trim())) return null;
  return Number(value.trim());
}

const YES = new Set(['true', 'yes', 'y', '1', 'in stock', 'instock', 'available', 'active']);
const NO = new Set(['false', 'no', 'n', '0', 'out of stock', 'outofstock', 'sold out', 'unavailable', 'discontinued']);

/** A yes/no cell ("TRUE", "in stock", "sold out"); null when it says neither. */
export function parseFlag(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'string') return null;
  const text = value.trim().toLowerCase();
  return YES.has(text) ? true : NO.has(text) ? false : null;
}

/** Orders two decimal strings (exact for prices of up to 15 digits, which catalogues never exceed). */
export const compareDecimal = (a: string, b: string): number => Number(a) - Number(b);
