import { readFileSync } from 'node:fs';

/*
 * The labelled multilingual answer fixture (fixtures/answers-i18n): four small stores written for
 * these tests in our own words (a Japanese tea shop, a Thai skincare shop, a Taiwanese bakery, an
 * English outdoor-gear shop whose product facts sit in prose), and shoppers' questions in the
 * stores' languages and in English, with the facts a correct answer must and must not state. An
 * answer must also be in the question's language (judged by script, below).
 */

/** The shopper languages (domains/ai/shopper-language.ts; the test checks the two lists agree). */
export type QuestionLanguage = 'en' | 'ja' | 'th' | 'zh-Hant' | 'zh-Hans' | 'id' | 'vi' | 'ko';

export type MultilingualStoreName = 'kyoto-tea' | 'bangkok-skin' | 'taipei-bakery' | 'trail-gear';

export const QUESTION_KINDS = [
  'policy',
  'paraphrase',
  'attribute',
  'comparison',
  'filter',
  'followup',
  'typo',
  'crosslang',
  'unanswerable',
  'twopart',
] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

/** A fact an answer must state: one spelling, or a list of spellings any one of which will do. */
export type Fact = string | string[];

export interface MultilingualQuestion {
  store: MultilingualStoreName;
  /** The language the question is written in, and so the one the answer must be in. */
  lang: QuestionLanguage;
  kind: QuestionKind;
  question: string;
  /** Earlier user messages of the same thread, oldest first: each is asked and answered before the question. */
  earlier?: string[];
  /** Every fact must appear in the answer (any one spelling of it; case-insensitive). */
  expect?: Fact[];
  /** None may appear. */
  forbid?: string[];
  /** The store does not say: the answer must say it does not know or hand over to a person. */
  unknown?: boolean;
  /** Substrings of the heading or text of the passages that answer the question (for retrieval metrics). */
  relevant?: string[];
}

export interface MultilingualStore {
  name: MultilingualStoreName;
  /** The language the store is written in. */
  lang: QuestionLanguage;
  currency: string;
  files: { fileName: string; contentType: string; bytes: string }[];
}

const read = (name: string) => readFileSync(new URL(`./fixtures/answers-i18n/${name}`, import.meta.url), 'utf8');

export const MULTILINGUAL_STORES: MultilingualStore[] = [
  {
    name: 'kyoto-tea',
    lang: 'ja',
    currency: 'JPY',
    files: [
      { fileName: 'faq.md', contentType: 'text/markdown', bytes: read('kyoto-tea/faq.md') },
      { fileName: 'products.csv', contentType: 'text/csv', bytes: read('kyoto-tea/products.csv') },
    ],
  },
  {
    name: 'bangkok-skin',
    lang: 'th',
    currency: 'THB',
    files: [
      { fileName: 'policies.html', contentType: 'text/html', bytes: read('bangkok-skin/policies.html') },
      { fileName: 'products.csv', contentType: 'text/csv', bytes: read('bangkok-skin/products.csv') },
    ],
  },
  {
    name: 'taipei-bakery',
    lang: 'zh-Hant',
    currency: 'TWD',
    files: [
      { fileName: 'policies.md', contentType: 'text/markdown', bytes: read('taipei-bakery/policies.md') },
      { fileName: 'products.csv', contentType: 'text/csv', bytes: read('taipei-bakery/products.csv') },
    ],
  },
  {
    name: 'trail-gear',
    lang: 'en',
    currency: 'USD',
    files: [
      { fileName: 'faq.md', contentType: 'text/markdown', bytes: read('trail-gear/faq.md') },
      { fileName: 'products.csv', contentType: 'text/csv', bytes: read('trail-gear/products.csv') },
    ],
  },
];

const LANGUAGES: QuestionLanguage[] = ['en', 'ja', 'th', 'zh-Hant', 'zh-Hans', 'id', 'vi', 'ko'];
const isFact = (fact: unknown): fact is Fact =>
  (typeof fact === 'string' && fact.trim() !== '') ||
  (Array.isArray(fact) && fact.length > 0 && fact.every((spelling) => typeof spelling === 'string' && spelling.trim() !== ''));

/** The questions of questions.json, each checked for shape: a typo in the fixture fails loudly, not as a wrong answer. */
export function loadMultilingualQuestions(): MultilingualQuestion[] {
  const questions = JSON.parse(read('questions.json')) as MultilingualQuestion[];
  const stores = new Set(MULTILINGUAL_STORES.map((store) => store.name));
  for (const [index, question] of questions.entries()) {
    const where = `questions.json #${index} (${JSON.stringify(question.question)})`;
    if (!stores.has(question.store)) throw new Error(`${where}: unknown store ${question.store}`);
    if (!LANGUAGES.includes(question.lang)) throw new Error(`${where}: unknown language ${question.lang}`);
    if (!QUESTION_KINDS.includes(question.kind)) throw new Error(`${where}: unknown kind ${question.kind}`);
    if (typeof question.question !== 'string' || !question.question.trim()) throw new Error(`${where}: no question`);
    if (!(question.expect ?? []).every(isFact)) throw new Error(`${where}: an expected fact is empty`);
    if (!question.unknown && !question.expect?.length) throw new Error(`${where}: expects nothing and is not unknown`);
    if (question.unknown && question.expect?.length) throw new Error(`${where}: unknown questions expect no fact`);
    if (question.earlier && (!Array.isArray(question.earlier) || !question.earlier.length))
      throw new Error(`${where}: earlier must list messages`);
  }
  return questions;
}

/** The writing system a text is in, as far as telling the shopper languages apart needs. */
export type Script = 'japanese' | 'thai' | 'korean' | 'chinese' | 'latin';

const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const THAI = /\p{Script=Thai}/u;
const HANGUL = /\p{Script=Hangul}/u;
const HAN = /\p{Script=Han}/u;

/** Japanese if it has kana; Thai if Thai script; Korean if Hangul; Chinese if Han without kana; otherwise Latin. */
export function scriptLanguageOf(text: string): Script {
  if (KANA.test(text)) return 'japanese';
  if (THAI.test(text)) return 'thai';
  if (HANGUL.test(text)) return 'korean';
  if (HAN.test(text)) return 'chinese';
  return 'latin';
}

export const SCRIPT_OF: Record<QuestionLanguage, Script> = {
  en: 'latin',
  id: 'latin',
  vi: 'latin',
  ja: 'japanese',
  th: 'thai',
  ko: 'korean',
  'zh-Hant': 'chinese',
  'zh-Hans': 'chinese',
};

/** A run of at least four Latin words: an English sentence (or a piece of one). */
const LATIN_RUN = /[A-Za-z][A-Za-z'’-]*(?:[ \t,;:]+[A-Za-z][A-Za-z'’-]*){3,}/;
/**
 * English words an assistant's own sentence has and a store's name, brand or unit does not
 * ("The 京ほうじ茶 costs ¥900." is English around a Japanese name, not Japanese).
 */
const ENGLISH_WORDS =
  /\b(?:the|is|are|was|were|costs?|comes|weighs|our|we|you|your|this|these|that|it|and|of|at|for|with|from|in stock|sold out)\b/gi;

/** Whether a text says something in English: a run of four Latin words, or two English function words. */
export function readsAsEnglish(text: string): boolean {
  return LATIN_RUN.test(text) || (text.match(ENGLISH_WORDS)?.length ?? 0) >= 2;
}

/** The English texts the assistant has built in: a "don't know" and the handoff. */
const ENGLISH_BUILT_INS = ["I couldn't find that", "I've asked someone from our team"];

/**
 * Why an answer is not in the question's language, or null. Chinese, Japanese, Thai and Korean
 * questions need an answer in their script that does not read as English; an English question needs
 * English (English words count even when the answer quotes a Japanese or Thai store); an Indonesian
 * or Vietnamese one must not get the built-in English "don't know" or handoff.
 */
export function languageProblem(question: Pick<MultilingualQuestion, 'lang'>, text: string): string | null {
  const wanted = SCRIPT_OF[question.lang];
  const script = scriptLanguageOf(text);
  if (question.lang === 'en') return script === 'latin' || readsAsEnglish(text) ? null : `not in English (${script})`;
  if (wanted === 'latin') {
    const builtIn = ENGLISH_BUILT_INS.find((english) => text.includes(english));
    if (builtIn) return `answers a ${question.lang} question with the English "${builtIn}"`;
    return script === 'latin' ? null : `not in ${question.lang} (${script})`;
  }
  if (script !== wanted) return `not in ${question.lang} (${script})`;
  if (readsAsEnglish(text)) return `answers a ${question.lang} question in English`;
  return null;
}

const hasFact = (text: string, fact: Fact) =>
  (Array.isArray(fact) ? fact : [fact]).some((spelling) => text.includes(spelling.toLowerCase()));
const factLabel = (fact: Fact) => (Array.isArray(fact) ? fact.join(' | ') : fact);

/**
 * Whether an answer is right by the question's own rule, as the problem or null: each expected fact
 * (in any of its spellings), nothing forbidden, a "don't know" or a handoff where the store has no
 * answer, and the question's language.
 */
export function judgeMultilingual(
  question: MultilingualQuestion,
  answer: { text: string; unknown: boolean; handoff: boolean },
): string | null {
  const text = answer.text.toLowerCase();
  const missing = (question.expect ?? []).filter((fact) => !hasFact(text, fact));
  if (missing.length) return `missing ${missing.map(factLabel).join(', ')}`;
  const invented = (question.forbid ?? []).filter((fact) => text.includes(fact.toLowerCase()));
  if (invented.length) return `says ${invented.join(', ')}`;
  if (question.unknown && !answer.unknown && !answer.handoff) return 'answered instead of saying it does not know';
  return languageProblem(question, answer.text);
}

/** Whether a passage answers the question: its heading or text has one of the question's `relevant` substrings. */
export function isRelevantPassage(question: Pick<MultilingualQuestion, 'relevant'>, passage: { heading: string; text: string }): boolean {
  const heading = passage.heading.toLowerCase();
  const text = passage.text.toLowerCase();
  return (question.relevant ?? []).some((part) => heading.includes(part.toLowerCase()) || text.includes(part.toLowerCase()));
}
