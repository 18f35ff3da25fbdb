import { getDocumentProxy, type StructuredTextItem } from 'unpdf';
import { type BlockDraft, collapseWhitespace } from '../block';
import { IngestError } from '../ingest-error';
import { limitExceeded, MAX_PDF_PAGE_CHARS, MAX_TEXT_CHARS } from '../parse-limits';
import { checkPdfStreams } from './pdf-streams';

interface Line {
  text: string;
  y: number;
  fontSize: number;
}

/** A vertical gap this many times the font size or more between two lines starts a new paragraph. */
const PARAGRAPH_GAP = 1.6;
/** Lines set this much larger than the body text, and short, are headings. */
const HEADING_SCALE = 1.15;
const HEADING_MAX_CHARS = 150;
const BULLET = /^(?:[•◦▪●‣⁃*–-]|\d{1,3}[.)])\s+/;

/**
 * A PDF's text as blocks. PDFs carry no structure, only positioned text, so it is rebuilt from the
 * layout: lines close together form a paragraph, a larger gap ends it, lines starting with a bullet
 * are list items, and short lines set larger than the body text are headings (the larger, the
 * higher the level). Streams are checked for their inflated size first (pdf-streams.ts), and the
 * text for its length page by page.
 */
export async function pdfBlocks(bytes: Uint8Array): Promise<BlockDraft[]> {
  checkPdfStreams(bytes);
  // pdf.js takes ownership of (detaches) the buffer it is given: hand it a copy.
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 }).catch((error: unknown) => {
    if (error instanceof Error && error.name === 'PasswordException') {
      throw new IngestError('encrypted', 'This PDF is password-protected. Remove the password and upload it again.');
    }
    throw new IngestError('unreadable', 'This file could not be read: it looks damaged.');
  });
  try {
    const items = await textItems(pdf);
    const pages = items.map(pageLines);
    const bodySize = commonFontSize(pages.flat());
    const headingSizes = [
      ...new Set(pages.flat().flatMap((line) => (isHeadingSize(line.fontSize, bodySize) ? [round(line.fontSize)] : []))),
    ].sort((a, b) => b - a);
    return pages.flatMap((lines) => pageBlocks(lines, bodySize, headingSizes));
  } finally {
    await pdf.loadingTask.destroy();
  }
}

/**
 * Each page's text items, read one page at a time (unpdf's extractTextItems reads them all at once)
 * so that too much text stops the file at the page that brings it over the limit.
 */
async function textItems(pdf: Awaited<ReturnType<typeof getDocumentProxy>>): Promise<StructuredTextItem[][]> {
  const pages: StructuredTextItem[][] = [];
  let total = 0;
  for (let number = 1; number <= pdf.numPages; number++) {
    const content = await pdf
      .getPage(number)
      .then((page) => page.getTextContent())
      .catch(() => {
        throw new IngestError('unreadable', 'This file could not be read: it looks damaged.');
      });
    const items: StructuredTextItem[] = [];
    let chars = 0;
    for (const item of content.items) {
      if (!('str' in item)) continue;
      chars += item.str.length;
      const [, , c = 0, d = 0, x = 0, y = 0] = item.transform as number[];
      const fontFamily = content.styles[item.fontName]?.fontFamily ?? '';
      items.push({
        str: item.str,
        x,
        y,
        width: item.width,
        height: item.height,
        fontSize: Math.hypot(c, d),
        fontFamily,
        dir: item.dir,
        hasEOL: item.hasEOL,
      });
    }
    if (chars > MAX_PDF_PAGE_CHARS) throw limitExceeded.pdfPage();
    total += chars;
    if (total > MAX_TEXT_CHARS) throw limitExceeded.text();
    pages.push(items);
  }
  return pages;
}

/** A page's text items as lines, top to bottom, in the order pdf.js reads them. */
function pageLines(items: StructuredTextItem[]): Line[] {
  const lines: Line[] = [];
  let current: (Line & { sizes: Map<number, number> }) | undefined;
  const finish = () => {
    if (current?.text.trim()) {
      const [fontSize] = [...current.sizes].reduce((best, entry) => (entry[1] > best[1] ? entry : best));
      lines.push({ text: collapseWhitespace(current.text), y: current.y, fontSize });
    }
    current = undefined;
  };
  for (const item of items) {
    if (current && item.str && Math.abs(item.y - current.y) > Math.max(item.fontSize, 1) / 2) finish();
    if (item.str) {
      current ??= { text: '', y: item.y, fontSize: item.fontSize, sizes: new Map() };
      current.text += item.str;
      const size = round(item.fontSize);
      current.sizes.set(size, (current.sizes.get(size) ?? 0) + item.str.length);
    }
    if (item.hasEOL) finish();
  }
  finish();
  return lines;
}

/** Groups a page's lines into blocks by spacing, size and bullets. */
function pageBlocks(lines: Line[], bodySize: number, headingSizes: number[]): BlockDraft[] {
  const blocks: BlockDraft[] = [];
  let previous: Line | undefined;
  for (const line of lines) {
    const heading = isHeadingSize(line.fontSize, bodySize) && line.text.length <= HEADING_MAX_CHARS;
    const last = blocks.at(-1);
    const continues =
      previous &&
      last &&
      last.kind !== 'product' &&
      round(previous.fontSize) === round(line.fontSize) &&
      previous.y - line.y < line.fontSize * PARAGRAPH_GAP &&
      !BULLET.test(line.text) &&
      (last.kind !== 'heading' || heading);
    if (continues && last) {
      last.text = last.text.endsWith('-') ? `${last.text}${line.text}` : `${last.text} ${line.text}`;
    } else if (heading) {
      blocks.push({ kind: 'heading', level: Math.min(headingSizes.indexOf(round(line.fontSize)) + 1, 6), text: line.text });
    } else if (BULLET.test(line.text)) {
      blocks.push({ kind: 'list-item', text: line.text.replace(BULLET, '') });
    } else {
      blocks.push({ kind: 'paragraph', text: line.text });
    }
    previous = line;
  }
  return blocks;
}

/** The font size most of the text is set in: the body text. */
function commonFontSize(lines: Line[]): number {
  const chars = new Map<number, number>();
  for (const line of lines) chars.set(round(line.fontSize), (chars.get(round(line.fontSize)) ?? 0) + line.text.length);
  let best = 0;
  let most = -1;
  for (const [size, count] of chars) {
    if (count > most) [best, most] = [size, count];
  }
  return best;
}

function isHeadingSize(fontSize: number, bodySize: number): boolean {
  return bodySize > 0 && round(fontSize) >= bodySize * HEADING_SCALE;
}

function round(size: number): number {
  return Math.round(size * 2) / 2;
}
