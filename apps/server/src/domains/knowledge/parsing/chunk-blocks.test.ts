import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Block, BlockDraft } from './block';
import { type Chunk, chunkBlocks, DEFAULT_MAX_CHARS, DEFAULT_OVERLAP_CHARS } from './chunk-blocks';
import { parseDocument } from './parse-document';

/** Blocks with offsets laid out as parseDocument lays them (separated by a blank line). */
function blocks(...drafts: BlockDraft[]): Block[] {
  let offset = 0;
  return drafts.map((draft) => {
    const block = { ...draft, offset };
    offset += draft.text.length + 2;
    return block;
  });
}
const heading = (level: number, text: string): BlockDraft => ({ kind: 'heading', level, text });
const paragraph = (text: string): BlockDraft => ({ kind: 'paragraph', text });
const item = (text: string): BlockDraft => ({ kind: 'list-item', text });
const product = (text: string): BlockDraft => ({ kind: 'product', text });

function expectWellFormed(chunks: Chunk[], maxChars: number) {
  chunks.forEach((chunk, index) => {
    expect(chunk.ordinal).toBe(index);
    expect(chunk.text.trim()).not.toBe('');
    expect(chunk.text.length).toBeLessThanOrEqual(maxChars);
    expect(chunk.endOffset).toBeGreaterThan(chunk.startOffset);
    if (index > 0) expect(chunk.startOffset).toBeGreaterThan((chunks[index - 1] as Chunk).startOffset);
  });
}

describe('chunkBlocks', () => {
  it('starts a chunk at each heading and tracks the heading path by level', () => {
    const chunks = chunkBlocks(
      blocks(
        heading(1, 'Returns'),
        paragraph('Our policy in short.'),
        heading(2, 'Return window'),
        paragraph('Return within 30 days.'),
        item('Tags attached'),
        item('Unworn'),
        heading(3, 'Final sale'),
        paragraph('Final sale items cannot be returned.'),
        heading(2, 'Refunds'),
        paragraph('Refunds take 5 business days.'),
        heading(1, 'Shipping'),
        paragraph('Free shipping over $75.'),
      ),
    );
    expect(chunks.map(({ headingPath, text }) => [headingPath, text])).toEqual([
      [['Returns'], 'Our policy in short.'],
      [['Returns', 'Return window'], 'Return within 30 days.\n\nTags attached\nUnworn'],
      [['Returns', 'Return window', 'Final sale'], 'Final sale items cannot be returned.'],
      [['Returns', 'Refunds'], 'Refunds take 5 business days.'],
      [['Shipping'], 'Free shipping over $75.'],
    ]);
    expectWellFormed(chunks, DEFAULT_MAX_CHARS);
  });

  it('keeps a heading with nothing under it as a chunk of its own, but not one that only introduces subheadings', () => {
    const chunks = chunkBlocks(blocks(heading(1, 'Guide'), heading(2, 'Contact us'), heading(2, 'Hours'), paragraph('Mon-Fri 9-5.')));
    expect(chunks.map(({ headingPath, text }) => [headingPath, text])).toEqual([
      [['Guide'], 'Contact us'],
      [['Guide', 'Hours'], 'Mon-Fri 9-5.'],
    ]);
  });

  it('fills chunks up to the cap and starts a new one past it', () => {
    const sentences = Array.from({ length: 10 }, (_, i) => paragraph(`Paragraph ${i} ${'word '.repeat(15).trim()}.`));
    const chunks = chunkBlocks(blocks(...sentences), { maxChars: 250, overlapChars: 50 });
    expect(chunks.length).toBeGreaterThan(3);
    expectWellFormed(chunks, 250);
    // Nothing lost, nothing repeated when whole blocks fit.
    expect(chunks.map((chunk) => chunk.text).join('\n\n')).toBe(sentences.map((block) => block.text).join('\n\n'));
  });

  it('splits a block larger than the cap at sentence boundaries, with overlap', () => {
    const text = Array.from({ length: 30 }, (_, i) => `Sentence number ${i} explains one more detail of the policy.`).join(' ');
    const [only] = blocks(paragraph(text));
    const chunks = chunkBlocks([only as Block], { maxChars: 300, overlapChars: 100 });
    expect(chunks.length).toBeGreaterThan(5);
    expectWellFormed(chunks, 300);
    for (const [index, chunk] of chunks.entries()) {
      expect(chunk.text).toMatch(/^Sentence number \d+/);
      expect(chunk.text).toMatch(/policy\.$/);
      expect(text.slice(chunk.startOffset, chunk.endOffset)).toBe(chunk.text);
      const next = chunks[index + 1];
      if (next) {
        // The next piece begins inside this one: up to the overlap, and at least a sentence when one fits.
        expect(next.startOffset).toBeLessThan(chunk.endOffset);
        expect(chunk.endOffset - next.startOffset).toBeLessThanOrEqual(100);
      }
    }
    expect(chunks.at(-1)?.endOffset).toBe(text.length);
  });

  it('cuts a sentence longer than the cap at spaces', () => {
    const text = `${'lorem ipsum '.repeat(60).trim()}.`;
    const chunks = chunkBlocks(blocks(paragraph(text)), { maxChars: 200, overlapChars: 30 });
    expectWellFormed(chunks, 200);
    for (const chunk of chunks) expect(chunk.text).toMatch(/^lorem/);
  });

  it('makes each product a chunk of its own, titled by the product when no heading is above it', () => {
    const chunks = chunkBlocks(
      blocks(
        product('Alpine Merino Base Layer\nPrice: 79.00'),
        product('Summit Wool Beanie\nPrice: 35.00\nVariants: Charcoal, Forest Green'),
        heading(1, 'Accessories'),
        product('Trail Mix Water Bottle\nPrice: 24.00'),
      ),
      { maxChars: 30 },
    );
    expect(chunks.map(({ headingPath, text }) => [headingPath, text])).toEqual([
      [['Alpine Merino Base Layer'], 'Alpine Merino Base Layer\nPrice: 79.00'],
      [['Summit Wool Beanie'], 'Summit Wool Beanie\nPrice: 35.00\nVariants: Charcoal, Forest Green'],
      [['Accessories'], 'Trail Mix Water Bottle\nPrice: 24.00'],
    ]);
  });

  it('chunks a parsed document deterministically, with increasing offsets', async () => {
    const bytes = new Uint8Array(readFileSync(new URL('../../../testing/fixtures/documents/returns-policy.pdf', import.meta.url)));
    const { blocks: parsed } = await parseDocument({ bytes, fileName: 'returns-policy.pdf', contentType: 'application/pdf' });
    const chunks = chunkBlocks(parsed);
    expect(chunkBlocks(parsed)).toEqual(chunks);
    expectWellFormed(chunks, DEFAULT_MAX_CHARS);
    expect(chunks.find((chunk) => chunk.text.includes('30 days'))?.headingPath).toEqual([
      'Northwind Outfitters Returns Policy',
      'Return window',
    ]);
    expect(DEFAULT_OVERLAP_CHARS).toBeLessThan(DEFAULT_MAX_CHARS);
  });

  it('returns no chunks for no blocks, and refuses an overlap as large as the cap', () => {
    expect(chunkBlocks([])).toEqual([]);
    expect(() => chunkBlocks([], { maxChars: 100, overlapChars: 100 })).toThrow(RangeError);
  });
});
