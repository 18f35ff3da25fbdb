export interface TextSegment {
  text: string;
  match: boolean;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Splits a passage into plain and matched runs for highlighting the query's `matchedTerms`:
 * case-insensitive, and only where a term stands as a whole word (not "size" inside "oversized").
 * Longer terms win where terms overlap ("size chart" before "size").
 */
export function splitHighlights(text: string, terms: readonly string[]): TextSegment[] {
  const wanted = [...new Set(terms.map((term) => term.trim()).filter(Boolean))].sort((a, b) => b.length - a.length);
  if (!text) return [];
  if (wanted.length === 0) return [{ text, match: false }];
  // Letters and digits in any script count as word characters, so "café" and "größe" work too.
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${wanted.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}])`, 'giu');
  const segments: TextSegment[] = [];
  let last = 0;
  for (const found of text.matchAll(pattern)) {
    const start = found.index ?? 0;
    if (start > last) segments.push({ text: text.slice(last, start), match: false });
    segments.push({ text: found[0], match: true });
    last = start + found[0].length;
  }
  if (last < text.length) segments.push({ text: text.slice(last), match: false });
  return segments;
}
