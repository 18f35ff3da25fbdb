import type { ProductFactKind } from '@aisle/contracts/products';
import type { Measure } from './product-question';

/*
 * The shape every language's product sentences share (product-sentences.ts and the files per
 * region), and the small helpers they use to list things.
 */

/** A condition a filter answer states: a price bound, waterproof, for so many people, without an ingredient. */
export type Condition =
  | { kind: 'price'; bound: 'under' | 'over'; price: string }
  | { kind: 'weight'; bound: 'under' | 'over'; text: string }
  | { kind: 'waterproof' }
  | { kind: 'people'; count: number }
  | { kind: 'without'; text: string }
  | { kind: 'value'; label: string; value: string };

/** How a language says each condition of a filter. */
export interface ConditionWords {
  price(bound: 'under' | 'over', price: string): string;
  weight(bound: 'under' | 'over', text: string): string;
  waterproof: string;
  people(count: number): string;
  without(text: string): string;
  value(label: string, value: string): string;
}

export function conditionText(words: ConditionWords, condition: Condition): string {
  if (condition.kind === 'price') return words.price(condition.bound, condition.price);
  if (condition.kind === 'weight') return words.weight(condition.bound, condition.text);
  if (condition.kind === 'waterproof') return words.waterproof;
  if (condition.kind === 'without') return words.without(condition.text);
  if (condition.kind === 'value') return words.value(condition.label, condition.value);
  return words.people(condition.count);
}

export interface ProductSentences {
  /** "the Trail Tent" in English; the title alone elsewhere. */
  the(title: string): string;
  list(items: string[]): string;
  /** The word for products when the question names no kind. */
  products: string;
  colours(title: string, values: string[]): string;
  sizes(title: string, values: string[]): string;
  category(title: string, category: string): string;
  field(label: string, title: string, values: string[]): string;
  weight(title: string, weights: string[]): string;
  price(title: string, price: string): string;
  priceRange(title: string, low: string, high: string): string;
  inStock(title: string): string;
  soldOut(title: string): string;
  partlyInStock(title: string, inStock: string[], soldOut: string[]): string;
  inStockList(titles: string[]): string;
  /** "Which tents do you have?": the products of a kind, each with its price. */
  kindList(kind: string, items: string[]): string;
  superlative(measure: Measure, direction: 1 | -1, kind: string, winners: string[], detail: string): string;
  filtered(kind: string, conditions: Condition[], items: string[]): string;
  noneMatch(kind: string, conditions: Condition[]): string;
  waterproof(title: string, yes: boolean): string;
  fact(title: string, kind: LabelledFact, value: string): string;
  people(count: number): string;
}

export const joinWith = (items: string[], comma: string, and: string) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(comma)}${and}${items.at(-1)}`;
export const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
export type Words = Record<`${Measure}:${1 | -1}`, string>;
/** Facts said as "the <label> of <title> is <value>"; waterproof has its own yes/no sentence. */
export type LabelledFact = Exclude<ProductFactKind, 'waterproof'>;
export type Labels = Record<LabelledFact, string>;
