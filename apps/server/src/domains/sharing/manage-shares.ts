import { EXPIRES_IN_PAST_TEXT, type SharedAssistant, type ShareTheme, sharedAssistantUpdateSchema } from '@aisle/contracts/sharing';
import { and, eq, ne, sql } from 'drizzle-orm';
import { type Filter, filterToSql } from '../../data-api/filter-sql';
import { isUuid } from '../../data-api/model-fields';
import { getModel } from '../../data-api/model-registry';
import { getItem, type Item, publishRow, UNAUTHORIZED } from '../../data-api/model-store';
import type { Db, DbOrTx } from '../../db/database';
import { assistants, sharedAssistants } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { EventBus } from '../../lib/event-bus';
import { loadOwnedAssistant, recheckOnMissingReference } from '../assistants';
import { themeOf, toSharedAssistant } from './share-representation';
import { newShareToken } from './share-tokens';

/*
 * Share links of an assistant (spec §3 SharedAssistant, §7 Shared assistant). An owner may have
 * several links to one assistant (say, one for the storefront widget and one in a newsletter, each
 * turned off on its own): every create makes a new one. The assistant's `isShared` says whether
 * at least one link exists.
 */

export interface SharesContext {
  db: Db;
  events: EventBus;
}

export const SHARE_NOT_FOUND = 'Shared assistant not found.';

function checkFuture(expiresAt: Date | null | undefined) {
  if (expiresAt && expiresAt.getTime() <= Date.now()) throw AppError.fields({ expiresAt: [EXPIRES_IN_PAST_TEXT] });
}

/** The assistant's `isShared`, set to whether any link is left; returns the row when it changed. */
async function syncIsShared(tx: DbOrTx, assistantId: string) {
  const anyLink = sql<boolean>`exists (SELECT 1 FROM ${sharedAssistants} WHERE ${sharedAssistants.originalAssistantId} = ${assistantId})`;
  const [row] = await tx
    .update(assistants)
    .set({ isShared: anyLink, updatedAt: new Date() })
    .where(and(eq(assistants.id, assistantId), ne(assistants.isShared, anyLink)))
    .returning();
  return row;
}

export async function createShare(
  ctx: SharesContext,
  input: { ownerEmail: string; assistantId: string; expiresAt?: string | null; theme?: ShareTheme },
): Promise<SharedAssistant> {
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  checkFuture(expiresAt);
  const { share, assistant } = await recheckOnMissingReference(
    () =>
      ctx.db.transaction(async (tx) => {
        const owned = await loadOwnedAssistant(tx, input.ownerEmail, input.assistantId);
        const [row] = await tx
          .insert(sharedAssistants)
          .values({
            ownerEmail: input.ownerEmail,
            shareToken: newShareToken(),
            originalAssistantId: owned.id,
            assistantName: owned.assistantName,
            expiresAt,
            theme: input.theme ?? null,
          })
          .returning();
        return { share: row as NonNullable<typeof row>, assistant: await syncIsShared(tx, owned.id) };
      }),
    () => loadOwnedAssistant(ctx.db, input.ownerEmail, input.assistantId),
  );
  publishRow(ctx, getModel('SharedAssistant'), 'create', share);
  if (assistant) publishRow(ctx, getModel('Assistant'), 'update', assistant);
  return toSharedAssistant(share);
}

/**
 * Points a link at another of the owner's assistants, keeping its token and its threads: a channel
 * account's face (domains/channels) when the owner picks another assistant to answer there. Both
 * assistants' `isShared` follow.
 */
export async function retargetShare(ctx: SharesContext, input: { ownerEmail: string; shareId: string; assistantId: string }) {
  const { share, changed } = await ctx.db.transaction(async (tx) => {
    const owned = await loadOwnedAssistant(tx, input.ownerEmail, input.assistantId);
    const [before] = await tx
      .select({ originalAssistantId: sharedAssistants.originalAssistantId })
      .from(sharedAssistants)
      .where(and(eq(sharedAssistants.id, input.shareId), eq(sharedAssistants.ownerEmail, input.ownerEmail)))
      .limit(1);
    if (!before) throw new AppError('NOT_FOUND', SHARE_NOT_FOUND);
    const [row] = await tx
      .update(sharedAssistants)
      .set({ originalAssistantId: owned.id, assistantName: owned.assistantName, updatedAt: new Date() })
      .where(eq(sharedAssistants.id, input.shareId))
      .returning();
    const synced = [await syncIsShared(tx, owned.id), await syncIsShared(tx, before.originalAssistantId)];
    return { share: row as NonNullable<typeof row>, changed: synced.filter((assistant) => assistant !== undefined) };
  });
  publishRow(ctx, getModel('SharedAssistant'), 'update', share);
  for (const assistant of changed) publishRow(ctx, getModel('Assistant'), 'update', assistant);
  return share;
}

/**
 * Deletes a link with its threads and messages (cascading keys). Another owner's link and a missing
 * one are both "not found". `condition` is the data API's optional mutation condition.
 */
export async function deleteShare(ctx: SharesContext, input: { ownerEmail: string; id: string; condition?: Filter | null }): Promise<Item> {
  const model = getModel('SharedAssistant');
  if (!isUuid(input.id)) throw new AppError('NOT_FOUND', SHARE_NOT_FOUND);
  const { share, assistant } = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(sharedAssistants)
      .where(and(eq(sharedAssistants.id, input.id), eq(sharedAssistants.ownerEmail, input.ownerEmail), filterToSql(model, input.condition)))
      .returning();
    if (!row) return { share: null, assistant: undefined };
    return { share: row, assistant: await syncIsShared(tx, row.originalAssistantId) };
  });
  if (!share) throw await missingOrConditionFailed(ctx.db, input.ownerEmail, input.id);
  const item = publishRow(ctx, model, 'delete', share);
  if (assistant) publishRow(ctx, getModel('Assistant'), 'update', assistant);
  return { ...item, theme: themeOf(share) };
}

/**
 * `updateSharedAssistant`: turns a link on or off, moves its expiry, renames it or changes its
 * colours. Input as the data API sends it (`expiresAt` already a Date); field rules from contracts.
 */
export async function updateShare(
  ctx: SharesContext,
  input: { ownerEmail: string; changes: Record<string, unknown>; condition?: Filter | null },
): Promise<Item> {
  const { id, ownerEmail, ...fields } = input.changes;
  if (ownerEmail !== undefined && ownerEmail !== input.ownerEmail) throw new AppError('FORBIDDEN', UNAUTHORIZED);
  if (!isUuid(id)) throw new AppError('NOT_FOUND', SHARE_NOT_FOUND);
  const parsed = sharedAssistantUpdateSchema.safeParse({
    ...fields,
    expiresAt: fields.expiresAt instanceof Date ? fields.expiresAt.toISOString() : fields.expiresAt,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw AppError.fields({ [String(issue?.path[0] ?? 'non_field_errors')]: [issue?.message ?? 'Invalid value.'] });
  }
  const changes = parsed.data;
  const expiresAt = changes.expiresAt === undefined ? undefined : changes.expiresAt === null ? null : new Date(changes.expiresAt);
  checkFuture(expiresAt);

  const model = getModel('SharedAssistant');
  const [row] = await ctx.db
    .update(sharedAssistants)
    .set({
      ...(changes.isActive === undefined ? {} : { isActive: changes.isActive }),
      ...(expiresAt === undefined ? {} : { expiresAt }),
      ...(changes.assistantName === undefined ? {} : { assistantName: changes.assistantName }),
      ...(changes.theme === undefined ? {} : { theme: changes.theme }),
      updatedAt: new Date(),
    })
    .where(and(eq(sharedAssistants.id, id), eq(sharedAssistants.ownerEmail, input.ownerEmail), filterToSql(model, input.condition)))
    .returning();
  if (!row) throw await missingOrConditionFailed(ctx.db, input.ownerEmail, id);
  return { ...publishRow(ctx, model, 'update', row), theme: themeOf(row) };
}

/** As the data API answers: another owner's row reads as unauthorised, a failed condition as a conflict. */
async function missingOrConditionFailed(db: Db, ownerEmail: string, id: string): Promise<AppError> {
  const visible = await getItem({ db, viewer: { email: ownerEmail, userId: '', isStaff: false } }, getModel('SharedAssistant'), id);
  return visible ? new AppError('CONFLICT', 'The conditional request failed.') : new AppError('NOT_FOUND', SHARE_NOT_FOUND);
}
