import type { ProductRecord } from '@aisle/contracts/products';
import { termsOf as allTermsOf, expandQuery } from '../knowledge';

/*
 * Which of the shop's products a question is about: those it names by title, or those of the
 * kind it asks about ("tents", "テント", "เต็นท์"), and the word the shopper used for the kind.
 */

/** A product of the assistant's stores, with the passage that describes it (for citing). */
export interface StoredProduct {
  passageId: string;
  fileName: string;
  record: ProductRecord;
}

/**
 * Terms as whole words: retrieval also indexes single characters of Chinese and Japanese words
 * ("~抹"), which would make every title with 茶 in it "named" by any question about tea.
 */
export const termsOf = (text: string): string[] => allTermsOf(text).filter((term) => !term.startsWith('~'));

/** Words of an English question that ask, compare or filter: not what the products are. */
const QUESTION_TERMS = new Set(
  termsOf(
    'which what whats is are the a your you have has do does cost costs price priced how much many come comes in available stock sold out ' +
      'lightest heaviest cheapest expensive most least biggest largest smallest under below over above less more than weigh weighs weight ' +
      'heavy colors colours color colour sizes size options option any there sell offer one ones product products item items kind type ' +
      'buy get me show tell list models model left back',
  ),
);

/** Titles compared whole where words do not split the same way (Japanese, Thai, Chinese): no spaces, NFKC, lower case. */
const folded = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\p{P}]+/gu, '');

/** What matching reads of a product, worked out once per record object (the catalogue is kept between turns). */
interface ProductWords {
  title: string[];
  /** The title as written, folded; and the name it quotes (「さみどり」, or also in ASCII quotes), folded. */
  written: string;
  quotedCjk: string | undefined;
  quoted: string | undefined;
  /** Words of its title, type and tags; of its type and tags alone. */
  all: Set<string>;
  typed: Set<string>;
}
const wordsOfRecord = new WeakMap<ProductRecord, ProductWords>();

function wordsOf(record: ProductRecord): ProductWords {
  let words = wordsOfRecord.get(record);
  if (!words) {
    const quoted = /[「『“"]([^」』”"]{2,})[」』”"]/u.exec(record.title)?.[1];
    const quotedCjk = /[「『“]([^」』”]{2,})[」』”]/u.exec(record.title)?.[1];
    words = {
      quotedCjk: quotedCjk === undefined ? undefined : folded(quotedCjk),
      title: [...new Set(termsOf(record.title))],
      written: folded(record.title),
      quoted: quoted === undefined ? undefined : folded(quoted),
      all: new Set(termsOf([record.title, record.productType ?? '', ...record.tags].join(' '))),
      typed: new Set(termsOf([record.productType ?? '', ...record.tags].join(' '))),
    };
    wordsOfRecord.set(record, words);
  }
  return words;
}

export function termsOfProduct(record: ProductRecord): Set<string> {
  return wordsOf(record).all;
}

const SINGLE_CHARACTER = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]$/u;

/** Products the text names by title (most of the title's words, or the whole title), best match first. */
export function namedProducts(text: string, products: StoredProduct[]): StoredProduct[] {
  const question = new Set(termsOf(text));
  const whole = folded(text);
  const scored = products.flatMap((product) => {
    const { title, written, quotedCjk } = wordsOf(product.record);
    const shared = title.filter((term) => question.has(term)).length;
    // A lone character before a name (京 of 京ほうじ茶: where it is from) does not have to be asked.
    const long = title.filter((term) => !SINGLE_CHARACTER.test(term));
    const sharedLong = long.filter((term) => question.has(term)).length;
    const named =
      title.length > 0 &&
      (shared / title.length >= 0.6 || shared >= 2 || (long.length > 0 && long.length < title.length && sharedLong === long.length));
    if (named) return [{ product, score: shared / title.length + shared / 100 }];
    if (written.length >= 2 && whole.includes(written)) return [{ product, score: 1 + written.length / 100 }];
    return quotedCjk && whole.includes(quotedCjk) ? [{ product, score: 0.9 }] : [];
  });
  return scored.sort((a, b) => b.score - a.score).map((item) => item.product);
}

/**
 * Products the text names whole: every word of the title, the title as written, or the name a
 * title quotes (宇治煎茶「さみどり」 is named by "さみどり").
 */
export function fullyNamedProducts(text: string, products: StoredProduct[]): StoredProduct[] {
  const question = new Set(termsOf(text));
  const whole = folded(text);
  return products.filter(({ record }) => {
    const { title, written, quoted } = wordsOf(record);
    if (title.length && title.every((term) => question.has(term))) return true;
    return whole.includes(written) || (quoted !== undefined && whole.includes(quoted));
  });
}

/** A question's words that may name a kind of product: not question words, numbers or single kana and Thai letters. */
export function kindTerms(text: string): string[] {
  return termsOf(text).filter(
    (term) => !QUESTION_TERMS.has(term) && !/^\d/.test(term) && (term.length > 1 || /[a-z\p{Script=Han}]/u.test(term)),
  );
}

/** The kind of product the question is about ("tent"), as products whose title, type or tags have its words. */
export function productsOfKind(text: string, products: StoredProduct[]): StoredProduct[] | null {
  const asked = kindTerms(text);
  if (!asked.length) return null;
  const having = (kind: string[]) =>
    products.filter((product) => {
      const terms = termsOfProduct(product.record);
      return kind.some((term) => terms.has(term));
    });
  let kind = asked;
  let matching = having(kind);
  // Named in another language ("sunscreen" in a Thai shop of กันแดด): the shop lexicon's words for it.
  if (!matching.length) {
    kind = expandQuery(text).flatMap((word) =>
      asked.includes(word.term) ? word.alternatives.filter((a) => a.relation === 'commerce').map((a) => a.term) : [],
    );
    matching = having(kind);
  }
  // "抹茶で一番高いの": the matcha, not the matcha tools set whose title also says 抹茶.
  const ofType = matching.filter((product) => {
    const terms = wordsOf(product.record).typed;
    return kind.some((term) => terms.has(term));
  });
  if (ofType.length) return ofType;
  return matching.length ? matching : null;
}

/**
 * The one product a question names by what it is rather than by its title, often in another
 * language ("How much is the hojicha?" → 京ほうじ茶, "the pineapple cake gift box" → 土鳳梨酥禮盒):
 * the product whose title, type or tags have the most of the question's words or their shop
 * lexicon words, when no other has as many. Null when none does, or several tie (three tents).
 */
export function productNamedByKind(text: string, products: StoredProduct[]): StoredProduct | null {
  const asked = kindTerms(text);
  if (!asked.length) return null;
  const words = expandQuery(text).filter((word) => asked.includes(word.term));
  const forms = words.map((word) => [word.term, ...word.alternatives.filter((a) => a.relation === 'commerce').map((a) => a.term)]);
  let best: StoredProduct | null = null;
  let most = 0;
  let tied = false;
  for (const product of products) {
    const terms = termsOfProduct(product.record);
    const count = forms.filter((terms_) => terms_.some((term) => terms.has(term))).length;
    if (count > most) [best, most, tied] = [product, count, false];
    else if (count === most && count > 0) tied = true;
  }
  return best && !tied && most * 2 >= forms.length ? best : null;
}

export const RUN_TOGETHER = /[\p{Script=Han}\p{Script=Thai}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** The plural the shopper used for the kind ("tents"), or `fallback`. */
export function kindWordOf(question: string, pool: StoredProduct[] | null, fallback: string): string {
  if (!pool) return fallback;
  const kinds = new Set(pool.flatMap((product) => [...termsOfProduct(product.record)]));
  // Words run together (Japanese, Thai, Chinese): the question's own term that names the kind.
  if (RUN_TOGETHER.test(question)) {
    // The category as the store writes it when the question uses it ("伴手禮"), else the longest word of the kind.
    const whole = folded(question);
    const type = pool.map((product) => product.record.productType ?? '').find((name) => name.length >= 2 && whole.includes(folded(name)));
    const terms = kindTerms(question).filter((term) => kinds.has(term));
    return type ?? terms.sort((a, b) => b.length - a.length)[0] ?? fallback;
  }
  const word = question
    .toLowerCase()
    .split(/[^\p{L}\p{N}-]+/u)
    .find((candidate) => {
      const term = termsOf(candidate)[0];
      return term && kinds.has(term) && !QUESTION_TERMS.has(term) && !/^\d/.test(candidate);
    });
  return word ?? fallback;
}
