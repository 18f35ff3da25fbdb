import type { Assistant, AssistantAvatarKind } from '@aisle/contracts/assistants';
import { and, eq } from 'drizzle-orm';
import { getModel } from '../../data-api/model-registry';
import { publishRow } from '../../data-api/model-store';
import { assistants } from '../../db/schema';
import type { Env } from '../../env';
import { AppError } from '../../lib/app-error';
import type { ObjectStorage } from '../../lib/object-storage/object-storage';
import { checkAvatarImage, removeReplacedAvatar, storeAvatarImage } from '../accounts';
import type { AssistantsContext } from './assistants-context';
import { loadOwnedAssistant } from './owned-rows';

/** The column each kind of picture is kept in. */
const avatarColumns = {
  assistant: 'assistantAvatarUrl',
  user: 'userAvatarUrl',
} as const satisfies Record<AssistantAvatarKind, keyof typeof assistants.$inferSelect>;

export interface UploadAssistantAvatarInput {
  ownerEmail: string;
  assistantId: string;
  kind: AssistantAvatarKind;
  bytes: Buffer;
}

/**
 * Makes an uploaded image the assistant's own picture or the one shown for its visitors, and tells
 * live screens as an edit does. The image is checked before the assistant is looked up, and
 * stored only once the assistant is known to be the caller's, so a refused call leaves no file.
 * The picture it replaces is deleted when it was one of our uploads that nothing else shows.
 */
export async function uploadAssistantAvatar(
  ctx: Pick<AssistantsContext, 'db' | 'events'> & { env: Env; storage: ObjectStorage },
  { ownerEmail, assistantId, kind, bytes }: UploadAssistantAvatarInput,
): Promise<Assistant> {
  const image = await checkAvatarImage(ctx.env, bytes);
  const column = avatarColumns[kind];
  const previous = await loadOwnedAssistant(ctx.db, ownerEmail, assistantId);
  const stored = await storeAvatarImage(ctx, image);
  let row: typeof assistants.$inferSelect | undefined;
  try {
    [row] = await ctx.db
      .update(assistants)
      .set({ [column]: stored.url, updatedAt: new Date() })
      .where(and(eq(assistants.id, previous.id), eq(assistants.ownerEmail, ownerEmail)))
      .returning();
  } catch (error) {
    await stored.discard();
    throw error;
  }
  if (!row) {
    // Deleted between the lookup and the update.
    await stored.discard();
    throw new AppError('NOT_FOUND', 'Assistant not found.');
  }
  const assistant = publishRow(ctx, getModel('Assistant'), 'update', row) as Assistant;
  await removeReplacedAvatar({ db: ctx.db, env: ctx.env, storage: ctx.storage, previousUrl: previous[column] });
  return assistant;
}
