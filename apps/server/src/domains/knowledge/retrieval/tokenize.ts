import { stemmer } from 'stemmer';

/**
 * Terms for lexical retrieval, the same for passages and queries. Words come from
 * Intl.Segmenter (Unicode word boundaries with dictionary segmentation for Chinese, Japanese and
 * Thai), so any language splits sensibly; Latin words lose their accents ("dès" = "des"), and
 * English words are Porter-stemmed ("returns", "returning" → "return"). Very common English,
 * French and German function words carry no signal and are dropped.
 */
const segmenter = new Intl.Segmenter('und', { granularity: 'word' });

const MAX_TERM_LENGTH = 40;
const ASCII_WORD = /^[a-z0-9]+$/;
const LATIN = /^[\p{Script=Latin}\p{M}0-9]+$/u;
/** Apostrophes inside a word: English contractions and possessives, French elisions. */
const APOSTROPHE = /['\u2019]/;

const foldAccents = (value: string) => (LATIN.test(value) ? value.normalize('NFD').replace(/\p{M}/gu, '') : value);

/**
 * Function words with no retrieval signal (English, French, German), accent-folded like terms.
 * Words that name things in a shop ("down", "over", "back") are not here, and neither are the
 * one-letter leftovers of contractions and elisions ("don't", "l'étiquette"), which go separately.
 */
const STOP_WORDS = new Set(
  (
    'a an and are as at be but by for from has have how i if in into is it its me my of on or our so than that the their them then there ' +
    'these they this to too was we were what when where which who why will with you your do does did can could would should about ' +
    'am been being any all also just not no nor only very ' +
    'le la les un une des du de et est en au aux ce ces dans pour par sur pas que qui ne se sa son ses vos votre nous vous il elle ' +
    'ou où y à avec mais plus leur leurs mon ma mes ton ta tes cette cet comme être avoir ont sont ' +
    'der die das und ist ein eine einen einem einer eines dem den des zu zum zur im ins mit auf für von sie es ich wir ihr ihre ihren ' +
    'nicht oder aber auch wie bei aus nach an am um als sich wird werden kann können dass unser unsere mein meine'
  )
    .split(' ')
    .map(foldAccents),
);
const CONTRACTION_PARTS = new Set('s t m d ll re ve l j n c qu'.split(' '));

/** The index term of one word, or null when it carries no signal. */
export function termOf(word: string): string | null {
  const value = foldAccents(word.normalize('NFKC').toLowerCase());
  if (!value || value.length > MAX_TERM_LENGTH || STOP_WORDS.has(value)) return null;
  if (ASCII_WORD.test(value) && !/^\d+$/.test(value) && value.length > 2) return stemmer(value);
  return value;
}

/** Terms of one word-like segment: "women's" is "women", "l'étiquette" is "etiquette". */
function termsOfWord(word: string): string[] {
  if (!APOSTROPHE.test(word)) {
    const term = termOf(word);
    return term ? [term] : [];
  }
  return word.split(APOSTROPHE).flatMap((part) => {
    const term = CONTRACTION_PARTS.has(foldAccents(part.toLowerCase())) ? null : termOf(part);
    return term ? [term] : [];
  });
}

export interface Token {
  term: string;
  /** The word as written. */
  surface: string;
  /** Character offset of the word in the text. */
  index: number;
}

export function tokensOf(text: string): Token[] {
  const tokens: Token[] = [];
  for (const segment of segmenter.segment(text)) {
    if (!segment.isWordLike) continue;
    for (const term of termsOfWord(segment.segment)) tokens.push({ term, surface: segment.segment, index: segment.index });
  }
  return tokens;
}

export const termsOf = (text: string): string[] => tokensOf(text).map((token) => token.term);

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
