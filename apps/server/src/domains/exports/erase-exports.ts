import { eq } from 'drizzle-orm';
import { dataExports } from '../../db/schema';
import type { ExportsContext } from './exports-context';
import { exportKey } from './save-export';

/** Deletes every export about a subject (a shop's data on shop/redact), rows and bytes. */
export async function eraseSubjectExports(ctx: ExportsContext, subject: string): Promise<number> {
  const gone = await ctx.db.delete(dataExports).where(eq(dataExports.subject, subject)).returning({ id: dataExports.id });
  for (const row of gone) await ctx.storage.remove(exportKey(row.id));
  return gone.length;
}

/** Deletes every export of an owner (an erased account), rows and bytes. */
export async function eraseOwnerExports(ctx: ExportsContext, ownerEmail: string): Promise<number> {
  const gone = await ctx.db.delete(dataExports).where(eq(dataExports.ownerEmail, ownerEmail)).returning({ id: dataExports.id });
  for (const row of gone) await ctx.storage.remove(exportKey(row.id));
  return gone.length;
}
