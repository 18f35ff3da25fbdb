import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
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
 * Stores a file for its owner and answers a short-lived signed link to it (DOWNLOAD_LINK_LIFETIME).
 * The bytes are written under a temporary name and renamed, so a link never serves half a file.
 */
export async function saveExport(ctx: ExportsContext, input: SaveExportInput): Promise<{ id: string; url: string; expiresAt: Date }> {
  const id = randomUUID();
  const target = exportPath(ctx, id);
  await mkdir(ctx.root, { recursive: true });
  await writeFile(`${target}.part`, input.bytes, { mode: 0o600 });
  await rename(`${target}.part`, target);
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
    await rm(target, { force: true });
    throw error;
  }
  return { id, url: downloadUrl(ctx, id, input.ownerEmail, expiresAt), expiresAt };
}

export function downloadUrl(ctx: ExportsContext, id: string, ownerEmail: string, expiresAt: Date): string {
  return `${ctx.publicUrl}/api/downloads/${id}/?${ctx.signer.query(id, ownerEmail, expiresAt.getTime())}`;
}

/** Where an export's bytes live: named by our own UUID only, never by a client's text. */
export function exportPath(ctx: Pick<ExportsContext, 'root'>, id: string): string {
  return path.join(ctx.root, id);
}
