import { describe, expect, it } from 'vitest';
import { splitHighlights } from './highlight-terms';

const marked = (text: string, terms: string[]) =>
  splitHighlights(text, terms)
    .map((segment) => (segment.match ? `[${segment.text}]` : segment.text))
    .join('');

describe('highlighting matched terms in a passage', () => {
  it('marks every occurrence, ignoring case, keeping the passage text as written', () => {
    expect(marked('Returns are free. RETURNS within 30 days.', ['returns'])).toBe('[Returns] are free. [RETURNS] within 30 days.');
  });

  it('matches whole words only', () => {
    expect(marked('Oversized sizes: size M', ['size'])).toBe('Oversized sizes: [size] M');
  });

  it('prefers the longer term where two overlap', () => {
    expect(marked('See the size chart.', ['size', 'size chart'])).toBe('See the [size chart].');
  });

  it('treats regular-expression characters in terms literally', () => {
    expect(marked('Costs $5 (plus tax) or c++ style', ['(plus', 'c++'])).toBe('Costs $5 [(plus] tax) or [c++] style');
  });

  it('handles accented words and digits as word characters', () => {
    expect(marked('Größe 42 und größer', ['größe'])).toBe('[Größe] 42 und größer');
    expect(marked('Size 420 or 42', ['42'])).toBe('Size 420 or [42]');
  });

  it('returns the whole text unmarked without terms, and nothing for no text', () => {
    expect(splitHighlights('plain', [])).toEqual([{ text: 'plain', match: false }]);
    expect(splitHighlights('plain', ['  '])).toEqual([{ text: 'plain', match: false }]);
    expect(splitHighlights('', ['x'])).toEqual([]);
  });

  it('splits into adjacent segments that rebuild the text exactly', () => {
    const text = 'Shipping: we ship worldwide; shipping is free over $50.';
    const segments = splitHighlights(text, ['shipping', 'free']);
    expect(segments.map((s) => s.text).join('')).toBe(text);
    expect(segments.filter((s) => s.match).map((s) => s.text)).toEqual(['Shipping', 'shipping', 'free']);
  });
});
