import { createHash } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { getModel } from '../../data-api/model-registry';
import { publishRow } from '../../data-api/model-store';
import { files } from '../../db/schema';
import { fileKey } from './file-storage';
import { queueIngestion } from './ingestion-queue';
import type { KnowledgeContext } from './knowledge-context';
import { loadOwnedStore } from './owned-store';
import { refreshStoreSummary } from './store-summary';

export interface GeneratedFile {
  ownerEmail: string;
  storeId: string;
  /** The file's name in the store: the same name is the same file, replaced in place. */
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

/**
 * A file the server wrote for an owner (a shop's product list, the setup wizard's pages): created
 * in the store, or, under the same name, replaced in place and indexed again. The same bytes as
 * before change nothing. The file's row is locked while its bytes are replaced, so a product
 * webhook editing the same list (replace-listed-product.ts) never interleaves with it.
 */
export async function saveGeneratedFile(ctx: KnowledgeContext, input: GeneratedFile): Promise<{ fileId: string; changed: boolean }> {
  const store = await loadOwnedStore(ctx.db, input.ownerEmail, input.storeId);
  const sha256 = createHash('sha256').update(input.bytes).digest('hex');
  const result = await ctx.db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(files)
      .where(and(eq(files.storeId, store.id), eq(files.fileName, input.fileName)))
      .orderBy(desc(files.createdAt))
      .limit(1)
      .for('update');
    if (existing && existing.contentHash === sha256 && existing.status !== 'failed')
      return { row: existing, changed: false, created: false };
    const [row] = existing
      ? await tx
          .update(files)
          .set({ status: 'queued', progress: 0, statusReason: null, updatedAt: new Date() })
          .where(eq(files.id, existing.id))
          .returning()
      : await tx
          .insert(files)
          .values({
            ownerEmail: input.ownerEmail,
            storeId: store.id,
            storeFilesId: store.id,
            fileName: input.fileName,
            contentType: input.contentType,
            size: input.bytes.length,
            status: 'queued',
          })
          .returning();
    const file = row as typeof files.$inferSelect;
    await ctx.storage.put(fileKey(store.id, file.id), input.bytes, { contentType: input.contentType });
    const [saved] = await tx
      .update(files)
      .set({ size: input.bytes.length, contentHash: sha256, filePath: `${store.id}/${file.id}` })
      .where(eq(files.id, file.id))
      .returning();
    return { row: saved as typeof files.$inferSelect, changed: true, created: !existing };
  });
  if (result.changed) {
    publishRow(ctx, getModel('File'), result.created ? 'create' : 'update', result.row);
    await queueIngestion(ctx, result.row.id);
    await refreshStoreSummary(ctx, store.id);
  }
  return { fileId: result.row.id, changed: result.changed };
}

/** The id of a store's file of that name (a generated file), or null. */
export async function findStoreFile(
  ctx: Pick<KnowledgeContext, 'db'>,
  input: { storeId: string; fileName: string },
): Promise<string | null> {
  const [row] = await ctx.db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.storeId, input.storeId), eq(files.fileName, input.fileName)))
    .orderBy(desc(files.createdAt))
    .limit(1);
  return row?.id ?? null;
}
