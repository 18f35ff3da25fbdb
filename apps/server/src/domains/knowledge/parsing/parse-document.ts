import type { DocumentFormat } from '@aisle/contracts/knowledge';
import type { Block, BlockDraft, ParsedDocument } from './block';
import { declaredFormat, decodeText, isBlank, isEncryptedOffice, looksLikeDocx, looksLikePdf, typeMismatch } from './detect-format';
import { csvBlocks } from './formats/csv';
import { docxBlocks } from './formats/docx';
import { htmlBlocks } from './formats/html';
import { jsonBlocks } from './formats/json-products';
import { markdownBlocks } from './formats/markdown';
import { pdfBlocks } from './formats/pdf';
import { textBlocks } from './formats/text';
import { IngestError } from './ingest-error';
import { checkJsonDepth } from './json-depth';
import { limitExceeded, MAX_TEXT_CHARS } from './parse-limits';

export type { Block, BlockKind, ParsedDocument } from './block';

/** Blocks are laid out in the extracted text one after another, separated by a blank line. */
const BLOCK_SEPARATOR = 2;

/**
 * A stored file as structured blocks, ready to chunk. The declared type (or, failing that, the
 * extension) picks the parser, and the bytes must really be of that type: a mislabelled, empty,
 * encrypted or damaged file fails with an IngestError whose message tells the merchant what to fix.
 */
export async function parseDocument(input: {
  bytes: Uint8Array;
  fileName: string;
  contentType: string;
  /** The store's currency, for product prices that name none. */
  currency?: string | null;
}): Promise<ParsedDocument> {
  const { bytes } = input;
  const format = declaredFormat(input.contentType, input.fileName);
  if (isBlank(bytes)) throw new IngestError('empty', 'This file is empty.');
  const drafts = await blocksOf(format, bytes, input.currency ?? null);
  const blocks = withOffsets(drafts);
  if (blocks.length === 0) {
    throw new IngestError(
      'no_text',
      format === 'pdf'
        ? 'No text could be found in this file. If it is a scanned document, upload a version with selectable text.'
        : 'No text could be found in this file.',
    );
  }
  return { format, blocks };
}

async function blocksOf(format: DocumentFormat, bytes: Uint8Array, currency: string | null): Promise<BlockDraft[]> {
  switch (format) {
    case 'pdf':
      if (!looksLikePdf(bytes)) throw typeMismatch(format);
      return pdfBlocks(bytes);
    case 'docx':
      if (isEncryptedOffice(bytes)) {
        throw new IngestError('encrypted', 'This document is password-protected. Remove the password and upload it again.');
      }
      if (!looksLikeDocx(bytes)) throw typeMismatch(format);
      return docxBlocks(bytes);
    case 'html':
      return htmlBlocks(boundedText(bytes, format));
    case 'markdown':
      return markdownBlocks(boundedText(bytes, format));
    case 'text':
      return textBlocks(boundedText(bytes, format));
    case 'csv':
      return csvBlocks(boundedText(bytes, format), currency);
    case 'json':
      return jsonBlocks(parseJson(boundedText(bytes, format)), currency);
  }
}

function boundedText(bytes: Uint8Array, format: DocumentFormat): string {
  const text = decodeText(bytes, format);
  if (text.length > MAX_TEXT_CHARS) throw limitExceeded.text();
  return text;
}

function parseJson(text: string): unknown {
  // Before JSON.parse: the walk over the parsed value (json-products.ts) recurses once per level.
  checkJsonDepth(text);
  try {
    return JSON.parse(text);
  } catch {
    throw typeMismatch('json');
  }
}

/** Drops blank blocks and gives the rest their offsets in the extracted text. */
function withOffsets(drafts: BlockDraft[]): Block[] {
  const blocks: Block[] = [];
  let offset = 0;
  for (const draft of drafts) {
    const text = draft.text.trim();
    if (!text) continue;
    blocks.push({ ...draft, text, offset });
    offset += text.length + BLOCK_SEPARATOR;
  }
  return blocks;
}
