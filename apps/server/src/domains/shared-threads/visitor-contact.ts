import { and, eq } from 'drizzle-orm';
import { getModel } from '../../data-api/model-registry';
import { publishRow } from '../../data-api/model-store';
import { sharedThreads } from '../../db/schema';
import type { VisitorContact } from '../functions';
import type { SharedThreadsContext } from './shared-threads-context';

/**
 * A lead the assistant's `aisle.saveContact` ability took in a shared thread (spec §3
 * `visitorContact`), shown live in the owner's inbox. False when the thread is gone.
 */
export async function saveVisitorContact(
  ctx: Pick<SharedThreadsContext, 'db' | 'events'>,
  thread: { id: string; ownerEmail: string },
  contact: VisitorContact,
): Promise<boolean> {
  const [row] = await ctx.db
    .update(sharedThreads)
    .set({ visitorContact: contact, updatedAt: new Date() })
    .where(and(eq(sharedThreads.id, thread.id), eq(sharedThreads.ownerEmail, thread.ownerEmail)))
    .returning();
  if (row) publishRow(ctx, getModel('SharedThread'), 'update', row);
  return Boolean(row);
}
