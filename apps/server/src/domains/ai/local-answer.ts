import {
  CHARACTER_PREFIX,
  closestTerm,
  expandQuery,
  GENERIC,
  intentPhrases,
  intentWords,
  type QueryWord,
  termsOf,
  withCompounds,
} from '../knowledge';

/** A passage the assistant's stores returned for the question, best first. */
export interface RetrievedPassage {
  id: string;
  fileName: string;
  /** Heading path, outermost first, joined with " › " (as the knowledge domain stores it). */
  heading: string;
  text: string;
  score: number;
}

export type Retrieve = (query: string) => Promise<RetrievedPassage[]>;

export interface Citation {
  passage: RetrievedPassage;
  /** The sentences of this passage the answer quotes. */
  sentences: string[];
}

export type LocalAnswer =
  | { outcome: 'greeting'; text: string }
  | { outcome: 'unknown'; text: string }
  | { outcome: 'answer'; text: string; citations: Citation[] }
  /** From the result of a function it called, or asking for what the function needs. */
  | { outcome: 'tool' | 'ask'; text: string };

export const UNKNOWN_ANSWER =
  "I couldn't find that in this store's knowledge, so I don't want to guess. Try asking in other words, or ask for a person and someone from the team will help.";

/** Sentences quoted at most: enough to answer, short enough to read in a chat bubble. */
const MAX_SENTENCES = 3;
/** Passages read for sentences: the best few, since lower ones are rarely about the question. */
const MAX_PASSAGES = 3;
/**
 * A passage is about the question when it matches at least this share of the question's content
 * words (its own words or close relatives of them). Retrieval always returns something (vector search has no floor), so relevance is
 * checked here again, where a wrong answer would cost the shop a customer's trust.
 */
const MIN_TERM_COVERAGE = 1 / 2;
/** A word counts as matched through a relative at least this close (a broader word or an opposite counts). */
const MIN_WORD_WEIGHT = 0.3;
const CLOSE_WORD_WEIGHT = 0.5;
/** A word's forms and shop synonyms (0.6 and up), not a dictionary's looser synonyms. */
const SURE_WORD_WEIGHT = 0.6;

const sentenceSegmenter = new Intl.Segmenter('und', { granularity: 'sentence' });

export const sourceLabel = (passage: RetrievedPassage) => (passage.heading ? `${passage.fileName} › ${passage.heading}` : passage.fileName);

/**
 * The question's words with what stands for each (lexicon/expand-query.ts), and how well a text
 * covers them. Words of the conversation's topic (a follow-up's earlier question) come after the
 * question's own and count for less.
 */
interface Question {
  words: QueryWord[];
  /** How much covering each word counts (1 for the question's own words). */
  weights: number[];
}

/** How much a topic word from earlier in the conversation counts against one of the question's own. */
const TOPIC_WEIGHT = 0.5;
/**
 * What the question asks for (a price, a time, an address: lexicon/intents.ts) tips the choice
 * between sentences that say its words, never enough alone for a sentence to be chosen.
 */
const INTENT_WEIGHT = 0.5;
/** A misspelt word matched to the passages' own word counts a little less than the word itself. */
const SPELLING_WEIGHT = 0.8;

/**
 * The terms of a text as a set, kept for the texts of the last few answers: one answer reads the
 * same passages and sentences several times (relevance, sentence choice, the don't-know check).
 */
const termSets = new Map<string, ReadonlySet<string>>();
const MAX_TERM_SETS = 2_000;

function termSetOf(text: string): ReadonlySet<string> {
  let terms = termSets.get(text);
  if (!terms) {
    terms = new Set(withCompounds(termsOf(text)));
    if (termSets.size >= MAX_TERM_SETS) termSets.clear();
    termSets.set(text, terms);
  }
  return terms;
}

/** Per question word, the best weight with which a text matches it (0: not at all). */
function coverage(question: Question, text: string): number[] {
  const terms = termSetOf(text);
  return question.words.map(
    (word, i) =>
      (question.weights[i] ?? 1) *
      (terms.has(word.term) ? 1 : Math.max(0, ...word.alternatives.filter((a) => terms.has(a.term)).map((a) => a.weight))),
  );
}

/**
 * A shopper's misspelt word ("shiping", "refnd") that no passage uses, matched to the closest word
 * the passages do use, as an alternative of its own.
 */
function withSpellings(words: QueryWord[], passages: RetrievedPassage[]): QueryWord[] {
  const vocabulary = new Set(passages.flatMap((passage) => [...termSetOf(`${passage.heading}\n${passage.text}`)]));
  return words.map((word) => {
    if (vocabulary.has(word.term) || word.alternatives.some((alternative) => vocabulary.has(alternative.term))) return word;
    const closest = closestTerm(word.term, vocabulary);
    return closest
      ? { ...word, alternatives: [...word.alternatives, { term: closest, relation: 'form', weight: SPELLING_WEIGHT, word: closest }] }
      : word;
  });
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** Scripts written without spaces between words: a sentence there is not counted in words. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
/** Thai ends a sentence with a space, not a mark: a space between two Thai letters may end one. */
const THAI_SENTENCE_BREAK = /(?<=[\p{Script=Thai}])\s+(?=[\p{Script=Thai}])/u;
/** A Thai piece that goes on the sentence before: it starts with a joining word ("and", "by", "so that"…). */
const THAI_CONTINUES = /^(?:และ|หรือ|โดย|แต่|ซึ่ง|เพื่อ|จึง|ก็|รวมถึง|รวมทั้ง|พร้อม|ทั้ง|ส่วน|ที่|ได้แก่|เช่น|แล้ว|จน|กับ|ของ|ให้)/u;
/** Thai pieces shorter than this (letters) are clauses of a longer sentence, not sentences. */
const THAI_MIN_SENTENCE = 25;

/**
 * Thai lines up to this many characters stay whole: spaces there mostly separate clauses and list
 * items ("พร้อมเพย์ บัตรเครดิต และเก็บเงินปลายทาง"), and a clause alone loses half the fact.
 */
const THAI_WHOLE_LINE = 160;
const THAI_LINE = /\p{Script=Thai}/u;

/** A Thai line's sentences: pieces between spaces, joined back where a piece only continues the one before. */
function thaiSentences(line: string): string[] {
  if (line.length <= THAI_WHOLE_LINE) return [line];
  const sentences: string[] = [];
  for (const piece of line.split(THAI_SENTENCE_BREAK)) {
    const last = sentences.at(-1);
    if (last !== undefined && (last.length < THAI_MIN_SENTENCE || piece.length < THAI_MIN_SENTENCE / 2 || THAI_CONTINUES.test(piece)))
      sentences[sentences.length - 1] = `${last} ${piece}`;
    else sentences.push(piece);
  }
  return sentences;
}

/**
 * A passage's sentences, whole, in any script: Intl.Segmenter's sentence boundaries (。！？ as
 * well as . ! ?); the segmenter cuts after abbreviations ("Portland, OR. and…"), so a Latin piece
 * that starts in lower case joins the one before; Thai sentences end at a space; list lines stay
 * sentences.
 */
function sentencesOf(text: string): string[] {
  const sentences: string[] = [];
  for (const line of text.split(/\n+/)) {
    const lineStart = sentences.length;
    // A short Thai line is one statement: the segmenter would cut it after "น." (o'clock) or "ค." (abbreviations).
    if (THAI_LINE.test(line) && line.trim().length <= THAI_WHOLE_LINE) {
      sentences.push(line.trim());
      continue;
    }
    for (const segment of sentenceSegmenter.segment(line)) {
      for (const piece of thaiSentences(segment.segment)) {
        const sentence = piece.trim();
        if (!sentence) continue;
        if (sentences.length > lineStart && /^[a-z]/.test(sentence)) sentences[sentences.length - 1] += ` ${sentence}`;
        else sentences.push(sentence);
      }
    }
  }
  return sentences;
}

/**
 * A sentence an answer may quote: a whole sentence, not a heading, a label or a fragment. In a
 * spaced script, four words or more starting like a sentence; in Japanese, Chinese or Thai, a
 * few letters' worth that is not a label ("送料：").
 */
function isWhole(sentence: string): boolean {
  if (UNSPACED.test(sentence)) return [...sentence.replace(/[\s\p{P}]/gu, '')].length >= 6 && !/[:：]$/.test(sentence);
  return sentence.split(/\s+/).length >= 4 && /^[\p{Lu}\p{N}"“(]/u.test(sentence);
}

/** "Size: 30 ml", "産地: 宇治": a field of a product, not a sentence. */
const LABEL_LINE = /^([^:：。.!?]{1,24})[:：]\s*\S/u;

/**
 * A field line is quoted only when the question asks for its field ("産地" for "産地: 宇治"), by
 * a word that is not the passage's own name (ผิว of "ชุดทดลองผิวใส" names the set, not its skin type).
 */
function labelAsked(question: Question, sentence: string, heading: string): boolean {
  const label = LABEL_LINE.exec(sentence)?.[1];
  if (label === undefined) return true;
  const named = coverage(question, heading.split(' › ').at(-1) ?? '');
  return coverage(question, label).some(
    (weight, i) => (question.weights[i] ?? 1) >= 1 && weight >= CLOSE_WORD_WEIGHT && (named[i] ?? 0) < CLOSE_WORD_WEIGHT,
  );
}

/** A line that only repeats the passage's own heading (its last part: a section or product title). */
function isHeadingLine(sentence: string, heading: string): boolean {
  const title = heading.split(' › ').at(-1)?.trim();
  return title !== undefined && title.length > 0 && sentence.replace(/[.。!！]$/u, '').trim() === title;
}

/** How much two of the question's words side by side in a sentence ("return shipping") count over the two alone: a tie-breaker. */
const PHRASE_WEIGHT = 0.1;

/** How many of the question's word pairs a sentence has side by side (a character term between them aside). */
function phrasesOf(pairs: readonly (readonly [string, string])[], sentence: string): number {
  if (!pairs.length) return 0;
  const terms = termsOf(sentence).filter((term) => !term.startsWith(CHARACTER_PREFIX));
  return pairs.filter(([first, second]) => terms.some((term, k) => term === first && terms[k + 1] === second)).length;
}

/** Sentences read in order: Japanese and Chinese ones run on without a space, others with one. */
export function joinSentences(sentences: string[]): string {
  return sentences.reduce(
    (text, sentence) => (!text ? sentence : /[。！？]$/.test(text) ? `${text}${sentence}` : `${text} ${sentence}`),
    '',
  );
}

/**
 * The sentences of the top passages that answer the question best: first the one covering most
 * of its words (its own words weigh more than related ones), then only sentences that cover words
 * the chosen ones missed, at most MAX_SENTENCES; in reading order so the answer reads like the source.
 */
function pickSentences(question: Question, passages: RetrievedPassage[]) {
  // The question's own words side by side ("return shipping"), to find them side by side.
  const own = question.words.filter((word, i) => (question.weights[i] ?? 1) >= 1 && !word.term.startsWith('intent:'));
  const pairs = own.slice(1).map((word, i) => [(own[i] as QueryWord).term, word.term] as const);
  const candidates = passages.flatMap((passage, rank) => {
    // Words the heading already answers ("store hours" under "Store hours and location") are
    // covered by each of its sentences: the sentence is chosen for what else it says.
    // What the question asks for (a price, a time) must be in the sentence itself, not its heading.
    const byHeading = coverage(question, passage.heading).map((weight, i) => (question.words[i]?.term.startsWith('intent:') ? 0 : weight));
    return sentencesOf(passage.text).map((sentence, position) => {
      const own = coverage(question, sentence);
      return {
        passage,
        rank,
        position,
        sentence,
        covered: own.map((weight, i) => Math.max(weight, byHeading[i] ?? 0)),
        // Says every word of the question itself: between equals, it beats one that leans on its heading.
        complete: own.every((weight, i) => (question.weights[i] ?? 1) < 1 || weight > 0),
        // A product's passage starts with its title: a name, not an answer.
        whole: isWhole(sentence) && !isHeadingLine(sentence, passage.heading) && labelAsked(question, sentence, passage.heading),
        phrases: phrasesOf(pairs, sentence),
      };
    });
  });
  const chosen: typeof candidates = [];
  const isIntent = (i: number) => question.words[i]?.term.startsWith('intent:') === true;
  let covered = question.words.map(() => 0);
  for (let round = 0; round < MAX_SENTENCES; round++) {
    const gainOf = (candidate: (typeof candidates)[number], words: (i: number) => boolean = () => true) =>
      sum(candidate.covered.map((weight, i) => (words(i) ? Math.max(0, weight - (covered[i] ?? 0)) : 0)));
    const best = candidates
      .filter((candidate) => !chosen.includes(candidate) && candidate.whole)
      .map((candidate) => ({ candidate, gain: gainOf(candidate), said: gainOf(candidate, (i) => !isIntent(i)) }))
      // A later sentence must add a word of the question the earlier ones lacked, not a passing one
      // (nor only a time or a price: "定休日はいつ" wants the closing day, not the hours too).
      .filter(({ gain, said }) => (round === 0 ? gain >= 0.3 : said >= 0.5))
      .sort(
        (a, b) =>
          b.gain + b.candidate.phrases * PHRASE_WEIGHT - (a.gain + a.candidate.phrases * PHRASE_WEIGHT) ||
          Number(b.candidate.complete) - Number(a.candidate.complete) ||
          a.candidate.rank - b.candidate.rank ||
          a.candidate.position - b.candidate.position,
      )[0];
    if (!best) break;
    chosen.push(best.candidate);
    covered = covered.map((weight, i) => Math.max(weight, best.candidate.covered[i] ?? 0));
  }
  // Facts side by side: sentences of the first one's passage that match the question exactly as
  // well and state figures too ("運費怎麼算" → the room-temperature rate and the chilled one).
  const [lead] = chosen;
  if (lead && /\p{N}/u.test(lead.sentence)) {
    const leadGain = sum(lead.covered);
    for (const candidate of candidates) {
      if (chosen.length >= MAX_SENTENCES) break;
      if (chosen.includes(candidate) || !candidate.whole || candidate.passage !== lead.passage) continue;
      if (Math.abs(sum(candidate.covered) - leadGain) < 1e-9 && candidate.complete === lead.complete && /\p{N}/u.test(candidate.sentence))
        chosen.push(candidate);
    }
  }
  // The best passage matched on its heading only ("Returns" for "how do returns work?"): its
  // opening sentence is what it says about that heading.
  const first = candidates.find((candidate) => candidate.whole) ?? candidates[0];
  if (!chosen.length && first) chosen.push(first);
  return chosen.sort((a, b) => a.rank - b.rank || a.position - b.position);
}

/**
 * When the shopper's words are the opposite of a condition the answer quotes ("outside" against
 * "only worn indoors"), one sentence says so rather than letting the policy read as a yes.
 */
function oppositeNote(question: Question, sentences: string[]): string | null {
  const quoted = new Set(termsOf(sentences.join(' ')));
  for (const word of question.words) {
    if (quoted.has(word.term)) continue;
    const opposite = word.alternatives.find((alternative) => alternative.relation === 'opposite' && quoted.has(alternative.term));
    if (opposite)
      return `Please note that this applies to items used ${opposite.word}, and you mentioned ${word.surface}, so it may not apply in your case.`;
  }
  return null;
}

/** The writing a text is mostly in, to tell a question about a store in another language. */
type Script = 'latin' | 'cjk' | 'thai' | 'hangul' | 'other';
const SCRIPTS: [Script, RegExp][] = [
  ['latin', /\p{Script=Latin}/gu],
  ['cjk', /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu],
  ['thai', /\p{Script=Thai}/gu],
  ['hangul', /\p{Script=Hangul}/gu],
];

/** Letters read to tell a text's script: its start says it. */
const SCRIPT_SAMPLE = 400;

function scriptOf(text: string): Script {
  const sample = text.slice(0, SCRIPT_SAMPLE);
  let best: Script = 'other';
  let most = 0;
  for (const [script, pattern] of SCRIPTS) {
    const count = sample.match(pattern)?.length ?? 0;
    if (count > most) [best, most] = [script, count];
  }
  return best;
}

/** The scripts a word has close alternatives in (its lexicon's bridges to other languages). */
const scriptsBridged = (word: QueryWord): Set<Script> =>
  new Set(
    word.alternatives.filter((alternative) => alternative.weight >= CLOSE_WORD_WEIGHT).map((alternative) => scriptOf(alternative.word)),
  );

/** The question with only the words whose index passes. */
const only = (question: Question, keep: (index: number) => boolean): Question => {
  const indexes = question.words.flatMap((_, i) => (keep(i) ? [i] : []));
  return { words: indexes.map((i) => question.words[i] as QueryWord), weights: indexes.map((i) => question.weights[i] ?? 1) };
};

/**
 * A question about something the store never mentions, put to a passage that only shares its
 * names ("Where is the Ember tent made?" against the Ember tent's description; "烘焙課程" against
 * the opening hours): a word of the question is in none of the passages quoted, and the sentences
 * chosen match nothing of the question beyond what their headings already say. Quoting them would
 * answer a question nobody asked. A section titled with the question's own word ("領収書" for
 * "領収書は発行…") is about it, and a sentence giving the price or time asked for answers it; a
 * product's title only names it. Judged in the store's own language only: across languages, a
 * missing word may only lack a bridge.
 */
function asksBeyondNames(
  asked: Question,
  intents: QueryWord[],
  picked: { passage: RetrievedPassage; sentence: string }[],
  context: { script: Script; products?: ReadonlySet<string>; productNames?: ReadonlySet<string> },
): boolean {
  if (!picked.length || picked.some(({ passage }) => scriptOf(passage.text) !== context.script)) return false;
  // A character shared with another word (外 of 外皮 for 外送, 台 of 台灣 for 平台) says too little to count here.
  const words: Question = {
    words: asked.words.map((word) => ({ ...word, alternatives: word.alternatives.filter((a) => a.relation !== 'character') })),
    weights: asked.weights,
  };
  // Missing: neither the word nor its forms or shop synonyms anywhere in the passages quoted (a
  // dictionary's looser synonym, "fabric" for "manufactured", is no sign the store speaks of it).
  const quoted = [...new Set(picked.map(({ passage }) => passage))];
  const read = quoted.map((passage) => coverage(words, `${passage.heading}\n${passage.text}`));
  const missing = words.words.some((_, i) => read.every((weights) => (weights[i] ?? 0) < SURE_WORD_WEIGHT));
  if (!missing) return false;
  const intent: Question = { words: intents, weights: intents.map(() => 1) };
  return picked.every(({ passage, sentence }) => {
    if (coverage(intent, sentence).some((weight) => weight >= 1)) return false;
    // Names: the passage's own, and any product's ("เซรั่มวิตามินซี" quoted from the set that holds it).
    const named = coverage(words, sourceLabel(passage)).map((weight, i) =>
      context.productNames?.has(words.words[i]?.term ?? '') ? 1 : weight,
    );
    // The section's own title, not the document's (whose words, like the shop's name, head every section).
    const section = coverage(words, passage.heading.split(' › ').at(-1) ?? '');
    if (!context.products?.has(passage.id) && section.some((weight) => weight >= 1)) return false;
    return coverage(words, sentence).every((weight, i) => weight < MIN_WORD_WEIGHT || (named[i] ?? 0) >= MIN_WORD_WEIGHT);
  });
}

/**
 * Words naming one thing ("opening hours", "loyalty points", "營業時間 幾點") as one word: a
 * sentence saying 営業時間 covers the thing asked once, and two words of one group never count
 * as two matches for a passage that only shares the group ("members" for "loyalty points").
 */
function asOneWord(words: QueryWord[]): QueryWord[] {
  const merged: QueryWord[] = [];
  for (const word of words) {
    const same = word.sameAs === undefined ? undefined : merged.find((w) => w.term === word.sameAs);
    if (!same) {
      merged.push({ ...word, alternatives: [...word.alternatives] });
      continue;
    }
    same.surface = `${same.surface} ${word.surface}`;
    for (const alternative of [{ term: word.term, relation: 'form' as const, weight: 1, word: word.surface }, ...word.alternatives]) {
      const known = same.alternatives.findIndex((a) => a.term === alternative.term);
      if (known < 0) same.alternatives.push(alternative);
      else if ((same.alternatives[known]?.weight ?? 0) < alternative.weight) same.alternatives[known] = alternative;
    }
  }
  return merged;
}

/** What an answer may lean on besides the question: the conversation so far. */
export interface AnswerContext {
  /** The shopper's earlier message this one follows up on ("Do you ship to Japan?" before "How long does it take?"). */
  topic?: string;
  /** Whether the question's own language is English (the note about opposites is English only). */
  english?: boolean;
  /** The text said when nothing is known, in the shopper's language. */
  unknownText?: string;
  /** The passages that are products of a product list: their headings are the products' names. */
  productPassages?: ReadonlySet<string>;
  /** The terms of every product's name. */
  productNames?: ReadonlySet<string>;
  /**
   * A product's field said as a sentence in the shopper's language ("内容量: 容量350ml" of the
   * teapot → "…横手急須の内容量は容量350mlです。").
   */
  productField?: (title: string, label: string, value: string) => string;
}

/**
 * A sentence quoted from a product's passage, told with the product it is about: its field lines
 * as sentences naming it, a description's sentence led by its name when it does not say it
 * ("電子レンジと食洗機に対応しています" of which cup?).
 */
function aboutItsProduct(sentence: string, passage: RetrievedPassage, context: AnswerContext): string {
  if (!context.productPassages?.has(passage.id)) return sentence;
  const title = passage.heading.split(' › ').at(-1)?.trim();
  if (!title) return sentence;
  const label = LABEL_LINE.exec(sentence);
  if (label?.[1] && context.productField) return context.productField(title, label[1].trim(), sentence.slice(label[0].length - 1).trim());
  const fold = (text: string) => text.normalize('NFKC').toLowerCase();
  return fold(sentence).includes(fold(title)) ? sentence : `${title}: ${sentence}`;
}

/**
 * A short answer made only of the store's own sentences, with the passages it cites; or the plain
 * "don't know" when no passage is about the question. Deterministic: same passages, same answer.
 * A follow-up's topic (context.topic) must be met by the passage too ("it" is the tent asked
 * about before), and helps choose its sentences at half weight.
 */
export function composeGroundedAnswer(
  question: string,
  passages: RetrievedPassage[],
  minScore = 0,
  context: AnswerContext = {},
): LocalAnswer {
  const unknown: LocalAnswer = { outcome: 'unknown', text: context.unknownText ?? UNKNOWN_ANSWER };
  // Words as general as "get" or "need" say nothing about what is asked.
  // The words it asks with ("which day of the week") are not what it is about.
  const asking = new Set(intentPhrases(question).flatMap((phrase) => termsOf(phrase)));
  const own = withSpellings(
    asOneWord(expandQuery(question, { compounds: true }).filter((word) => !GENERIC.has(word.surface) && !asking.has(word.term))),
    passages.filter((passage) => passage.score > minScore),
  );
  const ownTerms = new Set(own.map((word) => word.term));
  const topic = context.topic ? expandQuery(context.topic).filter((word) => !GENERIC.has(word.surface) && !ownTerms.has(word.term)) : [];
  const asked: Question = { words: own, weights: own.map(() => 1) };
  const intents = intentWords(question);
  const withTopic: Question = {
    words: [...own, ...topic, ...intents],
    weights: [...own.map(() => 1), ...topic.map(() => TOPIC_WEIGHT), ...intents.map(() => INTENT_WEIGHT)],
  };
  const questionScript = scriptOf(question);
  const bridgedScripts = asked.words.map(scriptsBridged);
  // What the question asks for, when its own words do not already say it ("price" is the price term).
  const evidence = new Set(intents.flatMap((intent) => intent.alternatives.filter((a) => a.weight >= 1).map((a) => a.term)));
  const saysItself = asked.words.some((word) => evidence.has(word.term) || word.alternatives.some((a) => evidence.has(a.term)));
  const asksFor: Question = saysItself ? { words: [], weights: [] } : { words: intents, weights: intents.map(() => 1) };
  const relevant = passages
    .filter((passage) => {
      if (passage.score <= minScore) return false;
      const text = `${passage.heading}\n${passage.text}`;
      // Across languages only words with a bridge to the passage's language can be judged: a
      // name, a number, or a lexicon word in its script ("opening hours" → 営業時間).
      const passageScript = scriptOf(text);
      const found = coverage(asked, text);
      const judged =
        questionScript === passageScript
          ? asked
          : only(asked, (i) => (found[i] ?? 0) > 0 || (bridgedScripts[i]?.has(passageScript) ?? false));
      // A question of one or two words needs them all ("pay with bitcoin" is not answered by "costs $18").
      const count = judged.words.length;
      if (!count) return false;
      const needed = count <= 2 ? count : Math.ceil(count * MIN_TERM_COVERAGE);
      // Few words must each match closely: "tea" is not answered by a passage about "drinks".
      const floor = count <= 2 ? CLOSE_WORD_WEIGHT : MIN_WORD_WEIGHT;
      const matched = coverage(judged, text).filter((weight) => weight >= floor);
      // A longer question's price or time asked for, and stated there ("要多付錢嗎" → "NT$30"), is one of its matches.
      const stated = count >= 3 && coverage(asksFor, text).some((weight) => weight >= 1) ? 1 : 0;
      if (matched.length + stated < needed) return false;
      // A follow-up is about what came before: the passage must also be about that topic.
      return !topic.length || coverage({ words: topic, weights: topic.map(() => 1) }, text).some((weight) => weight >= CLOSE_WORD_WEIGHT);
    })
    .slice(0, MAX_PASSAGES);
  if (!asked.words.length || !relevant.length) return unknown;

  const picked = pickSentences(withTopic, relevant);
  if (
    asksBeyondNames(asked, intents, picked, {
      script: questionScript,
      products: context.productPassages,
      productNames: context.productNames,
    })
  )
    return unknown;
  const citations: Citation[] = [];
  for (const { passage, sentence } of picked) {
    const citation = citations.find((c) => c.passage.id === passage.id);
    if (citation) citation.sentences.push(sentence);
    else citations.push({ passage, sentences: [sentence] });
  }
  const sentences = picked.map((p) => p.sentence);
  const note = context.english === false ? null : oppositeNote(asked, sentences);
  const told = picked.map(({ passage, sentence }) => aboutItsProduct(sentence, passage, context));
  // The sources travel apart from the text (each transport shows them its own way): no list here.
  return { outcome: 'answer', text: joinSentences([...told, ...(note ? [note] : [])]), citations };
}
