import { clip } from '../../lib/clip-text';

/**
 * The thread summary of the built-in local model (no network, deterministic): the visitor's first
 * question, the bot's latest answer, the staff's latest reply and the visitor's latest message,
 * each cut to its key sentence, e.g. "Visitor asked: Can I return shoes? Assistant answered: You
 * can return any unworn item within 30 days. Staff replied: I have sent you a return label. Then
 * asked: Is it free?"
 */
export const SUMMARY_MAX_LENGTH = 300;

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

const sentencesOf = (line: string) =>
  line
    .match(/[^.!?]+(?:[.!?]+|$)/g)
    ?.map((s) => s.trim())
    .filter(Boolean) ?? [];
const wordCount = (sentence: string) => sentence.split(/\s+/).length;

/**
 * The sentence that carries a message: its first question when `preferQuestion`, otherwise its
 * first sentence of three words or more ("Hi!" and "Sure." say nothing), otherwise its first.
 */
function keySentence(text: string, max: number, preferQuestion = false): string {
  const sentences = sentencesOf(plain(text));
  const sentence =
    (preferQuestion ? sentences.find((s) => s.endsWith('?')) : undefined) ?? sentences.find((s) => wordCount(s) >= 3) ?? sentences[0] ?? '';
  const clipped = clip(sentence, max);
  return /[.!?…]$/.test(clipped) ? clipped : `${clipped}.`;
}

const asked = (label: string, text: string) => {
  const sentence = keySentence(text, 110, true);
  return `${label} ${sentence.endsWith('?') ? 'asked' : 'wrote'}: ${sentence}`;
};

export function extractiveSummary(messages: SummaryMessage[]): string {
  const visitor = messages.filter((m) => m.senderType === 'user' && plain(m.content));
  const bot = messages.filter((m) => m.senderType !== 'user' && !m.isManualResponse && plain(m.content));
  const staff = messages.filter((m) => m.senderType !== 'user' && m.isManualResponse && plain(m.content));
  const first = visitor[0];
  const last = visitor.at(-1);
  if (!first) return 'No messages from the visitor yet.';

  const parts = [asked('Visitor', first.content)];
  const answer = bot.at(-1);
  if (answer) parts.push(`Assistant answered: ${keySentence(answer.content, 100)}`);
  const reply = staff.at(-1);
  if (reply) parts.push(`Staff replied: ${keySentence(reply.content, 100)}`);
  if (last && last !== first && plain(last.content) !== plain(first.content)) parts.push(asked('Then', last.content));
  return clip(parts.join(' '), SUMMARY_MAX_LENGTH);
}
