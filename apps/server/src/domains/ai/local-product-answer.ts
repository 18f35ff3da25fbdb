import type { ProductRecord } from '@aisle/contracts/products';
import { CHARACTER_PREFIX, compareDecimal, formatPrice, formatWeight, priceText, termsOf } from '../knowledge';
import { askedFields, contentsField, fieldSentence, fieldsNamingValue } from './product-fields';
import { productReferredTo } from './product-follow-up';
import {
  fullyNamedProducts,
  kindTerms,
  kindWordOf,
  namedProducts,
  productNamedByKind,
  productsOfKind,
  RUN_TOGETHER,
  type StoredProduct,
  termsOfProduct,
} from './product-match';
import { englishDetail, factOf, factsOf, measureOf, measureText, peopleOf } from './product-measures';
import { type AskedFact, type ProductQuestion, parseProductQuestion, type Superlative, scriptLanguage } from './product-question';
import { type Condition, type ProductSentences, sentencesFor } from './product-sentences';
import type { ShopperLanguage } from './shopper-language';

/*
 * Questions about products answered from their records (knowledge's product_records), not from
 * text: which colours or sizes, what it weighs or costs, the lightest or cheapest of a kind, what
 * costs under $100 or is waterproof, what is in stock, and what the description says (battery,
 * capacity…), in the shopper's language. A follow-up that names no product ("how heavy is it?")
 * is about the one the thread named before. The answer states the fact and names the products in
 * whole sentences; anything not in the records is left to the text answer, which may say it does
 * not know.
 */

export type { StoredProduct } from './product-match';

/** Products of a kind listed at most (as many as an answer shows as cards). */
const LISTED_MAX = 10;
/** Asks to see what there is, without "which" or "do you have": "show me your tents", "テントの種類を教えて", "有哪些帳篷". */
const BROWSE =
  /\b(?:show me|list|browse|what kinds? of|options? for)\b|見せて|種類|一覧|ラインナップ|ขอดู|แนะนำ|กี่แบบ|กี่ชนิด|กี่อย่าง|何種類|幾種|几种|berapa jenis|mấy loại|몇 가지|มีแบบไหน|มีอะไรบ้าง|有哪些|有什麼|有什么|推薦|推荐|\bapa saja\b|\blihat\b|\bxem\b|giới thiệu|những loại|보여|추천|종류/iu;

export interface ProductAnswer {
  text: string;
  products: StoredProduct[];
}

export interface ProductAnswerOptions {
  /** The shopper's language; from the question's script when not given. */
  lang?: ShopperLanguage;
  /** The thread's earlier messages, oldest first, for follow-ups that name no product. */
  earlier?: string[];
  /**
   * Every earlier message of the thread, the assistant's answers too, oldest first: "it" is the
   * product last named by anyone ("Which tent is the lightest?" → "the Ember 2P…" → "How much is it?").
   */
  mentioned?: string[];
}

interface Asking {
  question: ProductQuestion;
  lang: ShopperLanguage;
  say: ProductSentences;
}

function superlativeAnswer(asking: Asking, superlative: Superlative, pool: StoredProduct[], kind: string): ProductAnswer | null {
  const { measure, direction } = superlative;
  const measured = pool.flatMap((product) => {
    const value = measureOf(product.record, measure);
    return value === null ? [] : [{ product, value }];
  });
  if (measured.length < 1) return null;
  measured.sort((a, b) => (a.value - b.value) * direction * -1 || a.product.record.title.localeCompare(b.product.record.title));
  const best = measured[0] as (typeof measured)[number];
  const ties = measured.filter((item) => item.value === best.value);
  const detail = asking.lang === 'en' ? englishDetail(best.product.record, measure) : measureText(best.product.record, measure);
  const winners = ties.map((item) => asking.say.the(item.product.record.title));
  return { text: asking.say.superlative(measure, direction, kind, winners, detail), products: ties.map((item) => item.product) };
}

/** Products that fit every condition of the question (price bound, waterproof, for so many people). */
function filterAnswer(asking: Asking, pool: StoredProduct[], kind: string): ProductAnswer | null {
  const { question, say } = asking;
  const conditions: Condition[] = [];
  let fits = pool;
  if (question.price) {
    const { bound, limit } = question.price;
    const priced = fits.filter((product) => product.record.priceRange);
    if (!priced.length) return null;
    const currency = priced[0]?.record.priceRange?.currency ?? null;
    conditions.push({ kind: 'price', bound, price: formatPrice(limit.amount, limit.currency ?? currency) });
    fits = priced
      .filter((product) => {
        const range = product.record.priceRange as NonNullable<ProductRecord['priceRange']>;
        return bound === 'under' ? compareDecimal(range.min, limit.amount) <= 0 : compareDecimal(range.max, limit.amount) >= 0;
      })
      .sort((a, b) => compareDecimal(a.record.priceRange?.min ?? '0', b.record.priceRange?.min ?? '0'));
  }
  const weight = question.weight;
  if (weight) {
    if (!fits.some((product) => measureOf(product.record, 'weight') !== null)) return null;
    conditions.push({ kind: 'weight', bound: weight.bound, text: weight.text });
    fits = fits
      .filter((product) => {
        const grams = measureOf(product.record, 'weight');
        return grams !== null && (weight.bound === 'under' ? grams <= weight.grams : grams >= weight.grams);
      })
      .sort((a, b) => (measureOf(a.record, 'weight') ?? 0) - (measureOf(b.record, 'weight') ?? 0));
  }
  if (question.waterproof) {
    // Only products said to be waterproof: "not waterproof" and saying nothing both stay out.
    if (!pool.some((product) => factOf(product.record, 'waterproof'))) return null;
    conditions.push({ kind: 'waterproof' });
    fits = fits.filter((product) => factOf(product.record, 'waterproof')?.value === true);
  }
  const without = question.without;
  if (without !== null) {
    // Read from the products' own fields (an allergen or material column), where "含小麥、蛋"
    // lists what is in it; a list that never names the ingredient says nothing about it.
    const terms = termsOf(without).filter((term) => !term.startsWith(CHARACTER_PREFIX));
    const has = (product: StoredProduct) => {
      const written = new Set(termsOf(product.record.attributes.map((attribute) => attribute.value).join(' , ')));
      return terms.some((term) => written.has(term));
    };
    if (!terms.length || !pool.some(has)) return null;
    conditions.push({ kind: 'without', text: without });
    fits = fits.filter((product) => !has(product));
  }
  const people = question.people;
  if (people !== null) {
    if (!pool.some((product) => peopleOf(product.record) !== null)) return null;
    conditions.push({ kind: 'people', count: people });
    const exact = fits.filter((product) => peopleOf(product.record) === people);
    fits = exact.length ? exact : fits.filter((product) => (peopleOf(product.record) ?? 0) >= people);
  }
  if (!conditions.length) return null;
  if (!fits.length) return { text: say.noneMatch(kind, conditions), products: [] };
  // Each product with the value its bound compares: its price, or its weight.
  const items = fits.map((product) => {
    const shown = question.price ? priceText(product.record) : weight ? measureText(product.record, 'weight') : '';
    return shown ? `${say.the(product.record.title)} (${shown})` : say.the(product.record.title);
  });
  return { text: say.filtered(kind, conditions, items), products: fits };
}

/** Words of a text, without the characters of its Chinese and Japanese words. */
const wordTermsOf = (text: string) => termsOf(text).filter((term) => !term.startsWith(CHARACTER_PREFIX));

/**
 * "มีสินค้าสำหรับผิวแพ้ง่ายไหม", "Do you have anything in Sage?", "有什麼伴手禮？": the question
 * says a value of the products' own fields whole (a skin type, a category, an origin, a colour);
 * the products with that value, when some have it and some do not. The longest such value wins
 * ("ผิวแพ้ง่าย" over "ผิว"). Values with figures (sizes, weights) are left to the filters.
 */
function valueAnswer(asking: Asking, question: string, products: StoredProduct[]): ProductAnswer | null {
  const asked = new Set(wordTermsOf(question));
  let best: { label: string; value: string; size: number } | null = null;
  for (const product of products) {
    const fields = [
      ...product.record.attributes,
      ...product.record.options.flatMap((option) => option.values.map((value) => ({ name: option.name, value }))),
    ];
    for (const { name, value } of fields) {
      if (/\p{N}/u.test(value) || value.length > 40) continue;
      const terms = wordTermsOf(value);
      if (!terms.length || !terms.every((term) => asked.has(term))) continue;
      const size = [...value].length;
      if (!best || size > best.size) best = { label: name, value, size };
    }
  }
  if (!best) return null;
  const { label, value } = best;
  const has = (product: StoredProduct) =>
    product.record.attributes.some((attribute) => attribute.name === label && attribute.value === value) ||
    product.record.options.some((option) => option.name === label && option.values.includes(value));
  const fits = products.filter(has);
  if (!fits.length || fits.length === products.length) return null;
  const kind = kindWordOf(question.replace(value, ' '), fits, asking.say.products);
  const items = fits.map((product) => asking.say.the(product.record.title));
  return { text: asking.say.filtered(kind, [{ kind: 'value', label, value }], items), products: fits };
}

function stockSentence(say: ProductSentences, record: ProductRecord): string | null {
  if (record.available === null) return null;
  if (!record.available) return say.soldOut(record.title);
  const soldOut = record.variants.filter((variant) => variant.available === false).map((variant) => variant.title);
  if (!soldOut.length || soldOut.length === record.variants.length) return say.inStock(record.title);
  const inStock = record.variants.filter((variant) => variant.available !== false).map((variant) => variant.title);
  return say.partlyInStock(record.title, inStock, soldOut);
}

const SHOWN_AS_WRITTEN: AskedFact[] = ['volume', 'battery', 'power', 'brightness', 'dimensions'];

/** The sentence for a fact the question asks about, from the record's facts. */
function factSentence(say: ProductSentences, record: ProductRecord, asked: AskedFact): string | null {
  const fact = factOf(record, asked);
  if (!fact) return null;
  // "กันน้ำได้นาน 80 นาที": how long or how deep is said as the store wrote it.
  if (fact.kind === 'waterproof')
    return `${say.waterproof(record.title, fact.value === true)}${/\d/.test(fact.text) && fact.text.length <= 80 ? ` (${fact.text})` : ''}`;
  if (fact.kind === 'capacity' && typeof fact.value === 'number') return say.fact(record.title, 'capacity', say.people(fact.value));
  if (fact.kind === 'material') return say.fact(record.title, 'material', String(fact.value));
  if (fact.kind === 'spf') {
    const all = factsOf(record).filter((item) => item.kind === 'spf');
    return say.fact(record.title, 'spf', all.map((item) => item.text).join(' '));
  }
  // As written ("20 hours", "50ml"), or from the number on for ones led by their label ("賞味期限 30日" → "30日").
  const text = SHOWN_AS_WRITTEN.includes(asked) ? fact.text : (/\d.*$/.exec(fact.text)?.[0] ?? fact.text);
  return say.fact(record.title, fact.kind, text);
}

/** The question names nothing but the product (and what it asks): "ซันมิลค์เท่าไหร่", not "ค่า pH เท่าไหร่". */
function onlyNames(question: ProductQuestion, record: ProductRecord): boolean {
  const title = new Set(kindTerms(record.title));
  return kindTerms(question.topic).every((term) => title.has(term));
}

function aboutProduct(asking: Asking, text: string, product: StoredProduct): ProductAnswer | null {
  const { record } = product;
  const { say, lang } = asking;
  const question = parseProductQuestion(text);
  // What a set holds: its contents column, or its description (the stores' sentences) when it has none.
  if (question.asksContents) {
    const contents = contentsField(record);
    return contents ? { text: fieldSentence(say, lang, record, contents), products: [product] } : null;
  }
  const sentences = askedFields(text, question.lower, lang, record).map((field) => fieldSentence(say, lang, record, field));
  if (!sentences.length && question.asksWeight) {
    const weights = [...new Set(record.variants.flatMap((variant) => (variant.weight ? [formatWeight(variant.weight)] : [])))];
    const written = factOf(record, 'weight')?.text;
    if (weights.length || written) sentences.push(say.weight(record.title, weights.length ? weights : [written as string]));
  }
  if (!sentences.length && (question.asksPrice || (question.asksHowMuch && onlyNames(question, record))) && record.priceRange) {
    const { min, max, currency } = record.priceRange;
    sentences.push(
      min === max
        ? say.price(record.title, formatPrice(min, currency))
        : say.priceRange(record.title, formatPrice(min, currency), formatPrice(max, currency)),
    );
  }
  // Facts asked in the question's own words, not in the product's name ("Lumen 400 Headlamp" asks no brightness).
  const title = new RegExp(record.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'giu');
  const asked = parseProductQuestion(text.replace(title, ' ')).facts;
  if (!sentences.length)
    for (const fact of asked) {
      const sentence = factSentence(say, record, fact);
      if (sentence) sentences.push(sentence);
    }
  // "Does it come in white?": the choices the question names one of.
  if (!sentences.length) for (const field of fieldsNamingValue(text, record)) sentences.push(fieldSentence(say, lang, record, field));
  if (question.asksStock) {
    const stock = stockSentence(say, record);
    if (stock) sentences.push(stock);
  }
  return sentences.length ? { text: sentences.join(' '), products: [product] } : null;
}

/**
 * About one product; an elliptical question that asks nothing itself ("and the Summit Tent?")
 * asks what the last message did. Only an elliptical one: "do you ship the tent to Japan?" asks
 * something the records do not hold, not the price asked before.
 */
function aboutWithEarlier(asking: Asking, question: string, product: StoredProduct, earlier: string[]): ProductAnswer | null {
  const last = asking.question.elliptical ? earlier.at(-1) : undefined;
  return aboutProduct(asking, question, product) ?? (last ? aboutProduct(asking, `${question} ${last}`, product) : null);
}

/**
 * "Which is cheaper, the A or the B?", "それと朝霧ではどちらが安いですか？": the products the question
 * names, with the one it points back at, compared by the measure its comparative asks for.
 */
function compareAnswer(
  asking: Asking,
  question: string,
  named: StoredProduct[],
  mentioned: string[],
  products: StoredProduct[],
): ProductAnswer | null {
  const { comparative, pointsBack } = asking.question;
  if (!comparative || !named.length) return null;
  const compared = [...named];
  const pointedAt = pointsBack ? productReferredTo(question, { ...asking.question, comparative: null }, mentioned, products) : null;
  if (pointedAt && !compared.includes(pointedAt)) compared.push(pointedAt);
  if (compared.length < 2) return null;
  const word = asking.lang === 'en' ? 'one' : asking.say.products;
  return superlativeAnswer(asking, { ...comparative, word }, compared, word);
}

/**
 * Asks what there is of a kind, and nothing more of it (no stock, weight, ingredient, size or
 * waterproofing). Facts are not asked for: the kind's own name may read as one ("กันแดด", sunscreen,
 * reads as SPF); kindListAnswer keeps to questions whose every word is the kind's.
 */
function browses(parsed: ProductQuestion, question: string): boolean {
  const asks = parsed.asksWhich || parsed.asksHave || BROWSE.test(question);
  return asks && !parsed.asksStock && !parsed.asksWeight && parsed.without === null && parsed.people === null && !parsed.waterproof;
}

/**
 * The products of the kind asked for, each with its price, when there are several and the
 * question asks for nothing beyond the kind ("電子レンジで使える茶器" asks more than "茶器": left to
 * the text answer).
 */
function kindListAnswer(asking: Asking, question: string, pool: StoredProduct[] | null): ProductAnswer | null {
  if (!pool || pool.length < 2) return null;
  const asked = kindTerms(asking.question.topic);
  const kindOnly = pool.every((product) => {
    const terms = termsOfProduct(product.record);
    return asked.every((term) => terms.has(term));
  });
  if (!kindOnly) return null;
  const shown = pool.slice(0, LISTED_MAX);
  const items = shown.map((product) => {
    const price = priceText(product.record);
    return price ? `${asking.say.the(product.record.title)} (${price})` : asking.say.the(product.record.title);
  });
  return { text: asking.say.kindList(kindWordOf(question, pool, asking.say.products), items), products: shown };
}

/**
 * The answer to a question about the shop's products from their records, or null when the
 * question is not one the records answer (the text answer takes over).
 */
export function answerFromProducts(question: string, products: StoredProduct[], options: ProductAnswerOptions = {}): ProductAnswer | null {
  if (!products.length) return null;
  const lang = options.lang ?? scriptLanguage(question);
  const earlier = options.earlier ?? [];
  const mentioned = options.mentioned ?? earlier;
  const currency = products.find((product) => product.record.currency)?.record.currency ?? null;
  const asking: Asking = { question: parseProductQuestion(question, currency), lang, say: sentencesFor(lang) };
  const parsed = asking.question;
  const named = namedProducts(question, products);
  const english = lang === 'en';
  // Words run together: a kind word ("抹茶") is part of many titles, so only products named whole are compared.
  const compared = RUN_TOGETHER.test(question) ? fullyNamedProducts(question, products) : named;
  if (parsed.superlative) {
    const pool = compared.length > 1 ? compared : productsOfKind(question, products);
    const word = compared.length > 1 ? (english ? 'one' : asking.say.products) : kindWordOf(question, pool, asking.say.products);
    return superlativeAnswer(asking, parsed.superlative, pool ?? products, english ? word.replace(/s$/, '') : word);
  }
  if (parsed.price || parsed.weight) {
    const pool = productsOfKind(question, products);
    return filterAnswer(asking, pool ?? products, kindWordOf(question, pool, asking.say.products));
  }
  const comparison = compareAnswer(asking, question, named, mentioned, products);
  if (comparison) return comparison;
  const pointed = !named.length && (parsed.pointsBack || parsed.comparative);
  // A follow-up without a pointer ("how heavy?", "重さは？") asks only: a question about a topic
  // ("how much is shipping?") is not about the product named before.
  const bare = kindTerms(parsed.topic).length === 0;
  const referred = earlier.length && !named.length && (pointed || bare);
  // "Is the X waterproof?" asks about X; "which tents are waterproof", "a 2-person tent?" ask for a list.
  const listing =
    parsed.asksWhich || (!pointed && (parsed.waterproof ? !named.length : fullyNamedProducts(question, products).length !== 1));
  if ((parsed.waterproof || parsed.people !== null || parsed.without !== null) && listing) {
    // The kind asked for, not the ingredient left out ("不含小麥的蛋糕": cakes).
    const kindText = parsed.without ? question.replace(parsed.without, ' ') : question;
    const pool = productsOfKind(kindText, products);
    // "Is the Beacon lantern waterproof?" names one product by a word of its title: about it, not a list.
    const one = !parsed.asksWhich && pool?.length === 1 ? aboutProduct(asking, question, pool[0] as StoredProduct) : null;
    const answer = one ?? filterAnswer(asking, pool ?? products, kindWordOf(kindText, pool, asking.say.products));
    if (answer) return answer;
  }
  // "มีครีมกันแดดแบบไหนบ้าง": several titles share the words asked, none is named whole: a kind to list.
  if (named.length >= 2 && browses(parsed, question) && !fullyNamedProducts(question, products).length) {
    const listed = kindListAnswer(asking, question, named);
    if (listed) return listed;
  }
  const [first] = named;
  if (first) return aboutWithEarlier(asking, question, first, earlier);
  if (referred) {
    const product = productReferredTo(question, parsed, mentioned, products);
    const answer = product ? aboutWithEarlier(asking, question, product, earlier) : null;
    if (answer) return answer;
  }
  // "How much is the hojicha?": one product named by what it is, in the shopper's words.
  if (!named.length && (parsed.asksPrice || parsed.asksHowMuch || parsed.asksWeight || parsed.facts.length)) {
    const product = productNamedByKind(question, products);
    const answer = product ? aboutProduct(asking, question, product) : null;
    if (answer) return answer;
  }
  if (!named.length && (parsed.asksWhich || parsed.asksHave)) {
    const byValue = valueAnswer(asking, question, products);
    if (byValue) return byValue;
  }
  // "Which tents do you have?", "テントの種類を教えて": the products of that kind, with their prices.
  if (!named.length && browses(parsed, question)) {
    const listed = kindListAnswer(asking, question, productsOfKind(question, products));
    if (listed) return listed;
  }
  if (parsed.asksStock) {
    const pool = productsOfKind(question, products);
    if (!pool) return null;
    const inStock = pool.filter((product) => product.record.available === true);
    if (!inStock.length) return null;
    return { text: asking.say.inStockList(inStock.map((product) => asking.say.the(product.record.title))), products: inStock };
  }
  return null;
}
