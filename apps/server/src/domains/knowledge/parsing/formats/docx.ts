import mammoth from 'mammoth';
import type { BlockDraft } from '../block';
import { IngestError } from '../ingest-error';
import { htmlFragmentBlocks } from './html';

/**
 * A Word document as blocks: mammoth maps its styles to semantic HTML (Heading 1 → h1, bulleted
 * paragraphs → li), so the HTML walk keeps headings and lists as the author structured them.
 */
export async function docxBlocks(bytes: Uint8Array): Promise<BlockDraft[]> {
  let html: string;
  try {
    ({ value: html } = await mammoth.convertToHtml({ buffer: Buffer.from(bytes) }));
  } catch {
    throw new IngestError('unreadable', 'This file could not be read: it looks damaged.');
  }
  return htmlFragmentBlocks(html);
}
