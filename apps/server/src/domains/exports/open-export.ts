import { eq } from 'drizzle-orm';
import { isUuid } from '../../data-api/model-fields';
import { dataExports } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ExportsContext } from './exports-context';
import { exportKey } from './save-export';

const INVALID_LINK = 'This download link is invalid or has expired.';

/**
 * The file a signed link names, once the signature checks out against the export's own owner:
 * a link signed for another owner's export, an altered id or an expired link all get one 403.
 */
export async function openExport(ctx: ExportsContext, input: { id: string; expires?: string; signature?: string }) {
  const expires = /^\d{1,12}$/.test(input.expires ?? '') ? Number(input.expires) : Number.NaN;
  if (!isUuid(input.id) || !input.signature || Number.isNaN(expires)) throw new AppError('FORBIDDEN', INVALID_LINK);
  const [row] = await ctx.db.select().from(dataExports).where(eq(dataExports.id, input.id)).limit(1);
  if (!row || !ctx.signer.verify(row.id, row.ownerEmail, expires, input.signature)) throw new AppError('FORBIDDEN', INVALID_LINK);
  return { key: exportKey(row.id), fileName: row.fileName, contentType: row.contentType };
}
