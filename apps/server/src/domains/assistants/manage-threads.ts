import { DEFAULT_THREAD_NAME, type Thread } from '@aisle/contracts/assistants';
import { eq } from 'drizzle-orm';
import { getModel } from '../../data-api/model-registry';
import { publishRow } from '../../data-api/model-store';
import { threads } from '../../db/schema';
import type { AssistantsContext } from './assistants-context';
import { recheckOnMissingReference } from './missing-reference';
import { loadOwnedAssistant, loadOwnedThread } from './owned-rows';

/** Starts a chat with one of the caller's assistants. */
export async function createThread(
  ctx: AssistantsContext,
  input: { ownerEmail: string; assistantId: string; name?: string },
): Promise<Thread> {
  const assistant = await loadOwnedAssistant(ctx.db, input.ownerEmail, input.assistantId);
  const [row] = await recheckOnMissingReference(
    () =>
      ctx.db
        .insert(threads)
        .values({ ownerEmail: input.ownerEmail, assistantId: assistant.id, name: input.name || DEFAULT_THREAD_NAME })
        .returning(),
    () => loadOwnedAssistant(ctx.db, input.ownerEmail, input.assistantId),
  );
  return publishRow(ctx, getModel('Thread'), 'create', row as object) as Thread;
}

/** Deletes one of the caller's threads; its messages go with it (cascading foreign key). */
export async function deleteThread(ctx: AssistantsContext, input: { ownerEmail: string; id: string }) {
  const thread = await loadOwnedThread(ctx.db, input.ownerEmail, input.id);
  const [row] = await ctx.db.delete(threads).where(eq(threads.id, thread.id)).returning();
  publishRow(ctx, getModel('Thread'), 'delete', row ?? thread);
}
