import { termsOf } from '../knowledge/retrieval/tokenize';

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
  "I couldn't find that in this store's knowledge, so I don't want to guess. Try asking in other words, or contact the shop directly.";

/** Sentences quoted at most: enough to answer, short enough to read in a chat bubble. */
const MAX_SENTENCES = 3;
/** Passages read for sentences: the best few, since lower ones are rarely about the question. */
const MAX_PASSAGES = 3;
/**
 * A passage is about the question when it shares at least this share of the question's content
 * words. Retrieval always returns something (vector search has no floor), so relevance is
 * checked here again, where a wrong answer would cost the shop a customer's trust.
 */
const MIN_TERM_COVERAGE = 1 / 2;

const sentenceSegmenter = new Intl.Segmenter('und', { granularity: 'sentence' });

export const sourceLabel = (passage: RetrievedPassage) => (passage.heading ? `${passage.fileName} › ${passage.heading}` : passage.fileName);

function sharedTerms(question: Set<string>, text: string): number {
  let shared = 0;
  for (const term of new Set(termsOf(text))) if (question.has(term)) shared += 1;
  return shared;
}

/**
 * The 1–3 sentences of the top passages that carry the most question words, in reading order
 * (passage rank, then position) so the answer reads like the source.
 */
function pickSentences(question: Set<string>, passages: RetrievedPassage[]) {
  const candidates = passages.flatMap((passage, rank) =>
    [...sentenceSegmenter.segment(passage.text)]
      .map((segment) => segment.segment.trim())
      .filter(Boolean)
      .map((sentence, position) => ({ passage, rank, position, sentence, hits: sharedTerms(question, sentence) })),
  );
  const mostHits = Math.max(0, ...candidates.map((candidate) => candidate.hits));
  // Sentences far weaker than the best one only share a word in passing ("Sale items are final").
  const best = candidates
    .filter((candidate) => candidate.hits > 0 && candidate.hits * 2 > mostHits)
    .sort((a, b) => b.hits - a.hits || a.rank - b.rank || a.position - b.position)
    .slice(0, MAX_SENTENCES);
  // The best passage matched on its heading only ("Returns" for "how do returns work?"): its
  // opening sentence is what it says about that heading.
  const first = candidates[0];
  if (!best.length && first) best.push(first);
  return best.sort((a, b) => a.rank - b.rank || a.position - b.position);
}

/**
 * A short answer made only of the store's own sentences, with the passages it cites; or the plain
 * "don't know" when no passage is about the question. Deterministic: same passages, same answer.
 */
export function composeGroundedAnswer(question: string, passages: RetrievedPassage[], minScore = 0): LocalAnswer {
  const terms = new Set(termsOf(question));
  const needed = Math.max(1, Math.ceil(terms.size * MIN_TERM_COVERAGE));
  const relevant = passages
    .filter((passage) => passage.score > minScore && sharedTerms(terms, `${passage.heading}\n${passage.text}`) >= needed)
    .slice(0, MAX_PASSAGES);
  if (!terms.size || !relevant.length) return { outcome: 'unknown', text: UNKNOWN_ANSWER };

  const picked = pickSentences(terms, relevant);
  const citations: Citation[] = [];
  for (const { passage, sentence } of picked) {
    const citation = citations.find((c) => c.passage.id === passage.id);
    if (citation) citation.sentences.push(sentence);
    else citations.push({ passage, sentences: [sentence] });
  }
  // The sources travel apart from the text (each transport shows them its own way): no list here.
  return { outcome: 'answer', text: picked.map((p) => p.sentence).join(' '), citations };
}
