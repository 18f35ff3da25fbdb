import fc from 'fast-check';
import { tinyPng } from '../images';
import { UPLOAD_TEXT } from './fuzz-world';
import { badText, binaryBody } from './hostile-values';
import type { Hints } from './json-schema-arbitrary';

/** A request body as sent: bytes or text, its content type, and what it is for reports. */
export type Sent = { body?: Buffer | string; contentType: string; note: string };

const BOUNDARY = 'fuzz-boundary';

interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

function multipart(parts: Part[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    const type = part.contentType ? `\r\ncontent-type: ${part.contentType}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${part.name}"${filename}${type}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const fileBytes: fc.Arbitrary<Buffer> = fc.oneof(
  { weight: 3, arbitrary: fc.constant(tinyPng(2)) },
  { weight: 2, arbitrary: binaryBody },
  { weight: 1, arbitrary: fc.constantFrom(Buffer.alloc(0), Buffer.from('<svg onload="alert(1)"/>'), Buffer.from('GIF89a')) },
  // Past AVATAR_MAX_BYTES (2 MB) and past a declared upload's size.
  { weight: 1, arbitrary: fc.constantFrom(2_200_000, 30_000).map((size) => Buffer.concat([tinyPng(1), Buffer.alloc(size, 7)])) },
);

/** Bodies of routes without a JSON schema: multipart forms (avatar uploads) or raw bytes (signed uploads). */
export function rawBody(hints: Hints): fc.Arbitrary<Sent> {
  const field = fc.constantFrom('assistantId', 'kind', 'avatar', 'file', 'name', 'x');
  const fieldValue = fc.oneof(
    fc.string({ maxLength: 20 }),
    badText,
    (hints('assistantId') ?? fc.uuid()).map(String),
    fc.constantFrom('assistant', 'user'),
  );
  const part: fc.Arbitrary<Part> = fc.oneof(
    fc.record({ name: field, data: fieldValue }),
    fc.record({
      name: fc.constantFrom('avatar', 'file', 'other'),
      filename: fc.constantFrom('a.png', '', '../../x.png', 'a\u0000.png', 'ä.gif'),
      contentType: fc.constantFrom('image/png', 'image/svg+xml', 'text/html', 'application/octet-stream'),
      data: fileBytes,
    }),
  );
  const form = fc.array(part, { maxLength: 25 }).map((parts) => ({
    body: multipart(parts, BOUNDARY),
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    note: `multipart of ${parts.length} parts`,
  }));
  const brokenForm = fc
    .tuple(fc.array(part, { minLength: 1, maxLength: 3 }), fc.constantFrom('multipart/form-data', 'multipart/form-data; boundary=other'))
    .map(([parts, contentType]) => ({ body: multipart(parts, BOUNDARY).subarray(0, 60), contentType, note: 'broken multipart' }));
  return fc.oneof(
    { weight: 4, arbitrary: form },
    { weight: 1, arbitrary: brokenForm },
    { weight: 2, arbitrary: fileBytes.map((body) => ({ body, contentType: 'application/octet-stream', note: 'raw bytes' })) },
    { weight: 1, arbitrary: fc.constant({ body: UPLOAD_TEXT, contentType: 'text/markdown', note: 'markdown' }) },
    { weight: 1, arbitrary: fc.constant({ body: undefined, contentType: '', note: 'no body' }) },
  );
}

/** The well-formed body of a route without a JSON schema: the upload's bytes, or an avatar form. */
export function wellFormedRawBody(path: string, hints: Hints): fc.Arbitrary<Sent> {
  if (path.startsWith('/api/files/upload/')) return fc.constant({ body: UPLOAD_TEXT, contentType: 'text/markdown', note: 'well-formed' });
  return fc
    .tuple(hints('assistantId') ?? fc.uuid(), fc.constantFrom('assistant', 'user'), fc.constantFrom('avatar', 'file'))
    .map(([assistantId, kind, field]) => ({
      body: multipart(
        [
          { name: 'assistantId', data: String(assistantId) },
          { name: 'kind', data: kind },
          { name: field, filename: 'a.png', contentType: 'image/png', data: tinyPng(3) },
        ],
        BOUNDARY,
      ),
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      note: 'well-formed form',
    }));
}
