import type { BlockDraft } from '../block';

const LIST_ITEM = /^\s*(?:[-*•–]|\d{1,3}[.)])\s+(.*)$/;

/**
 * Plain text as blocks: paragraphs are separated by blank lines, and lines that start like list
 * items ("- ", "* ", "1. ") are items of their own. Line breaks inside a paragraph are kept, since
 * in plain text they often carry layout (a size chart, an address).
 */
export function textBlocks(text: string): BlockDraft[] {
  const blocks: BlockDraft[] = [];
  for (const paragraph of text.replace(/\r\n?/g, '\n').split(/\n[ \t]*\n/)) {
    let lines: string[] = [];
    const flush = () => {
      if (lines.length) blocks.push({ kind: 'paragraph', text: lines.join('\n') });
      lines = [];
    };
    let inItem = false;
    for (const raw of paragraph.split('\n')) {
      const line = raw.trimEnd();
      if (!line.trim()) continue;
      const item = LIST_ITEM.exec(line);
      const last = blocks.at(-1);
      if (item?.[1]) {
        flush();
        blocks.push({ kind: 'list-item', text: item[1].trim() });
        inItem = true;
      } else if (inItem && last && /^\s/.test(line)) {
        // An indented line under a list item continues it.
        last.text += ` ${line.trim()}`;
      } else {
        inItem = false;
        lines.push(line.trim());
      }
    }
    flush();
  }
  return blocks;
}
