import { and, eq } from 'drizzle-orm';
import { conversations } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { TurnContext } from '../turns';

/** The caller's conversation, or 404 like a missing one. */
export async function loadOwnedConversation(ctx: Pick<TurnContext, 'db'>, ownerEmail: string, id: string) {
  const [row] = await ctx.db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, id), eq(conversations.ownerEmail, ownerEmail)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Conversation not found.');
  return row;
}
