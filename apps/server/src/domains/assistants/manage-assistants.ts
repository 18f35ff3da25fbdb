import { type Assistant, type AssistantChanges, DEFAULT_STORE_RETRIEVAL_SETTINGS } from '@aisle/contracts/assistants';
import { and, eq } from 'drizzle-orm';
import { getModel } from '../../data-api/model-registry';
import { publishRow } from '../../data-api/model-store';
import {
  assistantCustomUserTemplates,
  assistantFunctions,
  assistantStores,
  assistants,
  assistantTemplates,
  sharedAssistants,
  threads,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { withinLimit } from '../billing';
import type { AssistantsContext } from './assistants-context';
import { loadOwnedAssistant } from './owned-rows';

/** The request's field names mapped to columns (the API spells one in snake_case). */
function toColumns(changes: AssistantChanges): Partial<typeof assistants.$inferInsert> {
  const { tool_resources, ...rest } = changes;
  return { ...rest, ...(tool_resources === undefined ? {} : { toolResources: tool_resources }) };
}

/**
 * An assistant may only name a model this installation offers: one it cannot reach would fail at
 * its first answer instead of when the merchant picks it. Models configured away later are kept.
 */
function checkModel(ctx: AssistantsContext, model: string | undefined) {
  if (model !== undefined && !ctx.models.models.some((offered) => offered.id === model)) {
    throw AppError.fields({ model: [`"${model}" is not a valid choice.`] });
  }
}

export async function createAssistant(
  ctx: AssistantsContext,
  input: { ownerEmail: string; assistantName: string } & AssistantChanges,
): Promise<Assistant> {
  const { ownerEmail, assistantName, ...changes } = input;
  checkModel(ctx, changes.model);
  const [row] = await withinLimit(ctx, { ownerEmail, limit: 'assistants' }, (tx) =>
    tx
      .insert(assistants)
      .values({
        model: ctx.models.defaultModelId,
        tools: [],
        toolResources: {},
        storeRetrievalSettings: DEFAULT_STORE_RETRIEVAL_SETTINGS,
        assistantUserQA: [],
        ...toColumns(changes),
        assistantName,
        ownerEmail,
      })
      .returning(),
  );
  return publishRow(ctx, getModel('Assistant'), 'create', row as object) as Assistant;
}

export async function editAssistant(
  ctx: AssistantsContext,
  input: { ownerEmail: string; id: string } & AssistantChanges,
): Promise<Assistant> {
  const { ownerEmail, id, ...changes } = input;
  checkModel(ctx, changes.model);
  const [row] = await ctx.db
    .update(assistants)
    .set({ ...toColumns(changes), updatedAt: new Date() })
    .where(and(eq(assistants.id, id), eq(assistants.ownerEmail, ownerEmail)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', 'Assistant not found.');
  return publishRow(ctx, getModel('Assistant'), 'update', row) as Assistant;
}

/**
 * Deletes an assistant with its links and threads in one transaction. The links and threads are
 * deleted explicitly (not left to the cascade) so their rows can be published to live screens;
 * messages go with their threads by cascade, as nothing subscribes to them one by one.
 */
export async function deleteAssistant(ctx: AssistantsContext, input: { ownerEmail: string; id: string }) {
  const deleted = await ctx.db.transaction(async (tx) => {
    const assistant = await loadOwnedAssistant(tx, input.ownerEmail, input.id);
    const links = {
      AssistantFunction: await tx.delete(assistantFunctions).where(eq(assistantFunctions.assistantId, assistant.id)).returning(),
      AssistantStore: await tx.delete(assistantStores).where(eq(assistantStores.assistantId, assistant.id)).returning(),
      AssistantTemplate: await tx.delete(assistantTemplates).where(eq(assistantTemplates.assistantId, assistant.id)).returning(),
      AssistantCustomUserTemplate: await tx
        .delete(assistantCustomUserTemplates)
        .where(eq(assistantCustomUserTemplates.assistantId, assistant.id))
        .returning(),
    };
    const threadRows = await tx.delete(threads).where(eq(threads.assistantId, assistant.id)).returning();
    // Deleted here rather than by the cascade, so their delete events end visitors' live streams.
    const shareRows = await tx.delete(sharedAssistants).where(eq(sharedAssistants.originalAssistantId, assistant.id)).returning();
    const [row] = await tx.delete(assistants).where(eq(assistants.id, assistant.id)).returning();
    return { links, threadRows, shareRows, row: row ?? assistant };
  });
  // After the commit: subscribers never hear of a delete that was rolled back.
  for (const [model, rows] of Object.entries(deleted.links)) {
    for (const row of rows) publishRow(ctx, getModel(model), 'delete', row);
  }
  for (const row of deleted.threadRows) publishRow(ctx, getModel('Thread'), 'delete', row);
  for (const row of deleted.shareRows) publishRow(ctx, getModel('SharedAssistant'), 'delete', row);
  publishRow(ctx, getModel('Assistant'), 'delete', deleted.row);
}
