import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { files, stores } from '../../db/schema';
import type { JobHandlerContext } from '../../lib/job-queue';
import { queueFileEmbedding } from './embeddings/embedding-queue';
import { fileKey } from './file-storage';
import { indexPassages } from './index-passages';
import type { KnowledgeContext } from './knowledge-context';
import { chunkBlocks, HEADING_PATH_SEPARATOR } from './parsing/chunk-blocks';
import { IngestError } from './parsing/ingest-error';
import { parseInWorker } from './parsing/parse-in-worker';
import { limitExceeded } from './parsing/parse-limits';
import { TERMS_VERSION } from './retrieval/tokenize';
import { refreshStoreSummary, updateFile } from './store-summary';

const UNEXPECTED_FAILURE = 'Something went wrong while indexing this file. Try uploading it again.';
/** Shown beside the progress of a file being indexed again. */
const RETRYING = 'Retrying…';
/**
 * A file's progress while its parse is in flight: PARSING, plus one for each earlier parse of it
 * that never finished (the process died in it: no schema change needed to count them). Any
 * finished parse moves progress on or back, so a file found at these values was being parsed when
 * its process died.
 */
const PARSING = 20;
/** Parses of one file that may die with their process before the file is failed rather than tried again. */
const MAX_UNFINISHED_PARSES = 2;

/**
 * One file from bytes to searchable passages: parse, chunk, index, with progress on the way. A
 * problem with the file itself (wrong type, encrypted, empty, too big once opened, a parse that ran
 * out of memory or time in its worker…) fails that file alone with the reason; anything else is
 * retried by the queue, and fails the file after the last attempt. A file whose parse took the
 * process down with it twice is failed, not parsed a third time.
 */
export async function ingestFile(ctx: KnowledgeContext, logger: Logger, fileId: string, job: JobHandlerContext) {
  const [file] = await ctx.db.select().from(files).where(eq(files.id, fileId)).limit(1);
  if (!file || file.status === 'ready' || file.status === 'failed' || file.status === 'uploading') return;
  const unfinishedParses =
    file.status === 'processing' && file.progress >= PARSING && file.progress < PARSING + 10 ? file.progress - PARSING + 1 : 0;
  const refreshStore = () =>
    refreshStoreSummary(ctx, file.storeId).catch((error: unknown) => logger.warn({ err: error }, 'store summary refresh failed'));
  try {
    // The store already reads "indexing": the file was queued. A later attempt (its worker died,
    // or the last one failed) says so beside the progress, which starts again.
    await updateFile(ctx, file.id, { status: 'processing', progress: 10, statusReason: job.retryCount > 0 ? RETRYING : null });
    if (file.size > ctx.env.FILE_MAX_BYTES) throw new IngestError('too_large', 'This file is larger than the size limit.');
    const bytes = await ctx.storage.read(fileKey(file.storeId, file.id));
    const [store] = await ctx.db.select({ currency: stores.currency }).from(stores).where(eq(stores.id, file.storeId)).limit(1);
    if (unfinishedParses >= MAX_UNFINISHED_PARSES) throw limitExceeded.interrupted();
    await updateFile(ctx, file.id, { progress: PARSING + unfinishedParses });
    const parsed = await parseInWorker({
      bytes,
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
    await updateFile(ctx, file.id, {
      status: 'ready',
      progress: 100,
      statusReason: null,
      passageCount: passageIds.length,
      termsVersion: TERMS_VERSION,
    });
    // The store reads "ready" right after its last file does (embeddings follow in the background).
    await refreshStore();
    await queueFileEmbedding(ctx, file.id);
    return 'indexed';
  } catch (error) {
    if (error instanceof IngestError) {
      await updateFile(ctx, file.id, { status: 'failed', progress: 0, statusReason: error.message, passageCount: 0 });
    } else if (job.retryCount >= job.retryLimit) {
      logger.error({ err: error, fileId }, 'indexing a file failed on its last attempt');
      await updateFile(ctx, file.id, { status: 'failed', progress: 0, statusReason: UNEXPECTED_FAILURE, passageCount: 0 });
    } else {
      logger.warn({ err: error, fileId, attempt: job.retryCount }, 'indexing a file failed; it will be retried');
      // This parse, if it was one, finished: the next attempt must not count it as one that died.
      await updateFile(ctx, file.id, { progress: 10 });
      await refreshStore();
      throw error;
    }
    await refreshStore();
    return 'failed';
  }
}
