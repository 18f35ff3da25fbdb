import { createHash } from 'node:crypto';
import type { ObjectStorage } from './object-storage';

/**
 * The sha256 of a stored object, read as a stream (a 25 MB file is never held whole): what a
 * finished bucket upload is checked for duplicates by, the bytes never having passed through us.
 */
export async function hashObject(storage: ObjectStorage, key: string): Promise<{ size: number; sha256: string }> {
  const stored = await storage.open(key);
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stored.body as AsyncIterable<Buffer>) {
    size += chunk.length;
    hash.update(chunk);
  }
  return { size, sha256: hash.digest('hex') };
}
