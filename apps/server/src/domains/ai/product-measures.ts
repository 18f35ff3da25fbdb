import type { ProductFact, ProductFactKind, ProductRecord } from '@aisle/contracts/products';
import { formatWeight, priceText, productFacts } from '../knowledge';
import type { Measure } from './product-question';

/*
 * The numbers a product is compared by (price, weight, capacity, battery hours, lumens, watts) and
 * the words that say them back. Columns first (the store typed them), then the facts read from
 * the description. Records stored before facts were read get them read now from the same text.
 */

/** Facts read from a stored record's text, once per record object (the catalogue is cached: knowledge/list-store-products.ts). */
const readFacts = new WeakMap<ProductRecord, ProductFact[]>();

export function factsOf(record: ProductRecord): ProductFact[] {
  if (record.facts) return record.facts;
  let facts = readFacts.get(record);
  if (!facts) {
    facts = productFacts(record.description, record.attributes, record.title);
    readFacts.set(record, facts);
  }
  return facts;
}

export const factOf = (record: ProductRecord, kind: ProductFactKind): ProductFact | undefined =>
  factsOf(record).find((fact) => fact.kind === kind);

const GRAMS: Record<string, number> = { g: 1, kg: 1000, lb: 453.59237, oz: 28.349523125 };
const MILLILITRES: Record<string, number> = { ml: 1, L: 1000, 'fl oz': 29.5735 };

/** Option and attribute columns that say how big a product is ("Size": "2-person", "Capacity": "65 L"). */
function sizeFields(record: ProductRecord) {
  return [...record.options, ...record.attributes.map((a) => ({ name: a.name, values: [a.value] }))];
}

function capacityOf(record: ProductRecord): number | null {
  const fields = sizeFields(record).filter((field) => /size|capacity|person|volume|litre|liter|sleeps/i.test(field.name));
  for (const field of fields) {
    const numbers = field.values.flatMap((value) =>
      [...value.matchAll(/(\d+(?:\.\d+)?)\s*-?\s*(?:person|people|p\b|l\b|litre|liter)/gi)].map((m) => Number(m[1])),
    );
    if (numbers.length) return Math.max(...numbers);
  }
  const people = factOf(record, 'capacity');
  if (typeof people?.value === 'number') return people.value;
  const volume = factOf(record, 'volume');
  if (typeof volume?.value === 'number') return volume.value * (MILLILITRES[volume.unit ?? 'ml'] ?? 1);
  const inTitle = /(\d+(?:\.\d+)?)\b/.exec(record.title);
  return inTitle ? Number(inTitle[1]) : null;
}

/** How many people a product is for ("2-person", "2人用", "นอนได้ 2 คน"); null when it does not say. */
export function peopleOf(record: ProductRecord): number | null {
  const fact = factOf(record, 'capacity');
  if (typeof fact?.value === 'number') return fact.value;
  for (const field of sizeFields(record)) {
    const numbers = field.values.flatMap((value) => [...value.matchAll(/(\d+)\s*-?\s*(?:person|people|p\b)/gi)].map((m) => Number(m[1])));
    if (numbers.length) return Math.max(...numbers);
  }
  return null;
}

function gramsOf(record: ProductRecord): number | null {
  const grams = record.variants.flatMap((variant) => (variant.grams === null ? [] : [variant.grams]));
  if (grams.length) return Math.min(...grams);
  const weight = factOf(record, 'weight');
  return typeof weight?.value === 'number' ? weight.value * (GRAMS[weight.unit ?? 'g'] ?? 1) : null;
}

const FACT_MEASURES: Partial<Record<Measure, ProductFactKind>> = {
  battery: 'battery',
  brightness: 'brightness',
  power: 'power',
  shelfLife: 'shelfLife',
};
const DAYS: Record<string, number> = { days: 1, months: 30, years: 365 };

/** The number `measure` compares; null when the product does not say. */
export function measureOf(record: ProductRecord, measure: Measure): number | null {
  if (measure === 'price') return record.priceRange ? Number(record.priceRange.min) : null;
  if (measure === 'weight') return gramsOf(record);
  if (measure === 'capacity') return capacityOf(record);
  const fact = factOf(record, FACT_MEASURES[measure] ?? 'battery');
  if (typeof fact?.value !== 'number') return null;
  return measure === 'shelfLife' ? fact.value * (DAYS[fact.unit ?? 'days'] ?? 1) : fact.value;
}

/** The measure as the store wrote it: "$449.00", "1.9 kg", "2-person, 3-person", "20 hours"; '' when unknown. */
export function measureText(record: ProductRecord, measure: Measure): string {
  if (measure === 'price') return priceText(record);
  if (measure === 'weight') {
    const lightest = [...record.variants].filter((v) => v.weight).sort((a, b) => (a.grams ?? 0) - (b.grams ?? 0))[0];
    return lightest?.weight ? formatWeight(lightest.weight) : (factOf(record, 'weight')?.text ?? '');
  }
  if (measure === 'capacity') {
    const size = sizeFields(record).find((field) => /size|capacity/i.test(field.name));
    return size ? size.values.join(', ') : (factOf(record, 'capacity')?.text ?? factOf(record, 'volume')?.text ?? '');
  }
  const text = factOf(record, FACT_MEASURES[measure] ?? 'battery')?.text ?? '';
  // "保存期限: 常溫 30 天" is said from the number on.
  return measure === 'shelfLife' ? (/\d.*$/.exec(text)?.[0] ?? text) : text;
}

/** The English detail after a superlative, as before: "at $449.00", "at 1.9 kg", "(2-person, 3-person)". */
export function englishDetail(record: ProductRecord, measure: Measure): string {
  const text = measureText(record, measure);
  if (!text) return '';
  if (measure === 'shelfLife') return `keeping ${text}`;
  return measure === 'capacity' ? `(${text})` : `at ${text}`;
}
