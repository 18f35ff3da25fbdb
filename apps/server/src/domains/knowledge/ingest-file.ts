import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { files, stores } from '../../db/schema';
import type { JobHandlerContext } from '../../lib/job-queue';
import { queueFileEmbedding } from './embeddings/embedding-queue';
import { indexPassages } from './index-passages';
import type { KnowledgeContext } from './knowledge-context';
import { chunkBlocks, HEADING_PATH_SEPARATOR } from './parsing/chunk-blocks';
import { IngestError } from './parsing/ingest-error';
import { parseDocument } from './parsing/parse-document';
import { refreshStoreSummary, updateFile } from './store-summary';

const UNEXPECTED_FAILURE = 'Something went wrong while indexing this file. Try uploading it again.';

/**
 * One file from bytes to searchable passages: parse, chunk, index, with progress on the way. A
 * problem with the file itself (wrong type, encrypted, empty…) fails that file alone with the
 * reason; anything else is retried by the queue, and fails the file after the last attempt.
 */
export async function ingestFile(ctx: KnowledgeContext, logger: Logger, fileId: string, job: JobHandlerContext) {
  const [file] = await ctx.db.select().from(files).where(eq(files.id, fileId)).limit(1);
  if (!file || file.status === 'ready' || file.status === 'failed' || file.status === 'uploading') return;
  const refreshStore = () =>
    refreshStoreSummary(ctx, file.storeId).catch((error: unknown) => logger.warn({ err: error }, 'store summary refresh failed'));
  try {
    // The store already reads "indexing": the file was queued.
    await updateFile(ctx, file.id, { status: 'processing', progress: 10, statusReason: null });
    if (file.size > ctx.env.FILE_MAX_BYTES) throw new IngestError('too_large', 'This file is larger than the size limit.');
    const bytes = await ctx.storage.read(file.storeId, file.id);
    const [store] = await ctx.db.select({ currency: stores.currency }).from(stores).where(eq(stores.id, file.storeId)).limit(1);
    const parsed = await parseDocument({
      bytes: new Uint8Array(bytes),
      fileName: file.fileName,
      contentType: file.contentType,
      currency: store?.currency ?? null,
    });
    await updateFile(ctx, file.id, { progress: 60 });
    const chunks = chunkBlocks(parsed.blocks);
    const { passageIds } = await indexPassages(ctx.db, {
      ownerEmail: file.ownerEmail,
      storeId: file.storeId,
      fileId: file.id,
      passages: chunks.map((chunk) => ({
        ordinal: chunk.ordinal,
        heading: chunk.headingPath.join(HEADING_PATH_SEPARATOR),
        text: chunk.text,
        startOffset: chunk.startOffset,
        endOffset: chunk.endOffset,
        product: chunk.product,
      })),
    });
    // A generated file (a shop's product list) may have been replaced while it was read: this run
    // indexed old bytes, so it fails and the queue's retry indexes the new ones.
    const [now] = await ctx.db.select({ contentHash: files.contentHash }).from(files).where(eq(files.id, file.id)).limit(1);
    if (now && now.contentHash !== file.contentHash) throw new Error('the file was replaced while it was being indexed');
    await updateFile(ctx, file.id, { status: 'ready', progress: 100, passageCount: passageIds.length });
    // The store reads "ready" right after its last file does (embeddings follow in the background).
    await refreshStore();
    await queueFileEmbedding(ctx, file.id);
  } catch (error) {
    if (error instanceof IngestError) {
      await updateFile(ctx, file.id, { status: 'failed', progress: 0, statusReason: error.message, passageCount: 0 });
    } else if (job.retryCount >= job.retryLimit) {
      logger.error({ err: error, fileId }, 'indexing a file failed on its last attempt');
      await updateFile(ctx, file.id, { status: 'failed', progress: 0, statusReason: UNEXPECTED_FAILURE, passageCount: 0 });
    } else {
      logger.warn({ err: error, fileId, attempt: job.retryCount }, 'indexing a file failed; it will be retried');
      await refreshStore();
      throw error;
    }
    await refreshStore();
  }
}
