import { clip } from '../../../lib/clip-text';
import { termsOf, tokensOf } from '../retrieval/tokenize';

const sentenceSegmenter = new Intl.Segmenter('und', { granularity: 'sentence' });
const ELLIPSIS = '…';
/** Words kept before the first matching word when a long sentence is cut around it. */
const LEAD_IN_CHARS = 40;

interface Sentence {
  text: string;
  position: number;
  hits: number;
}

/**
 * A sentence longer than the snippet: the stretch of it holding the most of the wanted words
 * (from its start when that does as well), cut at word boundaries, with ellipses where it was cut.
 */
function windowOf(sentence: string, wanted: Set<string>, maxLength: number): string {
  const matches = tokensOf(sentence).filter((token) => wanted.has(token.term));
  const reach = maxLength - 2 * ELLIPSIS.length;
  const covered = (start: number) =>
    new Set(matches.filter((m) => m.index >= start && m.index + m.surface.length <= start + reach).map((m) => m.term)).size;
  let best = { start: 0, covered: covered(0) };
  for (const match of matches) {
    // A few words of lead-in before the match.
    const start = sentence.lastIndexOf(' ', match.index - LEAD_IN_CHARS) + 1;
    if (start > 0 && covered(start) > best.covered) best = { start, covered: covered(start) };
  }
  if (!best.start) return clip(sentence, maxLength);
  return `${ELLIPSIS}${clip(sentence.slice(best.start), maxLength - ELLIPSIS.length)}`;
}

/** Chosen sentences in reading order: neighbours joined by a space, gaps marked with an ellipsis. */
function joinInOrder(sentences: Sentence[]): string {
  const ordered = [...sentences].sort((a, b) => a.position - b.position);
  return ordered
    .map((sentence, index) => {
      const previous = ordered[index - 1];
      if (!previous) return sentence.text;
      return `${sentence.position === previous.position + 1 ? ' ' : ` ${ELLIPSIS} `}${sentence.text}`;
    })
    .join('');
}

/**
 * What a reader is shown of a passage an answer cites: the sentence(s) sharing the most words with
 * `about` (the answer, the question), in reading order, at most `maxLength` characters, a long
 * sentence cut at a word boundary with an ellipsis. Sentences sharing far fewer words than the
 * best one, or none, are left out: a passage often holds lines unrelated to the answer, some not
 * meant for shoppers at all. Empty when no sentence shares a word with `about`.
 */
export function passageSnippet({ text, about, maxLength }: { text: string; about: string; maxLength: number }): string {
  const wanted = new Set(termsOf(about));
  if (!wanted.size) return '';
  const sentences: Sentence[] = [...sentenceSegmenter.segment(text)]
    .map((segment) => segment.segment.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .map((sentence, position) => ({ text: sentence, position, hits: new Set(termsOf(sentence).filter((term) => wanted.has(term))).size }));
  const mostHits = Math.max(0, ...sentences.map((sentence) => sentence.hits));
  if (!mostHits) return '';
  // Best first (most shared words, then earliest); the weaker ones only share a word in passing.
  const ranked = sentences.filter((sentence) => sentence.hits * 2 > mostHits).sort((a, b) => b.hits - a.hits || a.position - b.position);
  const [best] = ranked;
  if (!best) return '';
  if (best.text.length > maxLength) return windowOf(best.text, wanted, maxLength);
  const chosen = [best];
  for (const sentence of ranked.slice(1)) {
    if (joinInOrder([...chosen, sentence]).length <= maxLength) chosen.push(sentence);
  }
  return joinInOrder(chosen);
}
