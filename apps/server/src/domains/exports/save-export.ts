import { randomUUID } from 'node:crypto';
import { dataExports } from '../../db/schema';
import type { ExportsContext } from './exports-context';

export interface SaveExportInput {
  ownerEmail: string;
  kind: string;
  fileName: string;
  contentType: string;
  bytes: Buffer;
  /** What the export is about (a shop domain): erasing that subject erases the export too. */
  subject?: string;
}

/**
 * Stores a file for its owner and answers a short-lived signed link to it (DOWNLOAD_LINK_LIFETIME):
 * the bucket's presigned URL when files are kept in one, else the server's own download route.
 * The storage writes the bytes whole, so a link never serves half a file.
 */
export async function saveExport(ctx: ExportsContext, input: SaveExportInput): Promise<{ id: string; url: string; expiresAt: Date }> {
  const id = randomUUID();
  await ctx.storage.put(exportKey(id), input.bytes, { contentType: input.contentType });
  const expiresAt = new Date(Date.now() + ctx.linkLifetimeSeconds * 1000);
  try {
    await ctx.db.insert(dataExports).values({
      id,
      ownerEmail: input.ownerEmail,
      kind: input.kind,
      fileName: input.fileName,
      contentType: input.contentType,
      size: input.bytes.length,
      subject: input.subject ?? null,
      expiresAt,
    });
  } catch (error) {
    await ctx.storage.remove(exportKey(id));
    throw error;
  }
  const url =
    ctx.storage.kind === 'bucket'
      ? await ctx.storage.presignedGet(exportKey(id), { expiresAt, fileName: input.fileName, contentType: input.contentType })
      : downloadUrl(ctx, id, input.ownerEmail, expiresAt);
  return { id, url, expiresAt };
}

export function downloadUrl(ctx: ExportsContext, id: string, ownerEmail: string, expiresAt: Date): string {
  return `${ctx.publicUrl}/api/downloads/${id}/?${ctx.signer.query(id, ownerEmail, expiresAt.getTime())}`;
}

/** Where an export's bytes live (`DATA_DIR/exports/<id>` on disk): named by our own UUID only, never by a client's text. */
export function exportKey(id: string): string {
  return `exports/${id}`;
}
