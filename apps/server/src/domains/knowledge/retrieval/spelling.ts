import { distance } from 'fastest-levenshtein';

/*
 * Typos: a shopper's word the store never uses ("shiping", "refnud", "waterprof") matched to the
 * store's own word closest in spelling. Only words written in letters and long enough to tell
 * apart, and only within an edit or two, so "coat" never becomes "cost".
 */

const SPELLABLE = /^[a-z]{4,}$/;

/** Edits allowed for a word of this length: one from four letters, two from six (a swap of two letters is two edits). */
const allowedEdits = (length: number) => (length >= 6 ? 2 : 1);

/** The vocabulary's term closest to `term` within the allowed edits (ties: the more common, then the first), or null. */
export function closestTerm(term: string, vocabulary: Iterable<string>, frequency?: (term: string) => number): string | null {
  if (!SPELLABLE.test(term)) return null;
  const allowed = allowedEdits(term.length);
  let best: { term: string; edits: number; frequency: number } | null = null;
  for (const candidate of vocabulary) {
    if (candidate === term || !SPELLABLE.test(candidate) || Math.abs(candidate.length - term.length) > allowed) continue;
    // The first letter is rarely the mistyped one, and it keeps the comparisons few.
    if (candidate[0] !== term[0]) continue;
    const edits = distance(term, candidate);
    if (edits > allowed) continue;
    const count = frequency?.(candidate) ?? 0;
    if (!best || edits < best.edits || (edits === best.edits && count > best.frequency))
      best = { term: candidate, edits, frequency: count };
  }
  return best?.term ?? null;
}
