import type { Readable } from 'node:stream';
import { type FileStatus, type FinishUploadResponse, fileNameProblem, fileRefusal, shortenFileName } from '@aisle/contracts/knowledge';
import { and, eq, inArray, lt, ne } from 'drizzle-orm';
import { getModel } from '../../data-api/model-registry';
import { publishRow } from '../../data-api/model-store';
import { files } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hashObject } from '../../lib/object-storage/hash-object';
import { ObjectTooLargeError } from '../../lib/object-storage/object-storage';
import { withinLimit } from '../billing';
import { fileKey } from './file-storage';
import { removeFilePassages } from './index-passages';
import { queueIngestion } from './ingestion-queue';
import type { KnowledgeContext } from './knowledge-context';
import { loadOwnedStore } from './owned-store';
import { refreshStoreSummary, updateFile } from './store-summary';

const tooLarge = (max: number) => `This file is larger than the ${Math.round(max / 1024 / 1024)} MB limit.`;
const SPLIT_AND_RETRY = 'Split it into smaller files and upload those.';

/**
 * Step 1 of an upload: a file record per file and a short-lived signed URL to PUT its bytes to,
 * in request order: the bucket's own (presigned) when files are kept in one, so the bytes never
 * pass through this server, or this server's upload route when they are kept on disk. The batch
 * is judged file by file: over-size files and unusable names are refused here, before any byte is
 * sent, each by its name with what to do, so the client marks those alone and sends the rest
 * again. A name too long to keep is kept shortened.
 */
export async function requestUploads(
  ctx: KnowledgeContext,
  input: { ownerEmail: string; storeId: string; files: { fileName: string; size: number; contentType: string }[] },
) {
  const store = await loadOwnedStore(ctx.db, input.ownerEmail, input.storeId);
  const max = ctx.env.FILE_MAX_BYTES;
  const refusals = input.files.flatMap((file) => {
    const problem = fileNameProblem(file.fileName) ?? (file.size > max ? `${tooLarge(max)} ${SPLIT_AND_RETRY}` : null);
    return problem ? [fileRefusal(file.fileName, problem)] : [];
  });
  if (refusals.length) throw AppError.fields({ files: refusals });
  await removeAbandonedUploads(ctx, store.id);
  // The tier's stored megabytes count a file from the moment it is announced (its declared size).
  const adding = input.files.reduce((total, file) => total + file.size, 0);
  const rows = await withinLimit(ctx, { ownerEmail: input.ownerEmail, limit: 'storedMegabytes', adding }, (tx) =>
    tx
      .insert(files)
      .values(
        input.files.map((file) => ({
          ownerEmail: input.ownerEmail,
          storeId: store.id,
          storeFilesId: store.id,
          fileName: shortenFileName(file.fileName),
          size: file.size,
          contentType: file.contentType,
          status: 'uploading',
        })),
      )
      .returning(),
  );
  const expiresAt = Date.now() + ctx.env.UPLOAD_URL_LIFETIME * 1000;
  for (const row of rows) publishRow(ctx, getModel('File'), 'create', row);
  const uploadUrl = (row: (typeof rows)[number]) =>
    ctx.storage.kind === 'bucket'
      ? ctx.storage.presignedPut(fileKey(row.storeId, row.id), {
          expiresAt: new Date(expiresAt),
          // What every client sends for a file without a type (the web app's putFile does).
          contentType: row.contentType || 'application/octet-stream',
          contentLength: row.size,
        })
      : ctx.signer.urlFor(row.id, expiresAt);
  return {
    files: await Promise.all(
      rows.map(async (row) => ({ fileId: row.id, uploadUrl: await uploadUrl(row), expiresAt: new Date(expiresAt).toISOString() })),
    ),
  };
}

/** Uploads never finished an hour after their URL expired are dropped with their bytes. */
async function removeAbandonedUploads(ctx: KnowledgeContext, storeId: string) {
  const cutoff = new Date(Date.now() - (ctx.env.UPLOAD_URL_LIFETIME + 3600) * 1000);
  const gone = await ctx.db
    .delete(files)
    .where(and(eq(files.storeId, storeId), eq(files.status, 'uploading'), lt(files.createdAt, cutoff)))
    .returning();
  for (const row of gone) {
    await ctx.storage.remove(fileKey(storeId, row.id));
    publishRow(ctx, getModel('File'), 'delete', row);
  }
}

/** Step 2 on disk: the bytes, PUT to the signed URL, hashed as they stream in. The signature is the authorisation. */
export async function receiveUpload(
  ctx: KnowledgeContext,
  input: { fileId: string; expires: number; signature: string; body: Readable; contentLength?: number },
) {
  if (!ctx.signer.verify(input.fileId, input.expires, input.signature)) {
    throw new AppError('FORBIDDEN', 'This upload link is invalid or has expired.');
  }
  const [file] = await ctx.db.select().from(files).where(eq(files.id, input.fileId)).limit(1);
  if (!file) throw new AppError('NOT_FOUND', 'Not found.');
  if (file.status !== 'uploading') throw new AppError('CONFLICT', 'This file has already been uploaded.');
  const max = Math.min(ctx.env.FILE_MAX_BYTES, file.size);
  if (input.contentLength !== undefined && input.contentLength > max) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      input.contentLength > ctx.env.FILE_MAX_BYTES
        ? tooLarge(ctx.env.FILE_MAX_BYTES)
        : 'The upload is larger than the size declared for it.',
    );
  }
  let written: { size: number; sha256: string };
  try {
    written = await ctx.storage.putStream(fileKey(file.storeId, file.id), input.body, { maxBytes: max, contentType: file.contentType });
  } catch (error) {
    if (error instanceof ObjectTooLargeError)
      throw new AppError('PAYLOAD_TOO_LARGE', 'The upload is larger than the size declared for it.');
    throw error;
  }
  if (written.size !== file.size) {
    await ctx.storage.remove(fileKey(file.storeId, file.id));
    throw wrongSize(written.size, file.size);
  }
  await ctx.db
    .update(files)
    .set({ contentHash: written.sha256, filePath: `${file.storeId}/${file.id}`, updatedAt: new Date() })
    .where(eq(files.id, file.id));
}

/**
 * Step 3: the client says the uploads are done; each file is queued for indexing. A file whose
 * content is already in the store is not indexed twice: it is removed and reported as a duplicate.
 * Bytes sent straight to the bucket are checked here, as the upload route checks them on disk.
 */
export async function finishUploads(ctx: KnowledgeContext, input: { ownerEmail: string; storeId: string; fileIds: string[] }) {
  const store = await loadOwnedStore(ctx.db, input.ownerEmail, input.storeId);
  const rows = await ctx.db
    .select()
    .from(files)
    .where(and(eq(files.storeId, store.id), inArray(files.id, input.fileIds)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const results: FinishUploadResponse['files'] = [];
  for (const fileId of input.fileIds) {
    const file = byId.get(fileId);
    if (!file) throw AppError.fields({ fileIds: [`File ${fileId} is not in this store.`] });
    if (file.status !== 'uploading') {
      results.push({ fileId, status: file.status as FileStatus, statusReason: file.statusReason });
      continue;
    }
    const contentHash = file.contentHash ?? (await checkUploadedObject(ctx, file));
    const [same] = await ctx.db
      .select({ id: files.id })
      .from(files)
      .where(
        and(
          eq(files.storeId, store.id),
          eq(files.contentHash, contentHash),
          ne(files.id, file.id),
          ne(files.status, 'failed'),
          ne(files.status, 'uploading'),
        ),
      )
      .limit(1);
    if (same) {
      await ctx.db.delete(files).where(eq(files.id, file.id));
      await ctx.storage.remove(fileKey(store.id, file.id));
      publishRow(ctx, getModel('File'), 'delete', file);
      results.push({ fileId, status: 'duplicate', duplicateOf: same.id });
      continue;
    }
    await updateFile(ctx, file.id, { status: 'queued', progress: 0, statusReason: null });
    await queueIngestion(ctx, file.id);
    results.push({ fileId, status: 'queued' });
  }
  await refreshStoreSummary(ctx, store.id);
  return { files: results };
}

/** Deletes files with their passages (postings and statistics updated in the same transaction) and bytes. */
export async function deleteFiles(ctx: KnowledgeContext, input: { ownerEmail: string; storeId: string; fileIds: string[] }) {
  const store = await loadOwnedStore(ctx.db, input.ownerEmail, input.storeId);
  const deleted = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(files)
      .where(and(eq(files.storeId, store.id), inArray(files.id, input.fileIds)));
    for (const row of rows) await removeFilePassages(tx, store.id, row.id);
    if (rows.length)
      await tx.delete(files).where(
        inArray(
          files.id,
          rows.map((row) => row.id),
        ),
      );
    return rows;
  });
  for (const row of deleted) {
    await ctx.storage.remove(fileKey(store.id, row.id));
    publishRow(ctx, getModel('File'), 'delete', row);
  }
  await refreshStoreSummary(ctx, store.id);
  return { deleted: deleted.map((row) => row.id) };
}

const wrongSize = (size: number, declared: number) =>
  new AppError('BAD_REQUEST', `The upload has ${size} bytes but ${declared} were declared.`);

/**
 * A bucket upload at finish: the object must be there with the declared size (the same refusals
 * as the disk's upload route; bytes of the wrong size are deleted, so the file can be sent again),
 * and its sha256, streamed from the bucket, is kept for duplicate detection. On disk the route has
 * already done this, and a file not sent yet has no bytes either.
 */
async function checkUploadedObject(ctx: KnowledgeContext, file: typeof files.$inferSelect): Promise<string> {
  const key = fileKey(file.storeId, file.id);
  const refuse = async (size: number) => {
    await ctx.storage.remove(key);
    return wrongSize(size, file.size);
  };
  const stored = await ctx.storage.head(key);
  if (!stored) throw AppError.fields({ fileIds: [`${file.fileName} has not been uploaded yet.`] });
  // The declared size was checked against FILE_MAX_BYTES at upload-batch: any other size is refused.
  if (stored.size !== file.size) throw await refuse(stored.size);
  const hashed = await hashObject(ctx.storage, key);
  // Sent again between the two reads: judged by the bytes hashed.
  if (hashed.size !== file.size) throw await refuse(hashed.size);
  await ctx.db
    .update(files)
    .set({ contentHash: hashed.sha256, filePath: `${file.storeId}/${file.id}`, updatedAt: new Date() })
    .where(eq(files.id, file.id));
  return hashed.sha256;
}
