import type { DocumentFormat } from '@aisle/contracts/knowledge';
import type { ProductRecord } from '@aisle/contracts/products';

export type BlockKind = 'heading' | 'paragraph' | 'list-item' | 'table-row' | 'product';

/** One structural unit of a document, in reading order. */
export interface Block {
  kind: BlockKind;
  /** Heading level, 1-6 (headings only). */
  level?: number;
  text: string;
  /** Character offset of the block in the document's extracted text (its blocks joined by blank lines). */
  offset: number;
  /** A product block's facts, as the answering code reads them (products only). */
  product?: ProductRecord;
}

/** A block as a format parser yields it, before offsets are laid out. */
export type BlockDraft = Omit<Block, 'offset'>;

export interface ParsedDocument {
  format: DocumentFormat;
  blocks: Block[];
}

/** Collapses runs of whitespace to single spaces, as a browser renders inline text. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
