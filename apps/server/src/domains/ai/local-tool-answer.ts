import type { LanguageModelV4ToolResultOutput } from '@ai-sdk/provider';
import { clip } from '../../lib/clip-text';
import { composeGroundedAnswer } from './local-answer';
import { wordsOfName } from './local-tools';

/*
 * What the built-in local model tells the shopper after one of the assistant's functions answered.
 * A function's result is written for a model (flags, reasons, ids, raw passages, file names); the
 * shopper gets a sentence: the function's own words for them when it has some, a plain outcome
 * ("Thanks, I've passed your details to the team."), or the facts it found. Failures never show
 * their details: those are for the owner, who sees every call and result in their own chat.
 */

export const CONTACT_SAVED_TEXT = "Thanks, I've passed your details to the team.";
export const CONTACT_FAILED_TEXT =
  "Sorry, I couldn't pass your details on just now. Please try again in a moment, or contact the shop directly.";
export const TOOL_FAILED_TEXT = "Sorry, I couldn't do that just now. Please try again in a moment, or contact the shop directly.";
export const NOT_FOUND_TEXT = "Sorry, I couldn't find anything for that. Please check the details and try again.";
const SAVED_TEXT = "Done, that's saved.";
const DONE_TEXT = 'Done.';

/** Keys under which a function's result words the answer for the shopper itself. */
const SHOPPER_TEXT_KEYS = ['tellTheShopper', 'answer', 'reply', 'message'];
/** Flags saying how the call went: they decide the sentence, and are never shown as facts. */
const OUTCOME_KEYS = ['ok', 'success', 'saved', 'sent', 'created', 'found', 'done'];
const SUCCESS_KEYS = ['saved', 'sent', 'created'];
/**
 * What a result says for the model or the owner only (failure details, file names, scores), and
 * `contact`, the shop's support address the seeded templates return, offered when nothing is found.
 */
const HIDDEN_KEYS = [
  'error',
  'errors',
  'reason',
  'detail',
  'note',
  'source',
  'sources',
  'fileName',
  'fileId',
  'file',
  'path',
  'score',
  'contact',
];
const NOT_SHOWN = new Set([...OUTCOME_KEYS, ...HIDDEN_KEYS]);
/** A function that hands the shopper's details to the shop (the lead-capture template's `save_contact`). */
const CONTACT_FUNCTION = /\b(contact|lead|callback|call back|follow up|quote|enquiry|inquiry)\b/i;
/** Facts shown at most: a sentence, not a report. */
const MAX_FACTS = 8;
/** A string with this many words is prose: its sentences about the question are quoted, not listed. */
const PROSE_WORDS = 6;
/** Longest opening quoted from a function's text that shares no word with the question. */
const OPENING_MAX_LENGTH = 200;
const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T[\d:.]+(Z|[+-]\d{2}:?\d{2})?$/;

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const sentenceSegmenter = new Intl.Segmenter('und', { granularity: 'sentence' });
const firstSentenceOf = (text: string) => [...sentenceSegmenter.segment(text)][0]?.segment.trim() ?? text;
const shownEntries = (record: Record<string, unknown>) => Object.entries(record).filter(([key]) => !NOT_SHOWN.has(key));

/**
 * A value in words: short values as they read (dates without their time, yes or no for flags),
 * lists joined with "and", an object's shown values in a row. Long texts are set aside in `prose`.
 */
function wordsOf(value: unknown, prose: string[]): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value))
    return value
      .slice(0, MAX_FACTS)
      .map((item) => wordsOf(item, prose))
      .filter(Boolean)
      .join(' and ');
  if (isRecord(value))
    return shownEntries(value)
      .map(([, item]) => wordsOf(item, prose))
      .filter(Boolean)
      .join(' ');
  const text = String(value).trim();
  if (text.split(/\s+/).length >= PROSE_WORDS) {
    prose.push(text);
    return '';
  }
  return ISO_DATE_TIME.exec(text)?.[1] ?? text;
}

/** The sentence for one JSON result; `question` picks the sentences of its long texts worth quoting. */
function phraseJson(value: unknown, forContact: boolean, question: string): string {
  const record = isRecord(value) ? value : { results: value };
  const worded = SHOPPER_TEXT_KEYS.map((key) => record[key]).find((text) => typeof text === 'string' && text.trim());
  if (typeof worded === 'string') return worded.trim();
  const failed = ['ok', 'success', ...SUCCESS_KEYS].some((key) => record[key] === false) || (record.error ?? null) !== null;
  if (failed) return forContact ? CONTACT_FAILED_TEXT : TOOL_FAILED_TEXT;
  if (record.found === false) {
    return typeof record.contact === 'string' && record.contact.trim()
      ? `${NOT_FOUND_TEXT} You can reach the shop at ${record.contact.trim()}.`
      : NOT_FOUND_TEXT;
  }

  const prose: string[] = [];
  const facts = shownEntries(record)
    .flatMap(([key, item]) => {
      const words = wordsOf(item, prose);
      return words ? [`${wordsOfName(key).toLowerCase()} ${words}`] : [];
    })
    .slice(0, MAX_FACTS);
  // Long texts (passages, policies) are quoted like the stores are: only their sentences about the question.
  const quoted = composeGroundedAnswer(
    question,
    prose.map((text, index) => ({ id: String(index), fileName: '', heading: '', text, score: 1 })),
  );
  // A function's own text not worded like the question (a policy asked about in other words): its opening.
  const opening = !facts.length && prose[0] ? clip(firstSentenceOf(prose[0]), OPENING_MAX_LENGTH) : '';
  const text = [facts.length ? `Here's what I found: ${facts.join(', ')}.` : '', quoted.outcome === 'answer' ? quoted.text : opening]
    .filter(Boolean)
    .join(' ');
  if (text) return text;
  if (SUCCESS_KEYS.some((key) => record[key] === true)) return forContact ? CONTACT_SAVED_TEXT : SAVED_TEXT;
  return DONE_TEXT;
}

/** What the local model says after the functions it called answered, in the shopper's terms. */
export function answerFromToolResults(results: { toolName: string; output: LanguageModelV4ToolResultOutput }[], question = ''): string {
  return results
    .map(({ toolName, output }) => {
      const forContact = CONTACT_FUNCTION.test(wordsOfName(toolName));
      if (output.type === 'error-text' || output.type === 'error-json') return forContact ? CONTACT_FAILED_TEXT : TOOL_FAILED_TEXT;
      if (output.type === 'execution-denied') return TOOL_FAILED_TEXT;
      if (output.type === 'text') return output.value.trim() || DONE_TEXT;
      if (output.type === 'json') return phraseJson(output.value, forContact, question);
      return DONE_TEXT;
    })
    .join('\n\n');
}
