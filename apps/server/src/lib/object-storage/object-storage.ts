import type { Readable } from 'node:stream';
import { AppError } from '../app-error';

/**
 * Where the bytes users hand us (knowledge files, avatars, exports) are kept: the local disk under
 * DATA_DIR (the embedded default), or an S3-compatible bucket, which lets web and worker processes
 * run without a shared disk. One instance per process, built in services.ts from the environment.
 *
 * Keys are built by our own code from our own UUIDs (`files/<storeId>/<fileId>`, `exports/<id>`,
 * `media/avatars/<uuid>.<ext>`), never from a name a user typed; both implementations refuse any
 * other shape, so no key can reach outside its folder.
 */
export interface ObjectStorage {
  /**
   * `disk`: links point at the server's own signed routes; `bucket`: links point at the bucket
   * itself (presigned), so a browser sends and fetches the bytes without passing through us.
   */
  readonly kind: 'disk' | 'bucket';
  /** Stores the bytes whole: a reader never sees half an object. */
  put(key: string, bytes: Buffer, options?: { contentType?: string }): Promise<void>;
  /** Stores a stream of at most `maxBytes` (ObjectTooLargeError beyond), answering its size and sha256. */
  putStream(key: string, body: Readable, options: { maxBytes: number; contentType?: string }): Promise<{ size: number; sha256: string }>;
  /** The whole object; ObjectNotFoundError when there is none. */
  read(key: string): Promise<Buffer>;
  /** The object as a stream with its size; ObjectNotFoundError when there is none. */
  open(key: string): Promise<StoredObject>;
  /** The object's size, or null when there is none. */
  head(key: string): Promise<{ size: number } | null>;
  /** Deletes the object; nothing happens when there is none. */
  remove(key: string): Promise<void>;
  /** Deletes every object whose key starts with `prefix/` (a store's files). */
  removePrefix(prefix: string): Promise<void>;
  /** A URL that takes exactly these bytes by PUT, with no other authorisation, until `expiresAt`. */
  presignedPut(key: string, options: { expiresAt: Date; contentType: string; contentLength: number }): Promise<string>;
  /** A URL that downloads the object under `fileName` (RFC 6266/5987, any script), until `expiresAt`. */
  presignedGet(key: string, options: { expiresAt: Date; fileName: string; contentType?: string }): Promise<string>;
  /** Releases the client's sockets (the bucket's); closeServices calls it. */
  close?(): void;
}

export interface StoredObject {
  body: Readable;
  size: number;
  contentType?: string;
  etag?: string;
  lastModified?: Date;
}

/** Object keys: lower-case folders, then segments of our UUIDs and extensions; never `..`. */
const KEY = /^[a-z]+(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)+$/;

/** Whether `key` has the shape our own code builds (see ObjectStorage). */
export function isObjectKey(key: string): boolean {
  return KEY.test(key) && !key.split('/').includes('..');
}

/** `key`, or a throw when it has not the shape our own code builds: a bug, never a user's input. */
export function checkObjectKey(key: string): string {
  if (!isObjectKey(key)) throw new Error(`not an object key: ${JSON.stringify(key.slice(0, 200))}`);
  return key;
}

export class ObjectNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`no stored object at ${key}`);
    this.name = 'ObjectNotFoundError';
  }
}

export class ObjectTooLargeError extends Error {
  constructor() {
    super('the object exceeds its size limit');
    this.name = 'ObjectTooLargeError';
  }
}

/**
 * The bucket could not be reached or failed (5xx, timeouts, refused credentials): users get a
 * clear 503 to try again later, never a crash or a stack; the log has the S3 error (no secrets).
 */
export class StorageUnavailableError extends AppError {
  constructor(cause: unknown) {
    super('UNAVAILABLE', 'File storage is unavailable right now. Try again in a few minutes.', { cause, retryAfterSeconds: 30 });
  }
}

/**
 * `Content-Disposition` for a download by name: an ASCII `filename` for old clients and the exact
 * name in `filename*` (RFC 5987: UTF-8, percent-encoded), so Japanese or Thai names arrive intact.
 */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_').trim() || 'download';
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
