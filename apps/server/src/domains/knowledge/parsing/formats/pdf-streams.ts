import { inflateSync } from 'node:zlib';
import { limitExceeded, MAX_PDF_STREAM_BYTES } from '../parse-limits';

const latin1 = new TextDecoder('latin1');
/** How far before a `stream` keyword its dictionary may start (dictionaries are a few hundred bytes). */
const DICTIONARY_REACH = 4096;

/**
 * Refuses a PDF whose compressed streams would inflate past MAX_PDF_STREAM_BYTES, before pdf.js
 * inflates any: each FlateDecode stream is inflated here with a cap of what is left of the budget,
 * and the output is dropped at once. Images are skipped (text extraction never inflates them), and
 * so are streams that do not inflate cleanly (pdf.js copes with those itself, or calls the file
 * damaged).
 */
export function checkPdfStreams(bytes: Uint8Array): void {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let budget = MAX_PDF_STREAM_BYTES;
  for (let at = buffer.indexOf('stream'); at >= 0; at = buffer.indexOf('stream', at + 6)) {
    if (buffer[at - 3] === 0x65 && buffer[at - 2] === 0x6e && buffer[at - 1] === 0x64) continue; // "endstream"
    const dictionary = latin1.decode(buffer.subarray(Math.max(0, at - DICTIONARY_REACH), at));
    const own = dictionary.slice(dictionary.lastIndexOf(' obj') + 1);
    if (!/\/(?:FlateDecode|Fl)\b/.test(own) || /\/Subtype\s*\/Image\b/.test(own)) continue;
    let start = at + 6;
    if (buffer[start] === 0x0d) start++;
    if (buffer[start] === 0x0a) start++;
    const end = buffer.indexOf('endstream', start);
    if (end < 0) return;
    budget -= inflatedSize(buffer.subarray(start, end), budget);
    at = end;
  }
}

/** Bytes the stream inflates to; past `budget` it is refused. */
function inflatedSize(data: Buffer, budget: number): number {
  try {
    return inflateSync(data, { maxOutputLength: Math.max(1, budget) }).byteLength;
  } catch (error) {
    if (error instanceof RangeError) throw limitExceeded.pdf();
    return 0;
  }
}
