import { CHARACTER_PREFIX, intentWords, termsOf } from '../knowledge';

/*
 * Two questions in one message ("What does shipping cost? Can I return opened tea?", "Do you ship
 * to Osaka and how long does it take?", "ส่งฟรีไหมคะ แล้วคืนสินค้าได้กี่วัน"): each part is answered
 * on its own, since one passage rarely answers both and the relevance check would refuse each.
 */

const sentenceSegmenter = new Intl.Segmenter('und', { granularity: 'sentence' });

/**
 * Words that join two questions, in the shoppers' languages. A join only splits when both sides
 * have words of their own to ask about ("black and white" stays one question).
 */
const JOINS =
  /\s*(?:,\s*)?\b(?:and|also|plus|dan|juga|và|còn)\b\s+|\s+(?:แล้วก็|แล้ว|และ|อีกอย่าง)\s*|[、，,]?\s*(?:それと|あと|また|それから|还有|還有|另外|以及)\s*|(?<=\p{Script=Hiragana})で、\s*|\s*그리고\s*/iu;
/** Content words each side of a join needs for the message to be two questions. */
const MIN_PART_TERMS = 2;
const MAX_PARTS = 3;

/** A side asks something: two words of its own, or one with what it asks for ("where is your shop"). */
const askable = (part: string) => {
  // A character of a word (~開 of 開封) is not a word of its own.
  const count = termsOf(part).filter((term) => !term.startsWith(CHARACTER_PREFIX)).length;
  return count >= MIN_PART_TERMS || (count === 1 && intentWords(part).length > 0);
};

/** The message's questions, in order; one part when it asks one thing. */
export function questionParts(message: string): string[] {
  const sentences = [...sentenceSegmenter.segment(message)].map((segment) => segment.segment.trim()).filter(Boolean);
  const parts = sentences.flatMap((sentence) => {
    const match = JOINS.exec(sentence);
    if (!match || match.index === 0) return [sentence];
    const left = sentence.slice(0, match.index);
    const right = sentence.slice(match.index + match[0].length);
    return askable(left) && askable(right) ? [left, right] : [sentence];
  });
  const asked = parts.filter((part) => termsOf(part).length > 0);
  return asked.length > 1 && asked.length <= MAX_PARTS ? asked : [message];
}
