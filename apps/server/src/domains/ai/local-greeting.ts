/**
 * Small talk the built-in model answers without searching: a message made only of greeting or
 * thanks words ("hi there!", "bonjour", "thanks a lot"). A greeting followed by a question is a
 * question, and is answered from the stores.
 */
const GREETINGS = new Set(
  'hi hello hey hiya howdy yo bonjour bonsoir salut coucou hallo servus moin hola buenos buenas ciao good morning afternoon evening day there everyone all'.split(
    ' ',
  ),
);
const THANKS = new Set('thanks thank thx ty cheers merci danke gracias grazie'.split(' '));
/** Words that may come with a greeting or thanks without making it a question. */
const FILLER = new Set('you so very much a lot again beaucoup vielen dank mille tous tout le monde ok okay great perfect'.split(' '));

const wordSegmenter = new Intl.Segmenter('und', { granularity: 'word' });

export type SmallTalk = 'greeting' | 'thanks' | null;

export function smallTalkOf(message: string): SmallTalk {
  const words = [...wordSegmenter.segment(message.toLowerCase())].filter((s) => s.isWordLike).map((s) => s.segment);
  if (!words.length || words.length > 8) return null;
  if (!words.every((word) => GREETINGS.has(word) || THANKS.has(word) || FILLER.has(word))) return null;
  if (words.some((word) => THANKS.has(word))) return 'thanks';
  return words.some((word) => GREETINGS.has(word)) ? 'greeting' : null;
}

/** The reply to small talk, naming what the assistant can help with (its stores' topics when known). */
export function smallTalkReply(kind: 'greeting' | 'thanks', topics: string[] = []): string {
  const scope = topics.length
    ? `questions about ${topics.slice(0, 3).join(', ')}`
    : "questions about this shop's products and policies, answered from its own documents";
  if (kind === 'thanks') return `You're welcome! If anything else comes up, I can help with ${scope}.`;
  return `Hello! I can help with ${scope}. What would you like to know?`;
}
