import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where uploaded bytes live: `<DATA_DIR>/files/<storeId>/<fileId>`. Paths are built from our own
 * UUIDs only, never from a file's name, so no name can reach outside the folder. (S3-compatible
 * storage can replace this behind the same signed-URL calls.)
 */
export class FileStorage {
  constructor(private readonly root: string) {}

  pathOf(storeId: string, fileId: string): string {
    return path.join(this.root, storeId, fileId);
  }

  /**
   * Streams an upload to disk, at most `maxBytes`; returns its size and sha256. The bytes land
   * under a temporary name and are renamed when complete, so a half-written file is never read.
   */
  async write(storeId: string, fileId: string, body: Readable, maxBytes: number): Promise<{ size: number; sha256: string }> {
    const target = this.pathOf(storeId, fileId);
    await mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.part`;
    const hash = createHash('sha256');
    let size = 0;
    try {
      await pipeline(
        body,
        async function* (source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            size += chunk.length;
            if (size > maxBytes) throw new UploadTooLargeError();
            hash.update(chunk);
            yield chunk;
          }
        },
        createWriteStream(partial),
      );
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return { size, sha256: hash.digest('hex') };
  }

  /** Bytes the server made (a generated product list), written the same way: complete or not at all. */
  async writeBytes(storeId: string, fileId: string, bytes: Buffer): Promise<{ size: number; sha256: string }> {
    const target = this.pathOf(storeId, fileId);
    await mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.part`;
    try {
      await writeFile(partial, bytes);
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return { size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
  }

  read(storeId: string, fileId: string): Promise<Buffer> {
    return readFile(this.pathOf(storeId, fileId));
  }

  async remove(storeId: string, fileId: string): Promise<void> {
    await rm(this.pathOf(storeId, fileId), { force: true });
  }

  async removeStore(storeId: string): Promise<void> {
    await rm(path.join(this.root, storeId), { recursive: true, force: true });
  }
}

export class UploadTooLargeError extends Error {
  constructor() {
    super('upload exceeds the size limit');
  }
}
