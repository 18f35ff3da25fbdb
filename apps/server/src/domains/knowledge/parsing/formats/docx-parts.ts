import { crc32, inflateRawSync } from 'node:zlib';
import { IngestError } from '../ingest-error';
import { DOCX_RATIO_MIN_BYTES, limitExceeded, MAX_DOCX_PART_RATIO, MAX_DOCX_XML_BYTES } from '../parse-limits';

interface Part {
  name: string;
  data: Uint8Array;
}

const damaged = () => new IngestError('unreadable', 'This file could not be read: it looks damaged.');
/** The parts mammoth reads: the XML and relationships. Images and embedded files stay out (docx.ts never shows images). */
const isMarkup = (name: string) => /\.(?:xml|rels)$/i.test(name);

/**
 * A Word document's XML parts as a new zip that needs no inflating, so mammoth cannot expand it
 * further. Its parts' sizes are checked twice: as the zip's central directory declares them (a
 * zip bomb is refused before a byte is inflated), and while inflating, with a byte cap, since a
 * declared size can lie.
 */
export function boundedDocx(bytes: Uint8Array): Buffer {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries = centralDirectory(bytes, view).filter((entry) => isMarkup(entry.name));
  let declared = 0;
  for (const entry of entries) {
    declared += entry.size;
    const ratioTooHigh = entry.size > DOCX_RATIO_MIN_BYTES && entry.size > entry.compressedSize * MAX_DOCX_PART_RATIO;
    if (declared > MAX_DOCX_XML_BYTES || ratioTooHigh) throw limitExceeded.docx();
  }
  let budget = MAX_DOCX_XML_BYTES;
  const parts = entries.map((entry): Part => {
    const data = inflatePart(bytes, view, entry, budget);
    budget -= data.byteLength;
    return { name: entry.name, data };
  });
  return storedZip(parts);
}

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/** The entries listed in the zip's central directory, found from the end-of-directory record. */
function centralDirectory(bytes: Uint8Array, view: DataView): Entry[] {
  let end = -1;
  for (let i = bytes.byteLength - 22; i >= Math.max(0, bytes.byteLength - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw damaged();
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const entries: Entry[] = [];
  const names = new TextDecoder();
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.byteLength || view.getUint32(at, true) !== 0x02014b50) throw damaged();
    const nameLength = view.getUint16(at + 28, true);
    entries.push({
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      localOffset: view.getUint32(at + 42, true),
      name: names.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
    });
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return entries;
}

/** A part's bytes, inflated to at most `budget` bytes. */
function inflatePart(bytes: Uint8Array, view: DataView, entry: Entry, budget: number): Uint8Array {
  const at = entry.localOffset;
  if (at + 30 > bytes.byteLength || view.getUint32(at, true) !== 0x04034b50) throw damaged();
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const raw = bytes.subarray(start, start + entry.compressedSize);
  if (raw.byteLength !== entry.compressedSize) throw damaged();
  if (entry.method === 0) {
    if (raw.byteLength > budget) throw limitExceeded.docx();
    return raw;
  }
  if (entry.method !== 8) throw damaged();
  try {
    return inflateRawSync(raw, { maxOutputLength: Math.max(1, budget) });
  } catch (error) {
    if (error instanceof RangeError) throw limitExceeded.docx();
    throw damaged();
  }
}

/** Parts as a zip of stored (uncompressed) entries: local headers, then the central directory. */
function storedZip(parts: Part[]): Buffer {
  const names = parts.map((part) => Buffer.from(part.name));
  const localSize = parts.reduce((sum, part, i) => sum + 30 + (names[i]?.length ?? 0) + part.data.byteLength, 0);
  const directorySize = names.reduce((sum, name) => sum + 46 + name.length, 0);
  const out = Buffer.alloc(localSize + directorySize + 22);
  let at = 0;
  const offsets: number[] = [];
  parts.forEach((part, i) => {
    const name = names[i] ?? Buffer.alloc(0);
    offsets.push(at);
    out.writeUInt32LE(0x04034b50, at);
    writeCommon(out, at + 4, part, name);
    name.copy(out, at + 30);
    out.set(part.data, at + 30 + name.length);
    at += 30 + name.length + part.data.byteLength;
  });
  const directory = at;
  parts.forEach((part, i) => {
    const name = names[i] ?? Buffer.alloc(0);
    out.writeUInt32LE(0x02014b50, at);
    out.writeUInt16LE(20, at + 4); // made by: version 2.0
    writeCommon(out, at + 6, part, name);
    // Comment length, disk, attributes: zero.
    out.writeUInt32LE(offsets[i] ?? 0, at + 42);
    name.copy(out, at + 46);
    at += 46 + name.length;
  });
  out.writeUInt32LE(0x06054b50, at);
  out.writeUInt16LE(parts.length, at + 8);
  out.writeUInt16LE(parts.length, at + 10);
  out.writeUInt32LE(at - directory, at + 12);
  out.writeUInt32LE(directory, at + 16);
  return out;
}

/** The fields local headers and directory entries share: version, flags, method (stored), date, crc, sizes, name length. */
function writeCommon(out: Buffer, at: number, part: Part, name: Buffer) {
  out.writeUInt16LE(20, at);
  out.writeUInt16LE(0x21, at + 8); // 1980-01-01
  out.writeUInt32LE(crc32(part.data), at + 10);
  out.writeUInt32LE(part.data.byteLength, at + 14);
  out.writeUInt32LE(part.data.byteLength, at + 18);
  out.writeUInt16LE(name.length, at + 22);
}
