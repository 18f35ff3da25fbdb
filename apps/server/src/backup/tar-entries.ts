import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import type * as Tar from 'tar';
import { loadOnUse } from '../lib/load-on-use';
import type { ManifestEntry } from './backup-manifest';

/** Loaded when a backup is written or read (the backup and restore commands, scheduled backups), not at start-up. */
export const tarPackage = loadOnUse<typeof Tar>('tar');

/**
 * The pieces of a tar stream (POSIX ustar, with a pax header for long names), written by hand
 * rather than with tar's Pack: each entry's sha256 is taken from the very bytes written, so the
 * manifest describes what the archive holds even while the server keeps changing its folders.
 */
const BLOCK = 512;

function headerOf(path: string, size: number, mtime: Date): Buffer {
  const fields = { path, size, mtime, mode: 0o600, type: 'File' as const, uid: 0, gid: 0 };
  const header = new (tarPackage().Header)(fields);
  const needsPax = header.encode();
  const block = header.block as Buffer;
  return needsPax ? Buffer.concat([new (tarPackage().Pax)({ path, size, mtime }).encode(), block]) : block;
}

function padding(size: number): Buffer {
  const rest = size % BLOCK;
  return Buffer.alloc(rest === 0 ? 0 : BLOCK - rest);
}

/** An entry whose bytes are in memory (the database's dump, the manifest). */
export function* bufferEntry(path: string, bytes: Uint8Array, entries: ManifestEntry[]): Generator<Buffer> {
  yield headerOf(path, bytes.length, new Date());
  yield Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  yield padding(bytes.length);
  entries.push({ path, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
}

/**
 * An entry read from an open file: its size as it was when opened. A file that shrinks meanwhile
 * fails the backup (the header already promised more bytes); one that grows is cut at that size.
 */
export async function* fileEntry(path: string, handle: FileHandle, entries: ManifestEntry[]): AsyncGenerator<Buffer> {
  const { size, mtime } = await handle.stat();
  yield headerOf(path, size, mtime);
  const hash = createHash('sha256');
  let written = 0;
  if (size > 0) {
    for await (const chunk of handle.createReadStream({ start: 0, end: size - 1, autoClose: false })) {
      hash.update(chunk as Buffer);
      written += (chunk as Buffer).length;
      yield chunk as Buffer;
    }
  }
  if (written !== size) throw new Error(`${path} changed while it was being backed up (${written} of ${size} bytes)`);
  yield padding(size);
  entries.push({ path, size, sha256: hash.digest('hex') });
}

/** A tar ends with two empty blocks. */
export function endOfArchive(): Buffer {
  return Buffer.alloc(2 * BLOCK);
}
