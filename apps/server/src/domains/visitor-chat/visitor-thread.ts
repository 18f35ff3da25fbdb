import type { VisitorThreadHistory, VisitorThreadRequest } from '@aisle/contracts/visitor-chat';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { sharedAssistants, sharedMessages, sharedThreads } from '../../db/schema';
import { conversationNotFound } from '../shared-threads';
import { requireOpenShare, visitorTokenMatches } from '../sharing';
import { toPublicMessage } from './public-message';

/** Longest history a visitor's page loads at once (a chat bubble list, not an archive). */
export const VISITOR_HISTORY_LIMIT = 200;

/**
 * The visitor's thread, reached by its id and the visitor token together, under an open share.
 * A wrong token, another share's thread and a missing thread all answer the same 404.
 */
export async function loadVisitorThread(db: Db, request: VisitorThreadRequest) {
  const [row] = await db
    .select({ share: sharedAssistants, thread: sharedThreads })
    .from(sharedAssistants)
    .leftJoin(sharedThreads, and(eq(sharedThreads.id, request.sharedThreadId), eq(sharedThreads.sharedAssistantId, sharedAssistants.id)))
    .where(eq(sharedAssistants.shareToken, request.token))
    .limit(1);
  requireOpenShare(row?.share);
  if (!row?.thread || !visitorTokenMatches(request.visitorToken, row.thread.visitorTokenHash)) throw conversationNotFound();
  return { share: row.share, thread: row.thread };
}

/** `shared-chat/thread/`: the thread's latest messages, oldest first, for a page opened again. */
export async function getVisitorHistory(db: Db, request: VisitorThreadRequest): Promise<VisitorThreadHistory> {
  const { thread } = await loadVisitorThread(db, request);
  const rows = await db
    .select()
    .from(sharedMessages)
    .where(eq(sharedMessages.sharedThreadId, thread.id))
    .orderBy(desc(sharedMessages.createdAt), desc(sharedMessages.id))
    .limit(VISITOR_HISTORY_LIMIT);
  rows.reverse();
  return {
    thread: { sharedThreadId: thread.id, anonymousEmail: thread.anonymousEmail ?? '', autoReplyPaused: thread.autoReplyPaused },
    messages: rows.map(toPublicMessage),
  };
}
