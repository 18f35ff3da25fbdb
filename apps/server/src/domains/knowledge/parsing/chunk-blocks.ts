import type { ProductRecord } from '@aisle/contracts/products';
import type { Block } from './block';

/** A chunk's default size cap, in characters: a few paragraphs, small enough to quote in an answer. */
export const DEFAULT_MAX_CHARS = 1200;
/** How much of the previous piece a split block's next piece repeats, so no sentence loses its context. */
export const DEFAULT_OVERLAP_CHARS = 150;

/** How a chunk's heading path is stored as one text ("Help centre › Returns"). */
export const HEADING_PATH_SEPARATOR = ' › ';

export interface Chunk {
  ordinal: number;
  /** The headings above the chunk, outermost first. */
  headingPath: string[];
  text: string;
  startOffset: number;
  endOffset: number;
  /** The product this chunk is (a product block is always one chunk of its own). */
  product?: ProductRecord;
}

interface Piece {
  text: string;
  start: number;
  end: number;
}

const sentences = new Intl.Segmenter(undefined, { granularity: 'sentence' });

/**
 * Cuts a document's blocks into passages that follow its structure: a heading starts a new chunk
 * and sets the heading path; paragraphs, list items and table rows fill the current chunk up to the
 * cap; a block larger than the cap is cut at sentence boundaries with some overlap between pieces;
 * each product is a chunk of its own, so a search result is always one whole product.
 */
export function chunkBlocks(blocks: Block[], options: { maxChars?: number; overlapChars?: number } = {}): Chunk[] {
  const maxChars = options.maxChars ?? DEFAULT_MAX_CHARS;
  // The default overlap shrinks with a small cap, so a cap alone is always a valid choice.
  const overlapChars = options.overlapChars ?? Math.min(DEFAULT_OVERLAP_CHARS, Math.floor(maxChars / 2));
  if (!(maxChars >= 1) || !(overlapChars >= 0) || overlapChars >= maxChars) {
    throw new RangeError('chunkBlocks needs maxChars >= 1 and 0 <= overlapChars < maxChars.');
  }
  const chunks: Chunk[] = [];
  const headings: { level: number; text: string }[] = [];
  const path = () => headings.map((heading) => heading.text);
  let open: { pieces: Piece[]; kind: Block['kind']; length: number } | undefined;
  // A heading with nothing under it yet: kept as its own chunk if no content or subheading follows.
  let bare: Block | undefined;

  const emit = (headingPath: string[], piece: Piece) => {
    chunks.push({ ordinal: chunks.length, headingPath, text: piece.text, startOffset: piece.start, endOffset: piece.end });
  };
  const flush = () => {
    if (open) {
      const first = open.pieces[0] as Piece;
      const last = open.pieces.at(-1) as Piece;
      emit(path(), { text: open.pieces.map((piece) => piece.text).join(''), start: first.start, end: last.end });
    }
    open = undefined;
  };
  const settleBare = (nextLevel?: number) => {
    if (bare && (nextLevel === undefined || nextLevel <= (bare.level ?? 1))) {
      emit(path().slice(0, -1), { text: bare.text, start: bare.offset, end: bare.offset + bare.text.length });
    }
    bare = undefined;
  };

  for (const block of blocks) {
    const text = block.text.trim();
    if (!text) continue;
    const end = block.offset + block.text.length;
    if (block.kind === 'heading') {
      flush();
      const level = block.level ?? 1;
      settleBare(level);
      while ((headings.at(-1)?.level ?? 0) >= level) headings.pop();
      headings.push({ level, text });
      bare = block;
      continue;
    }
    bare = undefined;
    if (block.kind === 'product') {
      flush();
      emit(headings.length ? path() : [text.split('\n')[0] ?? text], { text, start: block.offset, end });
      if (block.product) (chunks.at(-1) as Chunk).product = block.product;
    } else if (text.length > maxChars) {
      flush();
      for (const piece of splitText(text, maxChars, overlapChars))
        emit(path(), { ...piece, start: block.offset + piece.start, end: block.offset + piece.end });
    } else {
      const separator = open && open.kind === block.kind && block.kind !== 'paragraph' ? '\n' : '\n\n';
      if (open && open.length + separator.length + text.length > maxChars) flush();
      if (open) {
        open.pieces.push({ text: `${separator}${text}`, start: block.offset, end });
        open.length += separator.length + text.length;
        open.kind = block.kind;
      } else {
        open = { pieces: [{ text, start: block.offset, end }], kind: block.kind, length: text.length };
      }
    }
  }
  flush();
  settleBare();
  return chunks;
}

/**
 * Cuts text longer than the cap into pieces of at most `maxChars`, ending at sentence boundaries
 * (or, for a sentence longer than the cap, at a space), each piece after the first starting up to
 * `overlapChars` back into the one before, at a sentence or word start.
 */
function splitText(text: string, maxChars: number, overlapChars: number): Piece[] {
  const sentenceStarts = [...sentences.segment(text)].map((segment) => segment.index);
  const wordStarts = [...text.matchAll(/(?<=\s)\S/g)].map((match) => match.index);
  const pieces: Piece[] = [];
  let start = 0;
  while (start < text.length) {
    const limit = start + maxChars;
    let end = text.length;
    if (end > limit) {
      end = lastWithin(sentenceStarts, start, limit) ?? lastWithin(wordStarts, start, limit) ?? limit;
    }
    const raw = text.slice(start, end);
    const lead = raw.length - raw.trimStart().length;
    pieces.push({ text: raw.trim(), start: start + lead, end: start + raw.trimEnd().length });
    if (end >= text.length) break;
    const from = end - overlapChars;
    const next = firstWithin(sentenceStarts, from, end) ?? firstWithin(wordStarts, from, end) ?? end;
    start = next > start ? next : end;
  }
  return pieces.filter((piece) => piece.text);
}

/** The last position in (after, upTo]. */
function lastWithin(positions: number[], after: number, upTo: number): number | undefined {
  return positions.findLast((position) => position > after && position <= upTo);
}

/** The first position in [from, before). */
function firstWithin(positions: number[], from: number, before: number): number | undefined {
  return positions.find((position) => position >= from && position < before);
}
