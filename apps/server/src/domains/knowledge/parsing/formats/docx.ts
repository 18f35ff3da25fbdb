import type mammoth from 'mammoth';
import { loadOnUse } from '../../../../lib/load-on-use';
import type { BlockDraft } from '../block';
import { IngestError } from '../ingest-error';
import { boundedDocx } from './docx-parts';
import { htmlFragmentBlocks } from './html';

/** Loaded with the first Word document to read, not at start-up. */
const mammothPackage = loadOnUse<typeof mammoth>('mammoth');
/** Images are not text: mammoth gets an empty source instead of reading (and base64-encoding) each one. */
const skipImages = () => mammothPackage().images.imgElement(async () => ({ src: '' }));

/**
 * A Word document as blocks: mammoth maps its styles to semantic HTML (Heading 1 → h1, bulleted
 * paragraphs → li), so the HTML walk keeps headings and lists as the author structured them.
 * mammoth reads the document's XML parts only after they are inflated within limits (docx-parts.ts).
 */
export async function docxBlocks(bytes: Uint8Array): Promise<BlockDraft[]> {
  const buffer = boundedDocx(bytes);
  let html: string;
  try {
    ({ value: html } = await mammothPackage().convertToHtml({ buffer }, { convertImage: skipImages() }));
  } catch {
    throw new IngestError('unreadable', 'This file could not be read: it looks damaged.');
  }
  return htmlFragmentBlocks(html);
}
