import type { DownloadFileResponse } from '@aisle/contracts/knowledge';
import { and, eq, ne } from 'drizzle-orm';
import { files } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { fileKey } from './file-storage';
import type { KnowledgeContext } from './knowledge-context';

/** Long enough to start the download the link was asked for; short, because it needs no sign-in. */
const DOWNLOAD_LINK_SECONDS = 300;

/**
 * A short-lived link to download one of the owner's files under its own name: presigned by the
 * bucket when files are kept in one (the bytes never pass through this server), or the server's
 * signed object route on disk. Another owner's file, or one whose bytes were never sent, is 404,
 * exactly like a file that does not exist.
 */
export async function downloadFile(
  ctx: KnowledgeContext,
  input: { ownerEmail: string; storeId: string; fileId: string },
): Promise<DownloadFileResponse> {
  const [file] = await ctx.db
    .select()
    .from(files)
    .where(
      and(
        eq(files.id, input.fileId),
        eq(files.storeId, input.storeId),
        eq(files.ownerEmail, input.ownerEmail),
        ne(files.status, 'uploading'),
      ),
    )
    .limit(1);
  if (!file) throw new AppError('NOT_FOUND', 'Not found.');
  const expiresAt = new Date(Date.now() + DOWNLOAD_LINK_SECONDS * 1000);
  const url = await ctx.storage.presignedGet(fileKey(file.storeId, file.id), {
    expiresAt,
    fileName: file.fileName,
    contentType: file.contentType || 'application/octet-stream',
  });
  return { url, expiresAt: expiresAt.toISOString() };
}
