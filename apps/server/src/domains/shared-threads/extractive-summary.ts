import { clip } from '../../lib/clip-text';

/**
 * The thread summary of the built-in local model (no network, deterministic): what the visitor
 * came with, the bot's latest answer, the staff's latest reply and the visitor's latest message,
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

export function extractiveSummary(messages: SummaryMessage[]): string {
  const visitorSaid = (m: SummaryMessage) => m.senderType === 'user' && plain(m.content);
  const bot = messages.filter((m) => m.senderType !== 'user' && !m.isManualResponse && plain(m.content));
  const staff = messages.filter((m) => m.senderType !== 'user' && m.isManualResponse && plain(m.content));
  // What the visitor came with: their first message that says something ("Hi" alone does not),
  // with the messages they sent right after it, before anyone answered.
  const start = messages.findIndex((m) => visitorSaid(m) && sentencesOf(plain(m.content)).some(saysSomething));
  const firstVisitor = start === -1 ? messages.findIndex(visitorSaid) : start;
  if (firstVisitor === -1) return 'No messages from the visitor yet.';
  const opening: SummaryMessage[] = [];
  for (const message of messages.slice(firstVisitor)) {
    if (message.senderType !== 'user') break;
    opening.push(message);
  }
  const openingText = opening.map((m) => plain(m.content)).join(' ');

  const parts = [said('Visitor', keyContent(openingText, OPENING_MAX_LENGTH))];
  const answer = bot.at(-1);
  if (answer) parts.push(`Assistant answered: ${firstSentence(answer.content, REPLY_MAX_LENGTH)}`);
  const reply = staff.at(-1);
  if (reply) parts.push(`Staff replied: ${firstSentence(reply.content, REPLY_MAX_LENGTH)}`);
  const last = messages.filter(visitorSaid).at(-1);
  if (last && !opening.includes(last)) parts.push(said('Then', keyContent(last.content, LATEST_MAX_LENGTH)));
  return clip(parts.join(' '), SUMMARY_MAX_LENGTH);
}
