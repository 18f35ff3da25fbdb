import type { ProductRecord } from '@aisle/contracts/products';
import { compareDecimal, formatPrice, formatWeight, labelOf, parseMoney, priceText, termsOf } from '../knowledge';

/*
 * Questions about products answered from their records (knowledge's product_records), not from
 * text: which colours or sizes, what it weighs or costs, the lightest or cheapest of a kind, what
 * costs under $100, what is in stock. The answer states the fact and names the products in whole
 * sentences; anything not in the records is left to the text answer, which may say it does not know.
 */

/** A product of the assistant's stores, with the passage that describes it (for citing). */
export interface StoredProduct {
  passageId: string;
  fileName: string;
  record: ProductRecord;
}

export interface ProductAnswer {
  text: string;
  products: StoredProduct[];
}

type Measure = 'weight' | 'price' | 'capacity';
interface Superlative {
  measure: Measure;
  /** 1: the largest value wins; -1: the smallest. */
  direction: 1 | -1;
  word: string;
}

const SUPERLATIVES: [RegExp, Superlative][] = [
  [/\b(lightest|least heavy|weighs? the least)\b/, { measure: 'weight', direction: -1, word: 'lightest' }],
  [/\b(heaviest|weighs? the most)\b/, { measure: 'weight', direction: 1, word: 'heaviest' }],
  [/\b(cheapest|least expensive|lowest price|most affordable|costs? the least)\b/, { measure: 'price', direction: -1, word: 'cheapest' }],
  [/\b(most expensive|priciest|highest price|costs? the most)\b/, { measure: 'price', direction: 1, word: 'most expensive' }],
  [/\b(biggest|largest|roomiest|most spacious)\b/, { measure: 'capacity', direction: 1, word: 'biggest' }],
  [/\b(smallest|most compact)\b/, { measure: 'capacity', direction: -1, word: 'smallest' }],
];
const UNDER = /\b(?:under|below|less than|cheaper than|no more than|up to|within)\s+([$€£]?\s?\d[\d.,]*)/;
const OVER = /\b(?:over|above|more than|at least)\s+([$€£]?\s?\d[\d.,]*)/;
const STOCK = /\b(in stock|available|availability|sold out|out of stock|have any left|back in stock)\b/;
const WEIGHT = /\b(weigh|weighs|weight|how heavy)\b/;
const PRICE = /\b(how much|price|cost|costs|priced)\b/;
/** Words of a question that ask, compare or filter: not what the products are. */
const QUESTION_TERMS = new Set(
  termsOf(
    'which what whats is are the a your you have has do does cost costs price priced how much many come comes in available stock sold out ' +
      'lightest heaviest cheapest expensive most least biggest largest smallest under below over above less more than weigh weighs weight ' +
      'heavy colors colours color colour sizes size options option any there sell offer one ones product products item items kind type ' +
      'buy get me show tell list models model left back',
  ),
);
/** Option or attribute names that ask for the same thing ("colour" for a "colors" column). */
const NAME_ALIASES: Record<string, string[]> = {
  color: ['colour', 'colours', 'colors', 'color'],
  size: ['sizes', 'size', 'fit'],
  category: ['category', 'type', 'kind'],
  material: ['material', 'made', 'fabric'],
};

const joinAnd = (items: string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);
const valuesOf = (value: string) =>
  value
    .split(/\s*[,;|]\s*/)
    .map((item) => item.trim())
    .filter(Boolean);

function termsOfProduct(record: ProductRecord): Set<string> {
  return new Set(termsOf([record.title, record.productType ?? '', ...record.tags].join(' ')));
}

/** Products the question names by title (most of the title's words), best match first. */
function namedProducts(question: Set<string>, products: StoredProduct[]): StoredProduct[] {
  const scored = products.flatMap((product) => {
    const title = [...new Set(termsOf(product.record.title))];
    const shared = title.filter((term) => question.has(term)).length;
    const named = title.length > 0 && (shared / title.length >= 0.6 || shared >= 2);
    return named ? [{ product, score: shared / title.length + shared / 100 }] : [];
  });
  return scored.sort((a, b) => b.score - a.score).map((item) => item.product);
}

/** The kind of product the question is about ("tent"), as products whose title, type or tags have its words. */
function productsOfKind(question: Set<string>, products: StoredProduct[]): StoredProduct[] | null {
  const kind = [...question].filter((term) => !QUESTION_TERMS.has(term) && !/^\d/.test(term));
  if (!kind.length) return null;
  const matching = products.filter((product) => {
    const terms = termsOfProduct(product.record);
    return kind.some((term) => terms.has(term));
  });
  return matching.length ? matching : null;
}

function capacityOf(record: ProductRecord): number | null {
  const fields = [...record.options, ...record.attributes.map((a) => ({ name: a.name, values: [a.value] }))].filter((field) =>
    /size|capacity|person|volume|litre|liter|sleeps/i.test(field.name),
  );
  for (const field of fields) {
    const numbers = field.values.flatMap((value) =>
      [...value.matchAll(/(\d+(?:\.\d+)?)\s*-?\s*(?:person|people|p\b|l\b|litre|liter)/gi)].map((m) => Number(m[1])),
    );
    if (numbers.length) return Math.max(...numbers);
  }
  const inTitle = /(\d+(?:\.\d+)?)\b/.exec(record.title);
  return inTitle ? Number(inTitle[1]) : null;
}

function measureOf(record: ProductRecord, measure: Measure): number | null {
  if (measure === 'price') return record.priceRange ? Number(record.priceRange.min) : null;
  if (measure === 'capacity') return capacityOf(record);
  const grams = record.variants.flatMap((variant) => (variant.grams === null ? [] : [variant.grams]));
  return grams.length ? Math.min(...grams) : null;
}

function describeMeasure(record: ProductRecord, measure: Measure): string {
  if (measure === 'price') return `at ${priceText(record)}`;
  if (measure === 'weight') {
    const lightest = [...record.variants].filter((v) => v.weight).sort((a, b) => (a.grams ?? 0) - (b.grams ?? 0))[0];
    return lightest?.weight ? `at ${formatWeight(lightest.weight)}` : '';
  }
  const size = [...record.options, ...record.attributes.map((a) => ({ name: a.name, values: [a.value] }))].find((field) =>
    /size|capacity/i.test(field.name),
  );
  return size ? `(${size.values.join(', ')})` : '';
}

function superlativeAnswer(superlative: Superlative, pool: StoredProduct[], kindWord: string): ProductAnswer | null {
  const measured = pool.flatMap((product) => {
    const value = measureOf(product.record, superlative.measure);
    return value === null ? [] : [{ product, value }];
  });
  if (measured.length < 1) return null;
  measured.sort((a, b) => (a.value - b.value) * superlative.direction * -1 || a.product.record.title.localeCompare(b.product.record.title));
  const best = measured[0] as (typeof measured)[number];
  const ties = measured.filter((item) => item.value === best.value);
  const what = ties.map((item) => `the ${item.product.record.title}`);
  const detail = describeMeasure(best.product.record, superlative.measure);
  const text =
    ties.length > 1
      ? `The ${superlative.word} ${kindWord} are ${joinAnd(what)}${detail ? `, ${detail}` : ''}.`
      : `The ${superlative.word} ${kindWord} is ${what[0]}${detail ? `, ${detail}` : ''}.`;
  return { text, products: ties.map((item) => item.product) };
}

function priceFilterAnswer(question: string, pool: StoredProduct[], kindWord: string): ProductAnswer | null {
  const under = UNDER.exec(question);
  const over = OVER.exec(question);
  const limit = parseMoney((under ?? over)?.[1]);
  if (!limit) return null;
  const priced = pool.filter((product) => product.record.priceRange);
  if (!priced.length) return null;
  const fits = priced
    .filter((product) => {
      const range = product.record.priceRange as NonNullable<ProductRecord['priceRange']>;
      return under ? compareDecimal(range.min, limit.amount) <= 0 : compareDecimal(range.max, limit.amount) >= 0;
    })
    .sort((a, b) => compareDecimal(a.record.priceRange?.min ?? '0', b.record.priceRange?.min ?? '0'));
  const currency = priced[0]?.record.priceRange?.currency ?? null;
  const bound = `${under ? 'under' : 'over'} ${formatPrice(limit.amount, limit.currency ?? currency)}`;
  if (!fits.length) return { text: `None of our ${kindWord} cost ${bound}.`, products: [] };
  const list = fits.map((product) => `the ${product.record.title} (${priceText(product.record)})`);
  return { text: `${fits.length === 1 ? 'One' : 'These'} ${kindWord} cost ${bound}: ${joinAnd(list)}.`, products: fits };
}

function stockSentence(record: ProductRecord): string | null {
  if (record.available === null) return null;
  if (!record.available) return `The ${record.title} is sold out at the moment.`;
  const soldOut = record.variants.filter((variant) => variant.available === false).map((variant) => variant.title);
  if (!soldOut.length || soldOut.length === record.variants.length) return `Yes, the ${record.title} is in stock.`;
  const inStock = record.variants.filter((variant) => variant.available !== false).map((variant) => variant.title);
  return `The ${record.title} is in stock in ${joinAnd(inStock)}; ${joinAnd(soldOut)} ${soldOut.length === 1 ? 'is' : 'are'} sold out.`;
}

/** The options and attributes of a product whose names the question uses ("colors", "roast level"). */
function askedFields(question: Set<string>, record: ProductRecord) {
  const fields = [
    ...record.options.map((option) => ({ name: option.name, values: option.values })),
    // A plural column ("colors", "sizes") lists values; another ("origin": "Huila, Colombia") is one.
    ...record.attributes.map((attribute) => ({
      name: attribute.name,
      values: /s$/i.test(attribute.name) ? valuesOf(attribute.value) : [attribute.value],
    })),
    ...(record.productType ? [{ name: 'category', values: [record.productType] }] : []),
    ...(record.vendor ? [{ name: 'brand', values: [record.vendor] }] : []),
  ];
  return fields.filter((field) => {
    const terms = termsOf(labelOf(field.name));
    const aliases = Object.entries(NAME_ALIASES).flatMap(([key, names]) =>
      names.some((name) => terms.includes(termsOf(name)[0] ?? '')) ? termsOf([key, ...names].join(' ')) : [],
    );
    const all = new Set([...terms, ...aliases]);
    return terms.length > 0 && [...all].some((term) => question.has(term)) && terms.every((term) => all.has(term));
  });
}

function fieldSentence(record: ProductRecord, field: { name: string; values: string[] }): string {
  const label = labelOf(field.name).toLowerCase();
  if (/^colou?rs?$/.test(label)) return `The ${record.title} comes in ${joinAnd(field.values)}.`;
  if (/^sizes?$/.test(label)) return `The ${record.title} comes in ${field.values.length > 1 ? 'sizes ' : ''}${joinAnd(field.values)}.`;
  if (label === 'category') return `The ${record.title} is in our ${field.values[0]} category.`;
  return `The ${label} of the ${record.title} ${field.values.length > 1 ? 'options are' : 'is'} ${joinAnd(field.values)}.`;
}

function aboutProduct(question: string, terms: Set<string>, product: StoredProduct): ProductAnswer | null {
  const { record } = product;
  const sentences = askedFields(terms, record).map((field) => fieldSentence(record, field));
  if (!sentences.length && WEIGHT.test(question)) {
    const weights = record.variants.flatMap((variant) => (variant.weight ? [formatWeight(variant.weight)] : []));
    const distinct = [...new Set(weights)];
    if (distinct.length) sentences.push(`The ${record.title} weighs ${joinAnd(distinct)}.`);
  }
  if (!sentences.length && PRICE.test(question) && record.priceRange) {
    const { min, max, currency } = record.priceRange;
    sentences.push(
      min === max
        ? `The ${record.title} costs ${formatPrice(min, currency)}.`
        : `The ${record.title} costs from ${formatPrice(min, currency)} to ${formatPrice(max, currency)}, depending on the option.`,
    );
  }
  if (STOCK.test(question)) {
    const stock = stockSentence(record);
    if (stock) sentences.push(stock);
  }
  return sentences.length ? { text: sentences.join(' '), products: [product] } : null;
}

/** The plural the shopper used for the kind ("tents"), or "products". */
function kindWordOf(question: string, pool: StoredProduct[] | null): string {
  if (!pool) return 'products';
  const kinds = new Set(pool.flatMap((product) => [...termsOfProduct(product.record)]));
  const word = question
    .toLowerCase()
    .split(/[^\p{L}\p{N}-]+/u)
    .find((candidate) => {
      const term = termsOf(candidate)[0];
      return term && kinds.has(term) && !QUESTION_TERMS.has(term);
    });
  return word ?? 'products';
}

/**
 * The answer to a question about the shop's products from their records, or null when the
 * question is not one the records answer (the text answer takes over).
 */
export function answerFromProducts(question: string, products: StoredProduct[]): ProductAnswer | null {
  if (!products.length) return null;
  const lower = question.toLowerCase();
  const terms = new Set(termsOf(question));
  const named = namedProducts(terms, products);
  const superlative = SUPERLATIVES.find(([pattern]) => pattern.test(lower))?.[1];
  if (superlative) {
    const pool = named.length > 1 ? named : productsOfKind(terms, products);
    const word = named.length > 1 ? 'one' : kindWordOf(question, pool);
    return superlativeAnswer(superlative, pool ?? products, word.replace(/s$/, ''));
  }
  if (UNDER.test(lower) || OVER.test(lower)) {
    const pool = productsOfKind(terms, products);
    return priceFilterAnswer(lower, pool ?? products, kindWordOf(question, pool));
  }
  const [first] = named;
  if (first) return aboutProduct(lower, terms, first);
  if (STOCK.test(lower)) {
    const pool = productsOfKind(terms, products);
    if (!pool) return null;
    const inStock = pool.filter((product) => product.record.available === true);
    if (!inStock.length) return null;
    return {
      text: `In stock now: ${joinAnd(inStock.map((product) => `the ${product.record.title}`))}.`,
      products: inStock,
    };
  }
  return null;
}
