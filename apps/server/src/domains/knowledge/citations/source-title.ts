import { clip } from '../../../lib/clip-text';
import { HEADING_PATH_SEPARATOR } from '../parsing/chunk-blocks';

/** Longest title shown for a source: a heading, not a paragraph (PDF headings can run long). */
const MAX_TITLE_LENGTH = 80;
/** A name with no spaces ending in an extension ("faq.md", "docs/faq.md"): a file's name, not a title. */
const FILE_LIKE = /^\S+\.[A-Za-z0-9]{1,5}$/;
/** Words shoppers expect in capitals when a lower-case file name is made readable. */
const ACRONYMS = new Set(['faq', 'faqs', 'diy', 'eu', 'uk', 'usa', 'sku', 'skus', 'pdf', 'gdpr', 'rma', 'tos', 'qa']);
/** Words a title keeps in lower case unless they come first. */
const MINOR_WORDS = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'with']);

/** A file's name without its folders and extension: "docs/faq.md" → "faq". */
const baseName = (fileName: string) => (fileName.split(/[\\/]/).pop() ?? '').replace(/\.[A-Za-z0-9]{1,5}$/, '');

/** "sunny-trails-faq.md" → "Sunny Trails FAQ"; "docs/ShippingPolicy_v2.pdf" → "Shipping Policy V2". */
function readableFileName(fileName: string): string {
  const words = baseName(fileName)
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_.-]+/)
    .filter(Boolean);
  return words
    .map((word, index) => {
      // Words the author capitalised are kept as written ("USB").
      if (word !== word.toLowerCase()) return word;
      if (ACRONYMS.has(word)) return word.toUpperCase();
      if (index > 0 && MINOR_WORDS.has(word)) return word;
      return word.charAt(0).toUpperCase() + word.slice(1);
    })
    .join(' ');
}

/**
 * The title a shopper sees for a cited passage: its own heading (the innermost of its heading
 * path, "Help centre › Returns" → "Returns"), else the document's name made readable. Never the
 * file's name with its extension, nor a path.
 */
export function sourceTitle({ fileName, heading }: { fileName: string; heading: string }): string {
  const innermost = heading
    .split(HEADING_PATH_SEPARATOR)
    .map((part) => part.trim())
    .filter(Boolean)
    .at(-1);
  // A heading that is the file's own name (an HTML page titled after its file) reads like a file name too.
  const fileLike = !innermost || FILE_LIKE.test(innermost) || innermost === baseName(fileName);
  const title = fileLike ? readableFileName(innermost ?? fileName) || readableFileName(fileName) : innermost;
  return clip(title || 'Shop information', MAX_TITLE_LENGTH);
}
