import { and, eq } from 'drizzle-orm';
import { toApiItem } from '../../data-api/model-fields';
import { getModel } from '../../data-api/model-registry';
import { type Item, publishRow } from '../../data-api/model-store';
import { AppError } from '../../lib/app-error';
import type { AssistantsContext } from './assistants-context';
import type { LinkKind } from './link-kinds';
import { recheckOnMissingReference } from './missing-reference';
import { loadOwnedAssistant } from './owned-rows';

export interface LinkInput {
  ownerEmail: string;
  assistantId: string;
  targetId: string;
}

/**
 * Links a function, store, template or custom template to the caller's assistant. Idempotent: a
 * link that already exists is returned as it is (`created: false`), so a retried click is harmless.
 */
export async function addLink(ctx: AssistantsContext, kind: LinkKind, input: LinkInput): Promise<{ link: Item; created: boolean }> {
  const check = async () => {
    await loadOwnedAssistant(ctx.db, input.ownerEmail, input.assistantId);
    await kind.checkTarget(ctx.db, input.ownerEmail, input.targetId);
  };
  await check();
  // ON CONFLICT on the (assistant, target) unique index: two racing adds make one link.
  const [inserted] = await recheckOnMissingReference(
    () =>
      ctx.db
        .insert(kind.table)
        .values({ ownerEmail: input.ownerEmail, assistantId: input.assistantId, [kind.targetKey]: input.targetId } as never)
        .onConflictDoNothing()
        .returning(),
    check,
  );
  if (inserted) return { link: publishRow(ctx, getModel(kind.model), 'create', inserted), created: true };
  const [existing] = await ctx.db.select().from(kind.table).where(linkWhere(kind, input)).limit(1);
  // Only when a remove slipped in between the two statements.
  if (!existing) throw new AppError('CONFLICT', 'The link changed while it was being added. Please try again.');
  // Nothing changed, so nothing is published.
  return { link: toApiItem(getModel(kind.model), existing as Item), created: false };
}

/** Removes one link of the caller's assistant; 404 when there is no such link. */
export async function removeLink(ctx: AssistantsContext, kind: LinkKind, input: LinkInput) {
  await loadOwnedAssistant(ctx.db, input.ownerEmail, input.assistantId);
  const [removed] = await ctx.db.delete(kind.table).where(linkWhere(kind, input)).returning();
  if (!removed) throw new AppError('NOT_FOUND', kind.missingLink);
  publishRow(ctx, getModel(kind.model), 'delete', removed);
}

function linkWhere(kind: LinkKind, input: LinkInput) {
  return and(eq(kind.assistantColumn, input.assistantId), eq(kind.targetColumn, input.targetId));
}
