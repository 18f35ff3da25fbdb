import { constants, crc32, deflateRawSync, deflateSync } from 'node:zlib';

/*
 * Files built to hurt a parser, made on the fly (no big binaries in the repository): compressed
 * formats that inflate to hundreds of MB, nesting deep enough to overflow a stack, and a large
 * legitimate CSV to show the limits leave real files alone. Used by the parsing tests, the
 * hostile-files e2e test and bench/hostile-files.ts.
 */

const MB = 1024 * 1024;

/**
 * A raw deflate stream of `head`, `chunk` repeated `times`, then `tail`, built without holding the
 * inflated bytes: a block ended by a full flush starts from an empty dictionary, so the compressed
 * chunk (1 MB compresses to ~1 KB) can be repeated as it is.
 */
function repeatedDeflate(head: string, chunk: string, times: number, tail: string, wrap: 'raw' | 'zlib' = 'raw') {
  const flushed = (text: string) => deflateRawSync(Buffer.from(text), { finishFlush: constants.Z_FULL_FLUSH, level: 9 });
  const body = flushed(chunk);
  const raw = Buffer.concat([flushed(head), ...Array.from({ length: times }, () => body), deflateRawSync(Buffer.from(tail))]);
  if (wrap === 'raw') return raw;
  // zlib's two-byte header and (any) four-byte check: inflate stops at the final block, before the check.
  return Buffer.concat([deflateSync(Buffer.alloc(0)).subarray(0, 2), raw, Buffer.alloc(4)]);
}

const fill = (unit: string, bytes: number) => unit.repeat(Math.ceil(bytes / unit.length));

interface ZipEntry {
  name: string;
  /** Raw deflate data. */
  deflated: Buffer;
  /** The uncompressed size the zip declares (true or not). */
  declaredSize: number;
  crc: number;
}

const entryOf = (name: string, text: string): ZipEntry => ({
  name,
  deflated: deflateRawSync(Buffer.from(text)),
  declaredSize: Buffer.byteLength(text),
  crc: crc32(text),
});

function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const common = Buffer.alloc(26);
    common.writeUInt16LE(20, 0);
    common.writeUInt16LE(8, 4); // deflate
    common.writeUInt16LE(0x21, 8);
    common.writeUInt32LE(entry.crc >>> 0, 10);
    common.writeUInt32LE(entry.deflated.length, 14);
    common.writeUInt32LE(Math.min(entry.declaredSize, 0xfffffffe), 18);
    common.writeUInt16LE(name.length, 22);
    const local = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), common, name, entry.deflated]);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    common.copy(central, 6);
    central.writeUInt32LE(offset, 42);
    directory.push(central, name);
    locals.push(local);
    offset += local.length;
  }
  const size = directory.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...directory, end]);
}

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const DOCUMENT_HEAD = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${W}><w:body>`;
const DOCUMENT_TAIL = '</w:body></w:document>';
const PACKAGE = [
  entryOf(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  ),
  entryOf(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  ),
];

/** A DOCX from its document.xml, deflated as given. */
function docx(documentXml: ZipEntry): Buffer {
  return zip([...PACKAGE, documentXml]);
}

/** A DOCX of one short paragraph: what an honest small document looks like, zipped by this same code. */
export function smallDocx(text: string): Buffer {
  return docx(entryOf('word/document.xml', `${DOCUMENT_HEAD}<w:p><w:r><w:t>${text}</w:t></w:r></w:p>${DOCUMENT_TAIL}`));
}

/** A DOCX whose document.xml (paragraph after paragraph) inflates to `mb` MB, as its zip says. */
export function zipBombDocx(mb = 300): Buffer {
  const paragraph = '<w:p><w:r><w:t>All work and no play makes a dull catalogue.</w:t></w:r></w:p>';
  const deflated = repeatedDeflate(DOCUMENT_HEAD, fill(paragraph, MB), mb, DOCUMENT_TAIL);
  return docx({ name: 'word/document.xml', deflated, declaredSize: mb * MB, crc: 0 });
}

/** A DOCX with a single run of text `mb` MB long, whose zip claims a small document.xml. */
export function giantRunDocx(mb = 200): Buffer {
  const deflated = repeatedDeflate(`${DOCUMENT_HEAD}<w:p><w:r><w:t>`, fill('merino ', MB), mb, `</w:t></w:r></w:p>${DOCUMENT_TAIL}`);
  return docx({ name: 'word/document.xml', deflated, declaredSize: 40_000, crc: 0 });
}

/** A one-page PDF whose content stream (FlateDecode) inflates to `mb` MB of text-drawing operators. */
export function contentBombPdf(mb = 300): Buffer {
  // Line after line down the page, then back to its top (pdf.js drops text drawn off the page).
  const column = `${'(Fill the page again and again.) Tj 0 -1 Td '.repeat(700)}0 700 Td `;
  const stream = repeatedDeflate('BT /F1 12 Tf 72 750 Td ', fill(column, MB), mb, 'ET', 'zlib');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    null,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n')];
  const offsets: number[] = [];
  let length = parts[0]?.length ?? 0;
  const add = (part: Buffer) => {
    parts.push(part);
    length += part.length;
  };
  objects.forEach((body, i) => {
    offsets.push(length);
    if (body) add(Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`));
    else {
      add(Buffer.from(`${i + 1} 0 obj\n<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`));
      add(stream);
      add(Buffer.from('\nendstream\nendobj\n'));
    }
  });
  const xref = length;
  const rows = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  add(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${rows}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(parts);
}

/** JSON nested `depth` arrays deep. */
export function deepJson(depth = 100_000): Buffer {
  return Buffer.from(`${'['.repeat(depth)}${']'.repeat(depth)}`);
}

/**
 * A Shopify-style product export of about `mb` MB: legitimate, only large. Products as shops have
 * them (a long description, eight sizes as variant rows), ~6,000 of them in 20 MB with 30 paragraphs each.
 */
export function largeProductCsv(mb = 20, paragraphs = 30): Buffer {
  const rows = ['Handle,Title,Body (HTML),Vendor,Type,Tags,Variant SKU,Variant Price,Option1 Name,Option1 Value'];
  const sizes = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL'];
  let size = 0;
  for (let i = 0; size < mb * MB; i++) {
    const body = Array.from(
      { length: paragraphs },
      (_, k) => `<p>Merino layer ${i} keeps you warm at ${k + (i % 40)} degrees below, windproof and breathable on alpine hike ${k}.</p>`,
    ).join('');
    const lines = sizes.map((variant, k) =>
      k === 0
        ? `layer-${i},Merino layer ${i},"${body}",Northwind,Base layers,"outdoor, wool",L${i}-${variant},${(i % 200) + 19}.95,Size,${variant}`
        : `layer-${i},,,,,,L${i}-${variant},${(i % 200) + 19}.95,,${variant}`,
    );
    rows.push(...lines);
    size += lines.reduce((sum, line) => sum + line.length + 1, 0);
  }
  return Buffer.from(rows.join('\n'));
}
