import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { getModel } from '../../data-api/model-registry';
import { publishRow } from '../../data-api/model-store';
import { files } from '../../db/schema';
import { fileKey } from './file-storage';
import { ingestFile } from './ingest-file';
import type { KnowledgeContext } from './knowledge-context';
import { loadOwnedStore } from './owned-store';

/**
 * A small document written by the shop in the app (an answer added from the inbox), stored and
 * indexed at once rather than queued: the next shopper who asks finds it. Same path as an upload
 * from there on (parse, chunk, index, store summary).
 */
export async function addTextDocument(
  ctx: KnowledgeContext,
  logger: Logger,
  input: { ownerEmail: string; storeId: string; fileName: string; markdown: string },
) {
  const store = await loadOwnedStore(ctx.db, input.ownerEmail, input.storeId);
  const bytes = Buffer.from(input.markdown);
  const [file] = await ctx.db
    .insert(files)
    .values({
      ownerEmail: input.ownerEmail,
      storeId: store.id,
      storeFilesId: store.id,
      fileName: input.fileName,
      size: bytes.length,
      contentType: 'text/markdown',
      status: 'queued',
      contentHash: createHash('sha256').update(bytes).digest('hex'),
    })
    .returning();
  if (!file) throw new Error('the document was not stored');
  publishRow(ctx, getModel('File'), 'create', file);
  await ctx.storage.put(fileKey(store.id, file.id), bytes, { contentType: 'text/markdown' });
  // No retries here: a failure marks the file failed with its reason, as a job's last attempt
  // would; the store's size, count and status are recomputed by the ingestion itself.
  await ingestFile(ctx, logger, file.id, { id: file.id, retryCount: 0, retryLimit: 0, signal: new AbortController().signal });
  const [indexed] = await ctx.db.select().from(files).where(eq(files.id, file.id));
  return indexed ?? file;
}
