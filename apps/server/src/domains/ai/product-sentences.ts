import {
  type Condition,
  type ConditionWords,
  conditionText,
  joinWith,
  type Labels,
  type ProductSentences,
  type Words,
} from './product-sentence-kit';
import { chinese, ja, ko } from './product-sentences-east-asia';
import { id, th, vi } from './product-sentences-southeast-asia';
import type { ShopperLanguage } from './shopper-language';

/*
 * The sentences of product answers in each shopper language. Titles, values and prices come in as
 * the store wrote them (prices already formatted for their currency); only the words around them
 * are ours. English is word for word what the answers said before there were other languages.
 */

export type { Condition, LabelledFact, ProductSentences } from './product-sentence-kit';

const englishList = (items: string[]) => joinWith(items, ', ', ' and ');

const EN_CONDITIONS: ConditionWords = {
  price: (bound, price) => `cost ${bound} ${price}`,
  weight: (bound, text) => `weigh ${bound} ${text}`,
  waterproof: 'are waterproof',
  people: (count) => `sleep ${count}`,
  without: (text) => `contain no ${text}`,
  value: (label, value) => `have ${label.toLowerCase()} ${value}`,
};
const priceOnly = (conditions: Condition[]) => conditions.length === 1 && conditions[0]?.kind === 'price';
const plural = (kind: string) => (/s$/i.test(kind) ? kind : `${kind}s`);
const englishCondition = (condition: Condition) => conditionText(EN_CONDITIONS, condition);

const EN_LABELS: Labels = {
  weight: 'weight',
  volume: 'capacity',
  capacity: 'capacity',
  battery: 'battery life',
  power: 'power',
  brightness: 'brightness',
  spf: 'sun protection',
  shelfLife: 'shelf life',
  age: 'age range',
  dimensions: 'dimensions',
  material: 'material',
};

const en: ProductSentences = {
  the: (title) => `the ${title}`,
  list: englishList,
  products: 'products',
  colours: (title, values) => `The ${title} comes in ${englishList(values)}.`,
  sizes: (title, values) => `The ${title} comes in ${values.length > 1 ? 'sizes ' : ''}${englishList(values)}.`,
  category: (title, category) => `The ${title} is in our ${category} category.`,
  field: (label, title, values) => `The ${label} of the ${title} ${values.length > 1 ? 'options are' : 'is'} ${englishList(values)}.`,
  weight: (title, weights) => `The ${title} weighs ${englishList(weights)}.`,
  price: (title, price) => `The ${title} costs ${price}.`,
  priceRange: (title, low, high) => `The ${title} costs from ${low} to ${high}, depending on the option.`,
  inStock: (title) => `Yes, the ${title} is in stock.`,
  soldOut: (title) => `The ${title} is sold out at the moment.`,
  partlyInStock: (title, inStock, soldOut) =>
    `The ${title} is in stock in ${englishList(inStock)}; ${englishList(soldOut)} ${soldOut.length === 1 ? 'is' : 'are'} sold out.`,
  inStockList: (titles) => `In stock now: ${englishList(titles)}.`,
  kindList: (kind, items) => `We have these ${plural(kind)}: ${englishList(items)}.`,
  superlative: (measure, direction, kind, winners, detail) => {
    const word = EN_WORDS[`${measure}:${direction}`];
    const verb = winners.length > 1 ? 'are' : 'is';
    return `The ${word} ${kind} ${verb} ${englishList(winners)}${detail ? `, ${detail}` : ''}.`;
  },
  // Price bounds keep their first wording ("One tents cost under $400"); newer filters say the kind in the plural.
  filtered: (kind, conditions, items) =>
    priceOnly(conditions)
      ? `${items.length === 1 ? 'One' : 'These'} ${kind} ${conditions.map(englishCondition).join(' and ')}: ${englishList(items)}.`
      : `These ${plural(kind)} ${conditions.map(englishCondition).join(' and ')}: ${englishList(items)}.`,
  noneMatch: (kind, conditions) =>
    `None of our ${priceOnly(conditions) ? kind : plural(kind)} ${conditions.map(englishCondition).join(' and ')}.`,
  waterproof: (title, yes) => (yes ? `Yes, the ${title} is waterproof.` : `No, the ${title} is not waterproof.`),
  fact: (title, kind, value) => `The ${EN_LABELS[kind]} of the ${title} is ${value}.`,
  people: (count) => `${count} ${count === 1 ? 'person' : 'people'}`,
};

const EN_WORDS: Words = {
  'weight:-1': 'lightest',
  'weight:1': 'heaviest',
  'price:-1': 'cheapest',
  'price:1': 'most expensive',
  'capacity:1': 'biggest',
  'capacity:-1': 'smallest',
  'battery:1': 'longest-lasting',
  'battery:-1': 'shortest-lasting',
  'brightness:1': 'brightest',
  'brightness:-1': 'dimmest',
  'power:1': 'most powerful',
  'power:-1': 'least powerful',
  'shelfLife:1': 'longest-keeping',
  'shelfLife:-1': 'shortest-keeping',
};

const SENTENCES: Record<ShopperLanguage, ProductSentences> = {
  en,
  ja,
  th,
  'zh-Hant': chinese(true),
  'zh-Hans': chinese(false),
  id,
  vi,
  ko,
};

export const sentencesFor = (lang: ShopperLanguage): ProductSentences => SENTENCES[lang];
