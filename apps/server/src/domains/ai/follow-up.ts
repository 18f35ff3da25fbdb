/*
 * A follow-up ("is it waterproof?", "それはいくら？", "อันนี้กันน้ำไหม", "它可以放幾天？") is about
 * what the shopper asked before: searched with their previous message, whichever model answers,
 * so a network model gets the tent's passages for "how heavy is it?" as the built-in one does.
 */

/** Words that point back at what was said before, in the shoppers' languages. */
const REFERS_BACK =
  /\b(it|its|it's|that one|this one|that|this|them|they|those|these|the same|ini|itu|nya|nó|cái này|cái đó)\b|それ|これ|あれ|その|この|そちら|こちら|アレ|อันนี้|อันนั้น|ตัวนี้|ตัวนั้น|มัน|นี้|นั้น|它|這個|这个|那個|那个|這款|这款|那款|이거|그거|이것|그것/iu;

/** The earlier message a question follows up on, when it points back at one. */
export function followUpTopic(question: string, earlier: string[]): string | undefined {
  const topic = earlier.at(-1);
  return topic !== undefined && REFERS_BACK.test(question) ? topic : undefined;
}

/** What to search the stores with for a question: a follow-up with the message it follows. */
export function searchQueryOf(question: string, earlier: string[]): string {
  const topic = followUpTopic(question, earlier);
  return topic === undefined ? question : `${topic} ${question}`;
}
