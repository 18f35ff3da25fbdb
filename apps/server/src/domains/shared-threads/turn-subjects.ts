import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { assistantStores, assistants, sharedAssistants, sharedMessages, sharedThreads } from '../../db/schema';
import { preparedPerDatabase } from '../../db/sql-helpers';
import { spendingSql } from '../billing';
import { HISTORY_MESSAGES, hasToolsSql } from '../turns';
import type { SharedHistoryRow } from './shared-history';

interface HistoryRow extends SharedHistoryRow {
  id: string;
}

/**
 * Everything a visitor's turn needs, in one round trip (the first token waits on it): the share by
 * its token, its assistant, the assistant's stores, whether it has functions, the owner's balance and messages,
 * and when a thread is named, that thread (only under this share) with its latest messages.
 * Prepared once per database, for a named thread and for a new one.
 */
const sharedTurnSubjects = (withThread: boolean) =>
  preparedPerDatabase((db) => {
    const threadMatch: SQL = withThread
      ? (and(eq(sharedThreads.id, sql.placeholder('threadId')), eq(sharedThreads.sharedAssistantId, sharedAssistants.id)) as SQL)
      : sql`false`;
    return db
      .select({
        share: sharedAssistants,
        assistant: assistants,
        thread: sharedThreads,
        storeIds: sql<
          string[]
        >`coalesce((SELECT array_agg(${assistantStores.storeId}::text ORDER BY ${assistantStores.storeId}) FROM ${assistantStores} WHERE ${assistantStores.assistantId} = ${assistants.id}), '{}')`,
        hasFunctions: hasToolsSql(assistants.id),
        spending: spendingSql(sql`${sharedAssistants.ownerEmail}`),
        history: sql<HistoryRow[]>`coalesce((
          SELECT json_agg(json_build_object('id', recent.id, 'content', recent.content, 'senderType', recent.sender_type,
                                            'isManualResponse', recent.is_manual_response) ORDER BY recent.created_at DESC, recent.id DESC)
          FROM (
            SELECT ${sharedMessages.id} AS id, ${sharedMessages.content} AS content, ${sharedMessages.senderType} AS sender_type,
                   ${sharedMessages.isManualResponse} AS is_manual_response, ${sharedMessages.createdAt} AS created_at
            FROM ${sharedMessages} WHERE ${sharedMessages.sharedThreadId} = ${sharedThreads.id}
            ORDER BY ${sharedMessages.createdAt} DESC, ${sharedMessages.id} DESC LIMIT ${HISTORY_MESSAGES + 1}
          ) recent), '[]'::json)`,
      })
      .from(sharedAssistants)
      .innerJoin(
        assistants,
        and(eq(assistants.id, sharedAssistants.originalAssistantId), eq(assistants.ownerEmail, sharedAssistants.ownerEmail)),
      )
      .leftJoin(sharedThreads, threadMatch)
      .where(eq(sharedAssistants.shareToken, sql.placeholder('token')))
      .limit(1)
      .prepare(withThread ? 'visitor_turn_subjects' : 'visitor_turn_subjects_new');
  });
const inThread = sharedTurnSubjects(true);
const newThread = sharedTurnSubjects(false);

export async function loadSharedTurnSubjects(db: Db, token: string, threadId: string | undefined) {
  const [row] = threadId ? await inThread(db).execute({ token, threadId }) : await newThread(db).execute({ token });
  return row;
}
