import type { ProductWeight, WeightUnit } from '@aisle/contracts/products';

/*
 * Reading a catalogue's cells as facts: prices as exact decimal strings with their currency,
 * weights with their unit, stock counts and yes/no flags, whatever the export wrote ("$1,299.00",
 * "449.00 USD", "1.9 kg", "TRUE", "in stock").
 */

/** Symbols that name one currency; "$" alone does not (US, Canada, Australia…): the store's currency decides. */
const CURRENCY_SYMBOLS: Record<string, string> = {
  '€': 'EUR',
  '£': 'GBP',
  '¥': 'JPY',
  '₹': 'INR',
  '₩': 'KRW',
  '₺': 'TRY',
  '₽': 'RUB',
  '฿': 'THB',
  '₫': 'VND',
  '₱': 'PHP',
};
/**
 * Signs and words written beside an amount that name one currency ("NT$350", "1,200円",
 * "590 บาท", "Rp 150.000", "150.000đ", "15,000원"). "元" does not: yuan or NT dollars, the
 * store's currency decides, as for "$".
 */
const CURRENCY_WORDS: [RegExp, string][] = [
  [/NT\$|台幣|台币|新台幣/i, 'TWD'],
  [/HK\$/i, 'HKD'],
  [/S\$/i, 'SGD'],
  [/円|日元|日圓/, 'JPY'],
  [/บาท/, 'THB'],
  [/\bRp\.?(?=\s*\d)/i, 'IDR'],
  [/\d\s*(?:đ|đồng|vnđ)(?![\p{L}])/iu, 'VND'],
  [/원/, 'KRW'],
  [/\bRM(?=\s*\d)/, 'MYR'],
];
const CURRENCY_CODE = /\b([A-Z]{3})\b/;
/** Currencies written without cents, whose "150.000" groups thousands with a dot. */
const WHOLE_CURRENCIES = new Set(['JPY', 'KRW', 'IDR', 'VND', 'TWD']);

/**
 * Text compared as plain characters: NFKC folds full-width letters and digits ("１，２００円") and
 * compatibility forms, but it also splits Thai and Lao SARA AM ("น้ำ"), which every word list here
 * writes whole, so that is put back.
 */
export const foldWidth = (text: string): string =>
  text
    .normalize('NFKC')
    .replace(/\u0e4d\u0e32/g, '\u0e33')
    .replace(/\u0ecd\u0eb2/g, '\u0eb3');

export interface Money {
  /** Decimal string, "." as the decimal point, no grouping: "1299.00". */
  amount: string;
  currency: string | null;
}

/** The currency a price text names by code, sign or word; null when it names none. */
export function currencyOf(text: string): string | null {
  const code = CURRENCY_CODE.exec(text.toUpperCase())?.[1];
  if (code && code !== 'N/A' && !/^(?:RP|VND)$/.test(code)) return code;
  if (code === 'VND') return 'VND';
  const word = CURRENCY_WORDS.find(([pattern]) => pattern.test(text))?.[1];
  if (word) return word;
  const symbol = Object.keys(CURRENCY_SYMBOLS).find((sign) => text.includes(sign));
  return symbol ? (CURRENCY_SYMBOLS[symbol] ?? null) : null;
}

/**
 * A price cell as an exact decimal and, when the cell says, its currency; null when it is no
 * price. `currencyHint` (the list's or store's currency) tells "Rp 150.000" style grouping from
 * a decimal point.
 */
export function parseMoney(value: unknown, currencyHint: string | null = null): Money | null {
  if (typeof value === 'number') return Number.isFinite(value) ? { amount: String(value), currency: null } : null;
  if (typeof value !== 'string') return null;
  const text = foldWidth(value).trim();
  if (!text) return null;
  const number = /-?\d[\d.,\s]*/.exec(text)?.[0].replace(/\s/g, '').replace(/[.,]$/, '');
  if (!number) return null;
  const currency = currencyOf(text);
  return { amount: decimalOf(number, currency ?? currencyHint), currency };
}

/** "1,299.00" → "1299.00"; "12,50" (a decimal comma) → "12.50"; "1.299,00" → "1299.00"; "150.000" in rupiah → "150000". */
function decimalOf(number: string, currency: string | null): string {
  const lastComma = number.lastIndexOf(',');
  const lastDot = number.lastIndexOf('.');
  const dots = number.split('.').length - 1;
  if (dots > 1 || (dots === 1 && lastComma < 0 && currency && WHOLE_CURRENCIES.has(currency) && /\.\d{3}$/.test(number))) {
    return number.replace(/\./g, '').replace(',', '.');
  }
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

/** Weight units as other languages write them, longest first so "千克" is not read as "克". */
const WEIGHT_WORDS: [string, WeightUnit][] = [
  ['キログラム', 'kg'],
  ['กิโลกรัม', 'kg'],
  ['킬로그램', 'kg'],
  ['グラム', 'g'],
  ['公斤', 'kg'],
  ['千克', 'kg'],
  ['キロ', 'kg'],
  ['กรัม', 'g'],
  ['그램', 'g'],
  ['กก', 'kg'],
  ['ก.', 'g'],
  ['克', 'g'],
];
const LATIN_WEIGHT: Record<string, WeightUnit> = { gr: 'g', gram: 'g', gam: 'g', kilo: 'kg', kilogam: 'kg', kgs: 'kg' };

/** A unit's name as Shopify, a column header or a cell writes it ("KILOGRAMS", "weight (kg)", "lbs", "グラム"). */
export function weightUnitOf(text: string | undefined): WeightUnit | undefined {
  if (!text) return undefined;
  const lower = foldWidth(text).toLowerCase();
  for (const word of lower.split(/[^a-z]+/)) {
    const unit = UNIT_NAMES[word] ?? LATIN_WEIGHT[word];
    if (unit) return unit;
  }
  return WEIGHT_WORDS.find(([word]) => lower.includes(word))?.[1];
}

/** A weight from a cell ("1.9 kg", "680", "100グラム", "1.2公斤") and the unit its column or a unit field gives; null without a unit. */
export function parseWeight(value: unknown, unitHint?: string): ProductWeight | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? foldWidth(value).trim() : '';
  const match = /^(\d+(?:[.,]\d+)?)\s*([^\d\s.]*)\.?$/u.exec(text);
  if (!match?.[1]) return null;
  const unit = match[2] ? weightUnitOf(match[2]) : weightUnitOf(unitHint);
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
  if (typeof value !== 'string') return null;
  // "12", "1,200", "12個", "12 ชิ้น", "12 pcs": a count, with the word a list may add.
  const match = /^(-?\d{1,3}(?:,\d{3})+|-?\d+)\s*(?:個|点|件|本|台|ชิ้น|อัน|개|pcs?|units?|buah|pcs\.|cái|chiếc)?$/i.exec(
    foldWidth(value).trim(),
  );
  return match?.[1] ? Number(match[1].replace(/,/g, '')) : null;
}

const YES = new Set(
  (
    'true|yes|y|1|in stock|instock|available|active|在庫あり|あり|有|販売中|有貨|有货|現貨|现货|มี|มีสินค้า|พร้อมส่ง|있음|재고 있음|' +
    'ada|tersedia|ready|còn hàng|có|có sẵn'
  ).split('|'),
);
const NO = new Set(
  (
    'false|no|n|0|out of stock|outofstock|sold out|unavailable|discontinued|在庫切れ|売り切れ|品切れ|なし|無|无|缺貨|缺货|售完|已售完|' +
    '售罄|ไม่มี|หมด|สินค้าหมด|없음|품절|habis|kosong|tidak ada|hết hàng|hết|không'
  ).split('|'),
);

/** A yes/no cell ("TRUE", "in stock", "sold out"); null when it says neither. */
export function parseFlag(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'string') return null;
  const text = foldWidth(value).trim().toLowerCase();
  return YES.has(text) ? true : NO.has(text) ? false : null;
}

/** Orders two decimal strings (exact for prices of up to 15 digits, which catalogues never exceed). */
export const compareDecimal = (a: string, b: string): number => Number(a) - Number(b);
