import { and, eq, inArray } from 'drizzle-orm';
import { isUuid } from '../../data-api/model-fields';
import type { Db } from '../../db/database';
import { conversationMessages } from '../../db/schema';

/**
 * The content blocks of the caller's messages by id, in the order asked (null for one that is
 * not theirs). `content` is typed outside the model registry, so list and get queries load it
 * here, one query per page of messages.
 */
export async function getMessageContents(db: Db, ownerEmail: string, ids: readonly unknown[]): Promise<unknown[]> {
  const wanted = ids.filter(isUuid);
  const rows = wanted.length
    ? await db
        .select({ id: conversationMessages.id, content: conversationMessages.content })
        .from(conversationMessages)
        .where(and(eq(conversationMessages.ownerEmail, ownerEmail), inArray(conversationMessages.id, wanted)))
    : [];
  const byId = new Map(rows.map((row) => [row.id, row.content]));
  return ids.map((id) => byId.get(id as string) ?? null);
}
