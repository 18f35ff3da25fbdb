import { describe, expect, it } from 'vitest';
import { sourceTitle } from './source-title';

describe('the title a shopper sees for a source', () => {
  it('is the passage’s own heading, the innermost of its path', () => {
    expect(sourceTitle({ fileName: 'sunny-trails-faq.md', heading: 'Returns' })).toBe('Returns');
    expect(sourceTitle({ fileName: 'sunny-trails-faq.md', heading: 'Sunny Trails FAQ › Refund window' })).toBe('Refund window');
    expect(sourceTitle({ fileName: 'policies.pdf', heading: 'Shipping/Returns' })).toBe('Shipping/Returns');
  });

  it('is the document’s name made readable when the passage has no heading, never a file name or path', () => {
    expect(sourceTitle({ fileName: 'sunny-trails-faq.md', heading: '' })).toBe('Sunny Trails FAQ');
    expect(sourceTitle({ fileName: 'docs/shipping_and_returns-policy.PDF', heading: '' })).toBe('Shipping and Returns Policy');
    expect(sourceTitle({ fileName: 'CareGuide.html', heading: '' })).toBe('Care Guide');
    // A heading that is only a file's name (a page titled after its file) is made readable too.
    expect(sourceTitle({ fileName: 'size-chart.html', heading: 'size-chart' })).toBe('Size Chart');
    expect(sourceTitle({ fileName: 'x.txt', heading: 'Help › exports/size-chart.csv' })).toBe('Size Chart');
    expect(sourceTitle({ fileName: '.md', heading: '' })).toBe('Shop information');
  });

  it('shortens a long heading at a word boundary', () => {
    const heading = 'What happens to my order when the courier cannot deliver it because nobody was at home to sign for it';
    const title = sourceTitle({ fileName: 'faq.md', heading });
    expect(title.length).toBeLessThanOrEqual(80);
    expect(title).toMatch(/^What happens to my order .*[a-z]…$/);
  });
});
