import { IngestError } from './ingest-error';

/*
 * How far a file may expand while it is parsed. A file's bytes are capped on upload
 * (FILE_MAX_BYTES, 25 MB), but a compressed one (DOCX, PDF) or a nested one (JSON) can grow far
 * past them in memory: these limits stop such a file before it does, with a reason the merchant
 * can act on. Each figure is measured on real-sized documents and leaves ample room above them.
 */

const MB = 1024 * 1024;

/**
 * Extracted text per file (characters). A legitimate 20 MB product CSV is 21.8 M characters, a
 * 300-page manual ~1.2 M; a text file cannot exceed FILE_MAX_BYTES anyway, so this bites on
 * compressed formats and on a raised FILE_MAX_BYTES.
 */
export const MAX_TEXT_CHARS = 32 * MB;
/**
 * Text of one PDF page (characters). A dense page of 8-point text holds ~10 K; a page carrying
 * more than a hundred times that is a content stream built to blow up, not a page to read.
 */
export const MAX_PDF_PAGE_CHARS = 1 * MB;
/**
 * Inflated XML of a DOCX, all its parts together (bytes). A generated 300-page manual's
 * document.xml is 1.3 MB; Word's own markup (revision ids, proofing marks, run properties) is 3–5
 * times heavier, so 300 pages come to ~4–7 MB. mammoth holds ~40 bytes of heap per byte of XML,
 * so 32 MB of XML is about what the parse worker's heap can hold.
 */
export const MAX_DOCX_XML_BYTES = 32 * MB;
/**
 * A DOCX part whose declared size is this many times its compressed size. Real XML compresses
 * 5–15:1 (50:1 for a very repetitive generated document); a zip bomb claims ~1000:1. Only parts
 * above DOCX_RATIO_MIN_BYTES are judged, small parts compress too unevenly to tell.
 */
export const MAX_DOCX_PART_RATIO = 200;
export const DOCX_RATIO_MIN_BYTES = 1 * MB;
/**
 * Inflated FlateDecode streams of a PDF other than images (page content, fonts), all together
 * (bytes). A 300-page manual's come to a few MB (~10 KB of content per page plus its fonts);
 * images are left out: text extraction never inflates them.
 */
export const MAX_PDF_STREAM_BYTES = 64 * MB;
/**
 * Nesting of a JSON file. A Shopify GraphQL export (data › products › edges › node › variants ›
 * edges › node › selectedOptions…) is ~12 levels deep; the flattening walk recurses per level.
 */
export const MAX_JSON_DEPTH = 64;

const SPLIT = 'Split it into smaller files and upload them separately.';

/** Every limit's reason, as the merchant reads it on the failed file. */
export const limitExceeded = {
  text: () => new IngestError('too_complex', `This document expands to more than ${MAX_TEXT_CHARS / MB} MB of text. ${SPLIT}`),
  pdfPage: () =>
    new IngestError(
      'too_complex',
      `A page of this PDF holds more than ${MAX_PDF_PAGE_CHARS / MB} MB of text, more than any readable page.`,
    ),
  docx: () => new IngestError('too_complex', `This document expands to more than ${MAX_DOCX_XML_BYTES / MB} MB when opened. ${SPLIT}`),
  pdf: () => new IngestError('too_complex', `This PDF expands to more than ${MAX_PDF_STREAM_BYTES / MB} MB when opened. ${SPLIT}`),
  jsonDepth: () =>
    new IngestError('too_complex', `This JSON file is nested more than ${MAX_JSON_DEPTH} levels deep. Flatten it and upload it again.`),
  memory: () => new IngestError('too_complex', `Reading this file took more memory than a file may use. ${SPLIT}`),
  time: (seconds: number) => new IngestError('too_complex', `Reading this file took longer than its ${seconds}-second limit. ${SPLIT}`),
  crashed: () =>
    new IngestError('too_complex', 'Reading this file stopped unexpectedly. Check that it opens, save it again and upload it.'),
  interrupted: () =>
    new IngestError('too_complex', 'Reading this file was interrupted twice. Check that it opens, save it again and upload it.'),
};
