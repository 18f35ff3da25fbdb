import { clip } from '../../lib/clip-text';
import { handoffRequestOf } from '../turns';

/**
 * The thread summary of the built-in local model (no network, deterministic), in the thread's
 * order: what the visitor came with and the assistant's answer to it, a complaint they made on the
 * way, the staff's latest reply, and the visitor's latest message with its answer; each answer
 * paired with the question it answered. When it is too long, answers go first, the opening never,
 * e.g. "Visitor asked: My order #1043 arrived with a torn tent. Can a human help me? Assistant
 * answered: … Staff replied: I have sent you a return label. Then asked: Is it free?"
 *
 * The visitor's words are what the owner acts on, so they are kept whole when they fit; a long
 * message keeps the sentences that carry the case (order numbers and other figures, the problem,
 * the products, the question) before the rest. Greetings and thanks say nothing and are left out.
 * Replies are summed up by their first sentence that says something.
 */
export const SUMMARY_MAX_LENGTH = 300;
/** Room for what the visitor came with: most of the summary, since it is what needs doing. */
const OPENING_MAX_LENGTH = 150;
const REPLY_MAX_LENGTH = 100;
const LATEST_MAX_LENGTH = 110;

export interface SummaryMessage {
  content: string;
  senderType: string;
  isManualResponse: boolean;
}

/** The text without the local model's sources paragraph and citation marks, on one line. */
const plain = (text: string) =>
  text
    .replace(/\n\s*Sources:[\s\S]*$/, '')
    .replace(/\s*\[\d{1,2}\]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

// Sentences as a reader splits them: "$19.99", "No. 5" and "e.g." do not end one.
const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });
const sentencesOf = (line: string) => [...segmenter.segment(line)].map((part) => part.segment.trim()).filter(Boolean);
const wordCount = (sentence: string) => sentence.split(/\s+/).length;

/** Order and item numbers, amounts, sizes, dates: the figures a follow-up needs verbatim. */
const FIGURE = /\d/;
/** Words of something gone wrong: the visitor's actual problem. */
const PROBLEM =
  /\b(broken|broke|torn|ripped|damaged|defective|faulty|missing|lost|wrong|late|delayed|never (arrived|came|got)|not (arrived|working|work)|doesn'?t|didn'?t|won'?t|can'?t|cannot|refund|return|exchange|cancel|charged|leak\w*|stain\w*|hole)\b/i;
/** A name in the middle of a sentence ("the Trailblazer tent"): often the product. */
const NAMED = /\s[A-Z][\w-]+/;
/** "Hi!", "Thanks.", "Hello there": a short sentence without a figure says nothing. */
const saysSomething = (sentence: string) => wordCount(sentence) >= 3 || FIGURE.test(sentence);

/** How much a sentence tells the owner about the case, for choosing what a long message keeps. */
const weight = (sentence: string, first: boolean) =>
  (FIGURE.test(sentence) ? 4 : 0) +
  (PROBLEM.test(sentence) ? 3 : 0) +
  (sentence.endsWith('?') ? 2 : 0) +
  (NAMED.test(sentence) ? 1 : 0) +
  (first ? 1 : 0);

const ended = (text: string) => (/[.!?…]$/.test(text) ? text : `${text}.`);

/**
 * The sentences of `text` that carry it, in their order, within `max` characters: all of them when
 * they fit, otherwise the weightiest first; one sentence too long on its own is clipped.
 */
export function keyContent(text: string, max: number): string {
  const all = sentencesOf(plain(text));
  const meaningful = all.filter(saysSomething);
  const sentences = meaningful.length ? meaningful : all;
  if (!sentences.length) return '';
  const whole = sentences.join(' ');
  if (whole.length <= max) return ended(whole);
  const ranked = sentences
    .map((sentence, index) => ({ sentence, index, weight: weight(sentence, index === 0) }))
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  const kept: typeof ranked = [];
  let length = -1;
  for (const candidate of ranked) {
    if (length + 1 + candidate.sentence.length > max) continue;
    kept.push(candidate);
    length += 1 + candidate.sentence.length;
  }
  if (!kept.length) return ended(clip((ranked[0] as (typeof ranked)[number]).sentence, max));
  return ended(
    kept
      .sort((a, b) => a.index - b.index)
      .map((item) => item.sentence)
      .join(' '),
  );
}

/** A reply's point: its first sentence that says something (the bot's and the staff's own words are a click away). */
function firstSentence(text: string, max: number): string {
  const sentences = sentencesOf(plain(text));
  return ended(clip(sentences.find(saysSomething) ?? sentences[0] ?? '', max));
}

const said = (label: string, text: string) => `${label} ${/\?/.test(text) ? 'asked' : 'wrote'}: ${text}`;

/** A visitor's message that reports something gone wrong, or is upset: the owner must not miss it. */
const complains = (text: string) => PROBLEM.test(text) || handoffRequestOf(text) === 'upset';

interface Part {
  /** Where it happened: parts are told in the thread's order. */
  at: number;
  /** Which parts go first when the summary is too long (higher goes first). */
  drop: number;
  text: string;
}

export function extractiveSummary(messages: SummaryMessage[]): string {
  const visitorSaid = (m: SummaryMessage) => m.senderType === 'user' && plain(m.content);
  // What the visitor came with: their first message that says something ("Hi" alone does not),
  // with the messages they sent right after it, before anyone answered.
  const start = messages.findIndex((m) => visitorSaid(m) && sentencesOf(plain(m.content)).some(saysSomething));
  const firstVisitor = start === -1 ? messages.findIndex(visitorSaid) : start;
  if (firstVisitor === -1) return 'No messages from the visitor yet.';
  let openingEnd = firstVisitor;
  while (openingEnd < messages.length && messages[openingEnd]?.senderType === 'user') openingEnd += 1;
  const opening = messages.slice(firstVisitor, openingEnd);
  const openingText = opening.map((m) => plain(m.content)).join(' ');

  /** The assistant's answer to the visitor's message at `index`: its reply before the visitor wrote again. */
  const answerTo = (index: number) => {
    for (let i = index + 1; i < messages.length; i += 1) {
      const message = messages[i] as SummaryMessage;
      if (message.senderType === 'user') return -1;
      if (!message.isManualResponse && plain(message.content)) return i;
    }
    return -1;
  };
  const parts: Part[] = [{ at: firstVisitor, drop: 0, text: said('Visitor', keyContent(openingText, OPENING_MAX_LENGTH)) }];
  const answered = (index: number, drop: number) => {
    const answer = answerTo(index);
    if (answer !== -1)
      parts.push({
        at: answer,
        drop,
        text: `Assistant answered: ${firstSentence((messages[answer] as SummaryMessage).content, REPLY_MAX_LENGTH)}`,
      });
  };
  answered(openingEnd - 1, 5);

  const later = messages.map((m, index) => ({ m, index })).filter(({ m, index }) => index >= openingEnd && visitorSaid(m));
  const last = later.at(-1);
  // A complaint in the middle of the thread (not what they came with, not their latest word).
  const complaint = later
    .slice(0, -1)
    .filter(({ m }) => complains(plain(m.content)))
    .at(-1);
  if (complaint)
    parts.push({ at: complaint.index, drop: 1, text: `Visitor complained: ${keyContent(complaint.m.content, LATEST_MAX_LENGTH)}` });
  const staffIndex = messages.findLastIndex((m) => m.senderType !== 'user' && m.isManualResponse && plain(m.content));
  if (staffIndex !== -1)
    parts.push({
      at: staffIndex,
      drop: 3,
      text: `Staff replied: ${firstSentence((messages[staffIndex] as SummaryMessage).content, REPLY_MAX_LENGTH)}`,
    });
  if (last) {
    const latest = keyContent(last.m.content, LATEST_MAX_LENGTH);
    parts.push({ at: last.index, drop: 2, text: complains(plain(last.m.content)) ? `Then complained: ${latest}` : said('Then', latest) });
    answered(last.index, 4);
  }
  // Too long: the least needed parts go (answers first, the opening never).
  const kept = [...parts];
  const length = () => kept.reduce((sum, part) => sum + part.text.length + 1, -1);
  while (length() > SUMMARY_MAX_LENGTH && kept.length > 1) {
    const least = kept.reduce((a, b) => (b.drop > a.drop ? b : a));
    kept.splice(kept.indexOf(least), 1);
  }
  return clip(
    kept
      .sort((a, b) => a.at - b.at)
      .map((part) => part.text)
      .join(' '),
    SUMMARY_MAX_LENGTH,
  );
}
