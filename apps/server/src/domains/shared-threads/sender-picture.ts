import { eq } from 'drizzle-orm';
import { getModel } from '../../data-api/model-registry';
import { publishRow } from '../../data-api/model-store';
import { sharedThreads } from '../../db/schema';
import type { SharedThreadsContext } from './shared-threads-context';

/** A channel customer's picture on their thread (spec §3 `senderProfilePicUrl`): only an http(s) address, clipped. */
export async function setSenderPicture(ctx: Pick<SharedThreadsContext, 'db' | 'events'>, sharedThreadId: string, pictureUrl: string) {
  if (!/^https?:\/\//i.test(pictureUrl)) return;
  const [row] = await ctx.db
    .update(sharedThreads)
    .set({ senderProfilePicUrl: pictureUrl.slice(0, 2000), updatedAt: new Date() })
    .where(eq(sharedThreads.id, sharedThreadId))
    .returning();
  if (row) publishRow(ctx, getModel('SharedThread'), 'update', row);
}
