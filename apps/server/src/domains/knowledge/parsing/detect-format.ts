import { acceptedContentTypes, type DocumentFormat } from '@aisle/contracts/knowledge';
import { IngestError } from './ingest-error';

const formatByExtension: Record<string, DocumentFormat> = {
  pdf: 'pdf',
  docx: 'docx',
  html: 'html',
  htm: 'html',
  xhtml: 'html',
  md: 'markdown',
  markdown: 'markdown',
  txt: 'text',
  text: 'text',
  csv: 'csv',
  json: 'json',
};

/** How a format is named in messages: as declared, and as what the content turned out not to be. */
const formatNames: Record<DocumentFormat, { declared: string; expected: string }> = {
  pdf: { declared: 'PDF', expected: 'a PDF' },
  docx: { declared: 'Word document', expected: 'a Word (.docx) document' },
  html: { declared: 'HTML', expected: 'text' },
  markdown: { declared: 'Markdown', expected: 'text' },
  text: { declared: 'plain text', expected: 'text' },
  csv: { declared: 'CSV', expected: 'text' },
  json: { declared: 'JSON', expected: 'valid JSON' },
};

const UNSUPPORTED = 'This file type is not supported. Upload a PDF, Word (.docx), HTML, Markdown, plain text, CSV or JSON file.';

/**
 * The format a file claims to be: its declared content type decides, and its extension only when
 * the browser declared nothing useful (empty or application/octet-stream).
 */
export function declaredFormat(contentType: string, fileName: string): DocumentFormat {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === '' || type === 'application/octet-stream') {
    const extension = /\.([^.]+)$/.exec(fileName.trim())?.[1]?.toLowerCase() ?? '';
    const format = formatByExtension[extension];
    if (!format) throw new IngestError('unsupported_type', UNSUPPORTED);
    return format;
  }
  for (const [format, types] of Object.entries(acceptedContentTypes) as [DocumentFormat, readonly string[]][]) {
    if (types.includes(type)) return format;
  }
  throw new IngestError('unsupported_type', UNSUPPORTED);
}

/** The error for content that is not what its type says it is. */
export function typeMismatch(format: DocumentFormat): IngestError {
  const { declared, expected } = formatNames[format];
  return new IngestError('type_mismatch', `This file's content does not match its type (declared ${declared}, but it is not ${expected}).`);
}

/** True when there is nothing but whitespace (or nothing at all) in the bytes. */
export function isBlank(bytes: Uint8Array): boolean {
  return bytes.every((byte) => byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d || byte === 0x0c);
}

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return signature.every((byte, i) => bytes[i] === byte);
}

const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];
const OLE_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** Whether the bytes really are a PDF (the header may follow a little leading junk, as readers allow). */
export function looksLikePdf(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 1024);
  for (let i = 0; i + PDF_SIGNATURE.length <= head.length; i++) {
    if (startsWith(head.subarray(i), PDF_SIGNATURE)) return true;
  }
  return false;
}

/** Whether the bytes are a zip holding a Word document's main part. */
export function looksLikeDocx(bytes: Uint8Array): boolean {
  return startsWith(bytes, ZIP_SIGNATURE) && Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes('word/document.xml');
}

/** A password-protected Office document: an OLE container holding an `EncryptedPackage` stream. */
export function isEncryptedOffice(bytes: Uint8Array): boolean {
  return (
    startsWith(bytes, OLE_SIGNATURE) &&
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(Buffer.from('EncryptedPackage', 'utf16le'))
  );
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The bytes as text, when they are text: valid UTF-8 with no NUL bytes and no binary signature. */
export function decodeText(bytes: Uint8Array, format: DocumentFormat): string {
  if (bytes.includes(0) || startsWith(bytes, PDF_SIGNATURE) || startsWith(bytes, ZIP_SIGNATURE)) throw typeMismatch(format);
  try {
    return utf8.decode(bytes);
  } catch {
    throw typeMismatch(format);
  }
}
