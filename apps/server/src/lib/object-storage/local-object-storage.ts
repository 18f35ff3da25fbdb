import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ObjectLinkSigner } from './object-links';
import { checkObjectKey, ObjectNotFoundError, type ObjectStorage, ObjectTooLargeError, type StoredObject } from './object-storage';

/**
 * Objects as files under DATA_DIR, one file per key (`files/<storeId>/<fileId>` is
 * `DATA_DIR/files/<storeId>/<fileId>`, as before there was a bucket). Bytes land under a temporary
 * name and are renamed when complete, so a half-written file is never read. Links are the server's
 * own signed routes (object-links.ts).
 */
export class LocalObjectStorage implements ObjectStorage {
  readonly kind = 'disk' as const;

  constructor(
    private readonly options: {
      /** DATA_DIR. */
      root: string;
      links: ObjectLinkSigner;
      /** The server's public origin (PUBLIC_URL), put in front of link paths. */
      baseUrl: string;
    },
  ) {}

  /** Where a key's file is: the only place keys become paths. */
  pathOf(key: string): string {
    return path.join(this.options.root, ...checkObjectKey(key).split('/'));
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    await this.landing(key, (partial) => writeFile(partial, bytes, { mode: 0o600 }));
  }

  async putStream(key: string, body: Readable, options: { maxBytes: number }) {
    const hash = createHash('sha256');
    let size = 0;
    await this.landing(key, (partial) =>
      pipeline(
        body,
        async function* (source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            size += chunk.length;
            if (size > options.maxBytes) throw new ObjectTooLargeError();
            hash.update(chunk);
            yield chunk;
          }
        },
        createWriteStream(partial, { mode: 0o600 }),
      ),
    );
    return { size, sha256: hash.digest('hex') };
  }

  /** Writes through a temporary name beside the target, renamed once complete, removed on failure. */
  private async landing(key: string, write: (partial: string) => Promise<unknown>) {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Unique per write: two writers of one key never share a half-written file.
    const partial = `${target}.${randomUUID()}.part`;
    try {
      await write(partial);
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async read(key: string): Promise<Buffer> {
    return readFile(this.pathOf(key)).catch((error: unknown) => {
      throw notFound(error, key);
    });
  }

  async open(key: string): Promise<StoredObject> {
    const file = this.pathOf(key);
    const info = await stat(file).catch((error: unknown) => {
      throw notFound(error, key);
    });
    if (!info.isFile()) throw new ObjectNotFoundError(key);
    return { body: createReadStream(file), size: info.size, lastModified: info.mtime };
  }

  async head(key: string): Promise<{ size: number } | null> {
    const info = await stat(this.pathOf(key)).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    });
    return info?.isFile() ? { size: info.size } : null;
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async removePrefix(prefix: string): Promise<void> {
    await rm(this.pathOf(prefix), { recursive: true, force: true });
  }

  async presignedPut(key: string, options: { expiresAt: Date; contentType: string; contentLength: number }): Promise<string> {
    const link = {
      method: 'PUT' as const,
      key: checkObjectKey(key),
      expires: Math.floor(options.expiresAt.getTime() / 1000),
      length: options.contentLength,
      type: options.contentType,
    };
    return `${this.options.baseUrl}${this.options.links.pathFor(link)}`;
  }

  async presignedGet(key: string, options: { expiresAt: Date; fileName: string; contentType?: string }): Promise<string> {
    const link = {
      method: 'GET' as const,
      key: checkObjectKey(key),
      expires: Math.floor(options.expiresAt.getTime() / 1000),
      name: options.fileName,
      type: options.contentType,
    };
    return `${this.options.baseUrl}${this.options.links.pathFor(link)}`;
  }
}

function notFound(error: unknown, key: string): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'EISDIR' ? new ObjectNotFoundError(key) : error;
}
