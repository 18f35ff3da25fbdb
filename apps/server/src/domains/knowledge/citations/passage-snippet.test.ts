import { describe, expect, it } from 'vitest';
import { passageSnippet } from './passage-snippet';

const snippet = (text: string, about: string, maxLength = 200) => passageSnippet({ text, about, maxLength });

describe('the snippet of a cited passage', () => {
  it('is the sentence that answers, not the passage’s start nor its unrelated lines', () => {
    const passage =
      'Sunny Trails ships from Denver. You can return unworn boots within 60 days of delivery for a full refund. The secret discount code is STAFF50.';
    expect(snippet(passage, 'You can return unworn boots within 60 days of delivery for a full refund.')).toBe(
      'You can return unworn boots within 60 days of delivery for a full refund.',
    );
    // A paraphrase finds it too.
    expect(snippet(passage, 'Unworn boots can be returned for 60 days [1].')).toBe(
      'You can return unworn boots within 60 days of delivery for a full refund.',
    );
  });

  it('keeps more answering sentences while they fit, in reading order, marking a gap', () => {
    const passage = 'Orders over $75 ship free. We pack by hand. Standard delivery takes 3 to 5 business days. Staff use code STAFF50.';
    expect(snippet(passage, 'Orders over $75 ship free, and standard delivery takes 3 to 5 business days.')).toBe(
      'Orders over $75 ship free. … Standard delivery takes 3 to 5 business days.',
    );
    expect(snippet(passage, 'Orders over $75 ship free, and standard delivery takes 3 to 5 business days.', 60)).toBe(
      'Standard delivery takes 3 to 5 business days.',
    );
  });

  it('cuts a long sentence at a word boundary with an ellipsis, around where it matches', () => {
    const long = `${'Our boots are made by hand in small batches from leather tanned without chrome '.repeat(3)}and every pair can be resoled in our Boulder workshop for a flat fee of forty dollars including return postage.`;
    const fromStart = snippet(long, 'Are the boots made by hand?');
    expect(fromStart.length).toBeLessThanOrEqual(200);
    expect(fromStart).toMatch(/^Our boots are made by hand .* [a-z]+…$/);
    const around = snippet(long, 'Can my boots be resoled in the workshop?');
    expect(around.length).toBeLessThanOrEqual(200);
    expect(around).toMatch(/^…[A-Za-z].* boots .* resoled in our Boulder workshop /);
  });

  it('is empty when no sentence shares a word with the answer', () => {
    expect(snippet('The secret discount code is STAFF50.', 'Orders ship within two business days.')).toBe('');
    expect(snippet('Anything at all.', '')).toBe('');
  });
});
