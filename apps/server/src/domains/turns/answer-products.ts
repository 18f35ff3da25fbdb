import { PRODUCT_CARD_VARIANTS_MAX, PRODUCT_CARDS_MAX, type ProductCard } from '@aisle/contracts/commerce';
import type { ProductRecord } from '@aisle/contracts/products';

/*
 * The store's products an answer names, as cards (issue 32): whoever wrote the answer (the built-in
 * model quoting a product list, or a network model), a product counts when its title is in the
 * answer's text. Titles are compared as shoppers' screens show them (NFKC, case-folded), a longer
 * title first so "Trail Tent Pro" is not also "Trail Tent", and a Latin title only as whole words
 * ("Tent" is not in "Content"). In the order the answer names them, at most PRODUCT_CARDS_MAX.
 */

/** Shortest title that can name a product: shorter ones ("Tee", "帽") are too often ordinary words. */
const MIN_TITLE_LENGTH = 2;
const LATIN_WORD = /[\p{Script=Latin}\p{N}]/u;

const fold = (text: string) => text.normalize('NFKC').toLocaleLowerCase('en');

/** The title is in the text at `index` as whole words (for Latin letters and digits at its edges). */
function standsAlone(text: string, index: number, length: number): boolean {
  const before = text[index - 1];
  const after = text[index + length];
  const first = text[index] ?? '';
  const last = text[index + length - 1] ?? '';
  return !(before && LATIN_WORD.test(first) && LATIN_WORD.test(before)) && !(after && LATIN_WORD.test(last) && LATIN_WORD.test(after));
}

/** Where the text names the title first, outside the spans longer titles already took; -1 when nowhere. */
function firstMention(text: string, title: string, taken: [number, number][]): number {
  for (let index = text.indexOf(title); index !== -1; index = text.indexOf(title, index + 1)) {
    const end = index + title.length;
    if (standsAlone(text, index, title.length) && !taken.some(([from, to]) => index < to && end > from)) {
      taken.push([index, end]);
      return index;
    }
  }
  return -1;
}

const greater = (a: string | null | undefined, b: string | null | undefined) => a != null && b != null && Number(a) > Number(b);

/** A product record as a shopper's card: the first available variant's price (else the lowest), its "was" price when on sale. */
export function productCardOf(record: ProductRecord): ProductCard {
  const shown = record.variants.find((variant) => variant.available !== false && variant.price) ?? record.variants[0];
  const price = shown?.price ?? record.priceRange?.min ?? null;
  const compareAt = shown && greater(shown.compareAtPrice, price) ? shown.compareAtPrice : null;
  return {
    title: record.title,
    handle: record.handle,
    url: record.url,
    image: record.image,
    price,
    compareAtPrice: compareAt,
    currency: shown?.currency ?? record.currency ?? record.priceRange?.currency ?? null,
    available: record.available,
    options: record.options,
    variants: record.variants.slice(0, PRODUCT_CARD_VARIANTS_MAX).map((variant) => ({
      id: variant.id ?? null,
      title: variant.title,
      price: variant.price,
      compareAtPrice: greater(variant.compareAtPrice, variant.price) ? variant.compareAtPrice : null,
      available: variant.available,
      options: variant.options,
    })),
  };
}

/** The products among `records` that `text` names, as cards, in the order named. */
export function productsNamedIn(text: string, records: readonly { record: ProductRecord }[]): ProductCard[] {
  if (!records.length || !text.trim()) return [];
  const folded = fold(text);
  const candidates = records
    .map(({ record }) => ({ record, title: fold(record.title.trim()) }))
    .filter(({ title }) => title.length >= MIN_TITLE_LENGTH && folded.includes(title))
    .sort((a, b) => b.title.length - a.title.length);
  const taken: [number, number][] = [];
  const seen = new Set<string>();
  const named: { at: number; record: ProductRecord }[] = [];
  for (const { record, title } of candidates) {
    // One card per product, however many records (or stores) hold it.
    const key = `${record.handle ?? ''}\n${title}`;
    if (seen.has(key)) continue;
    const at = firstMention(folded, title, taken);
    if (at === -1) continue;
    seen.add(key);
    named.push({ at, record });
  }
  return named
    .sort((a, b) => a.at - b.at)
    .slice(0, PRODUCT_CARDS_MAX)
    .map(({ record }) => productCardOf(record));
}
