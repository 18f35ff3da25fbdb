import { stemmer } from 'stemmer';
import {
  asciiDigits,
  CLOCK_TIME,
  CURRENCY_PREFIX,
  numberOf,
  PRICE_TERM,
  quantityTerms,
  splitLettersAndDigits,
  TIME_OF_DAY_TERM,
  unitOf,
} from './languages/quantities';
import { LONE_KANA, STOP_WORD_LIST, stripKoreanParticle, VIETNAMESE_STOP_WORDS } from './languages/stop-words';

/**
 * Terms for lexical retrieval, the same for passages and queries. Words come from
 * Intl.Segmenter (Unicode word boundaries with dictionary segmentation for Chinese, Japanese and
 * Thai), so any language splits sensibly; Latin words lose their accents ("dès" = "des"), and
 * English words are Porter-stemmed ("returns", "returning" → "return"). Function words of the
 * shoppers' languages carry no signal and are dropped (languages/stop-words.ts); Korean words lose
 * their particles. Words that mix letters and digits count whole and by part ("SPF50": spf50,
 * spf, 50), and every quantity also gets one canonical term whatever its spelling ("2P", "two
 * people", "2人用", "สองคน": 2person), from languages/quantities.ts.
 */
const segmenter = new Intl.Segmenter('und', { granularity: 'word' });

/**
 * The version of the terms this file makes. Raise it whenever a change here (or in languages/)
 * would give a stored passage other terms: files indexed under an older version get their
 * postings made again in the background (ingestion-queue.ts), passages and embeddings kept.
 * 1: function words of the shoppers' languages, Korean particles, quantity and letter-digit terms.
 * 2: prices and times of day, the characters of Chinese and Japanese words.
 * 3: Japanese verb-ending fragments (ありま|すか), Chinese plural pronouns, Thai เจ้า as function words;
 *    Chinese days of the week (每週一 → 週一); "every day" as "daily".
 * 4: 時 ("when") and 問 ("ask") alone as function words; Thai ไง (the end of ยังไง, "how").
 */
export const TERMS_VERSION = 4;

const MAX_TERM_LENGTH = 40;
const ASCII_WORD = /^[a-z0-9]+$/;
const LATIN = /^[\p{Script=Latin}\p{M}0-9]+$/u;
/** Apostrophes inside a word: English contractions and possessives, French elisions. */
const APOSTROPHE = /['\u2019]/;

const foldAccents = (value: string) => (LATIN.test(value) ? value.normalize('NFD').replace(/\p{M}/gu, '') : value);
const normalise = (word: string) => foldAccents(asciiDigits(word.normalize('NFKC').toLowerCase()));

const STOP_WORDS = new Set(STOP_WORD_LIST.map(normalise));
const HAN = /\p{Script=Han}/u;
const HAN_CHAR = /\p{Script=Han}/gu;

/** The term of a Chinese or Japanese character inside a longer word: apart from the same character written alone. */
export const CHARACTER_PREFIX = '~';
export const characterTerm = (char: string) => `${CHARACTER_PREFIX}${char}`;
const CONTRACTION_PARTS = new Set('s t m d ll re ve l j n c qu'.split(' '));

/** The index term of one word, or null when it carries no signal. */
export function termOf(word: string): string | null {
  if (VIETNAMESE_STOP_WORDS.has(word.normalize('NFKC').toLowerCase())) return null;
  const value = stripKoreanParticle(normalise(word));
  if (!value || value.length > MAX_TERM_LENGTH || STOP_WORDS.has(value) || LONE_KANA.test(value)) return null;
  if (ASCII_WORD.test(value) && !/^\d+$/.test(value) && value.length > 2) return stemmer(value);
  return value;
}

/** Terms of one word-like segment: "women's" is "women", "l'étiquette" is "etiquette", "spf50" is spf50, spf, 50. */
function termsOfWord(word: string): string[] {
  if (!APOSTROPHE.test(word)) {
    const term = termOf(word);
    const parts = splitLettersAndDigits(normalise(word));
    if (!parts) return term ? [term] : [];
    return [...(term ? [term] : []), ...parts.flatMap((part) => termOf(part) ?? [])];
  }
  return word.split(APOSTROPHE).flatMap((part) => {
    const term = CONTRACTION_PARTS.has(foldAccents(part.toLowerCase())) ? null : termOf(part);
    return term ? [term] : [];
  });
}

/** "Open every day", "7 days a week": the one word "daily" as a term, which the days of the week have as a relative. */
const EVERY_DAY = /\bevery ?day\b|\b(?:7|seven) days a week\b|\bsetiap hari\b|\bmỗi ngày\b|\bhàng ngày\b/giu;
const DAILY_TERM = termOf('daily') as string;

/** A day of the week written the Chinese way: a week word and the day's number (日 or 天 for Sunday). */
const CHINESE_WEEKDAY = /(?:週|周|星期|禮拜|礼拜)([一二三四五六日天])/gu;

export interface Token {
  term: string;
  /** One Han character of a longer word ("閉" of "閉店"): matched alone, weighed as part of its word. */
  part?: boolean;
  /** The word as written. */
  surface: string;
  /** Character offset of the word in the text. */
  index: number;
}

export function tokensOf(text: string): Token[] {
  const tokens: Token[] = [];
  // The number a quantity's unit may follow: the last word, or a number inside it ("100g", "2人").
  let pending: number | null = null;
  // A currency sign or word was just written: the next number is a price.
  let currency = false;
  for (const match of text.matchAll(CLOCK_TIME)) tokens.push({ term: TIME_OF_DAY_TERM, surface: match[0], index: match.index });
  // "每週一", "禮拜天": the segmenter cuts the day off its week word; the day is one term (週一, 週日).
  for (const match of text.matchAll(EVERY_DAY)) tokens.push({ term: DAILY_TERM, surface: match[0], index: match.index });
  const weekdayEnds = new Map<number, number>();
  for (const match of text.matchAll(CHINESE_WEEKDAY)) {
    tokens.push({ term: `週${match[1] === '天' ? '日' : match[1]}`, surface: match[0], index: match.index });
    weekdayEnds.set(match.index, match.index + match[0].length);
  }
  for (const segment of segmenter.segment(text)) {
    if (!segment.isWordLike) {
      // "2-person", "100 g": a hyphen or a space keeps the number waiting; anything else ends it.
      if (!/^[\s\-‐–]*$/.test(segment.segment)) pending = null;
      if (CURRENCY_PREFIX.test(segment.segment)) currency = true;
      else if (segment.segment.trim()) currency = false;
      continue;
    }
    const word = normalise(segment.segment);
    if (currency && numberOf(word) !== null) tokens.push({ term: PRICE_TERM, surface: segment.segment, index: segment.index });
    currency = CURRENCY_PREFIX.test(word);
    const unit = pending !== null ? unitOf(word) : null;
    if (pending !== null && unit) {
      // Highlighted as the unit word: "30 days" is not one word of the text ("30-day", "30  days").
      for (const term of quantityTerms(pending, unit)) tokens.push({ term, surface: segment.segment, index: segment.index });
    }
    const terms = termsOfWord(segment.segment);
    // A word that is all weekday ("星期一", "週日") is the weekday term already.
    const weekday = (weekdayEnds.get(segment.index) ?? -1) >= segment.index + segment.segment.length;
    if (!weekday) for (const term of terms) tokens.push({ term, surface: segment.segment, index: segment.index });
    // Chinese and Japanese words share characters where their inflections differ ("閉まり" and
    // "閉店", "營業時問" typed for "營業時間"): each character of a longer word is a term too.
    if (terms.length && HAN.test(word) && [...word].length > 1) {
      for (const char of new Set(word.match(HAN_CHAR))) {
        if (termOf(char)) tokens.push({ term: characterTerm(char), surface: segment.segment, index: segment.index, part: true });
      }
    }
    const parts = splitLettersAndDigits(word);
    if (parts) {
      // "100g", "2p", "spf50": the quantity inside the word.
      const [first, second] = parts;
      const value = numberOf(first as string);
      const inner = value !== null && second ? unitOf(second) : null;
      if (value !== null && inner)
        for (const term of quantityTerms(value, inner))
          if (term !== termOf(word)) tokens.push({ term, surface: segment.segment, index: segment.index });
      const last = parts.at(-1) as string;
      pending = numberOf(last);
      continue;
    }
    const value = numberOf(word);
    pending = value;
  }
  return tokens;
}

/**
 * Terms of short texts (questions, product titles, column names) asked again and again within and
 * across turns, kept once computed; long texts (passages) are not kept.
 */
const recentTerms = new Map<string, string[]>();
const MAX_KEPT_TEXT = 200;
const MAX_KEPT_TEXTS = 50_000;

export function termsOf(text: string): string[] {
  if (text.length > MAX_KEPT_TEXT) return tokensOf(text).map((token) => token.term);
  let terms = recentTerms.get(text);
  if (!terms) {
    terms = tokensOf(text).map((token) => token.term);
    if (recentTerms.size >= MAX_KEPT_TEXTS) recentTerms.clear();
    recentTerms.set(text, terms);
  }
  return [...terms];
}

/** BM25F-style field weights: a word in the heading path counts as much as this many in the text. */
export const HEADING_WEIGHT = 2;

/** Weighted term frequencies and length of a passage (heading and body). */
export function weightedTerms(heading: string, text: string): { tf: Map<string, number>; length: number } {
  const tf = new Map<string, number>();
  let length = 0;
  for (const term of termsOf(heading)) {
    tf.set(term, (tf.get(term) ?? 0) + HEADING_WEIGHT);
    length += HEADING_WEIGHT;
  }
  for (const term of termsOf(text)) {
    tf.set(term, (tf.get(term) ?? 0) + 1);
    length += 1;
  }
  return { tf, length };
}

/** The words of some texts, as written, whose terms are among `terms`: what a result highlights. */
export function matchedSurfaces(texts: string[], terms: Set<string>): string[] {
  const seen = new Set<string>();
  for (const text of texts) for (const token of tokensOf(text)) if (terms.has(token.term)) seen.add(token.surface);
  return [...seen];
}
