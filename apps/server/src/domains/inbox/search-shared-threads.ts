import { and, eq, type SQL, sql } from 'drizzle-orm';
import { apiSelection, isUuid, normalizeJsonItem } from '../../data-api/model-fields';
import { getModel } from '../../data-api/model-registry';
import type { Connection, Item } from '../../data-api/model-store';
import { checkLimit, decodeCursor, encodeCursor } from '../../data-api/pagination';
import type { Db } from '../../db/database';
import { sharedMessages, sharedThreads } from '../../db/schema';
import { rowsOf } from '../../db/sql-helpers';
import { AppError } from '../../lib/app-error';

export const SEARCH_QUERY_MAX_LENGTH = 200;

export interface SharedThreadSearch {
  ownerEmail: string;
  /** Words to find in the thread's messages, its visitor's anonymous e-mail or contact, or its summary. */
  query?: string | null;
  sharedAssistantID?: string | null;
  origin?: string | null;
  /** Only threads waiting for a person (true) or only those that are not (false). */
  needsHuman?: boolean | null;
  limit?: number | null;
  nextToken?: string | null;
}

/** `%` and `_` in what the owner typed are letters, not wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The owner's inbox search (`searchSharedThreads`): their shared threads, latest activity first,
 * narrowed by text, share, origin and whether a person is needed. Only the caller's own threads are ever read. The text match
 * is a case-insensitive substring: an inbox is searched for a word someone remembers, and the
 * per-thread scan is bounded by the owner's own threads.
 */
export async function searchSharedThreads(db: Db, input: SharedThreadSearch): Promise<Connection> {
  const model = getModel('SharedThread');
  const limit = checkLimit(input.limit);
  const conditions: (SQL | undefined)[] = [eq(sharedThreads.ownerEmail, input.ownerEmail)];
  if (input.sharedAssistantID) {
    if (!isUuid(input.sharedAssistantID)) return { items: [], nextToken: null };
    conditions.push(eq(sharedThreads.sharedAssistantId, input.sharedAssistantID));
  }
  if (input.origin) conditions.push(eq(sharedThreads.origin, input.origin));
  if (typeof input.needsHuman === 'boolean') conditions.push(eq(sharedThreads.needsHuman, input.needsHuman));
  const text = input.query?.trim();
  if (text) {
    if (text.length > SEARCH_QUERY_MAX_LENGTH) {
      throw new AppError('BAD_REQUEST', `Ensure the search has no more than ${SEARCH_QUERY_MAX_LENGTH} characters.`);
    }
    const pattern = `%${escapeLike(text)}%`;
    // The contact a visitor left (lead capture) is how the inbox names them once known: findable
    // by its values, never by its keys ("email" would match every such thread).
    const contact = sql`concat_ws(' ', ${sharedThreads.visitorContact}->>'name', ${sharedThreads.visitorContact}->>'email', ${sharedThreads.visitorContact}->>'phone')`;
    conditions.push(sql`(
      ${sharedThreads.anonymousEmail} ILIKE ${pattern}
      OR ${contact} ILIKE ${pattern}
      OR ${sharedThreads.threadSummary} ILIKE ${pattern}
      OR EXISTS (SELECT 1 FROM ${sharedMessages} WHERE ${sharedMessages.sharedThreadId} = ${sharedThreads.id} AND ${sharedMessages.content} ILIKE ${pattern})
    )`);
  }
  if (input.nextToken) {
    const cursor = decodeCursor(input.nextToken);
    conditions.push(sql`(${sharedThreads.lastActivityAt}, ${sharedThreads.id}) < (${cursor.sort}::timestamptz, ${cursor.id}::uuid)`);
  }
  const [result] = await rowsOf<{ items: Item[] | string }>(
    db,
    sql`
      SELECT coalesce(json_agg(x ORDER BY x."lastActivityAt" DESC, x."id" DESC), '[]'::json) AS items FROM (
        SELECT ${apiSelection(model)} FROM ${sharedThreads} WHERE ${and(...conditions)}
        ORDER BY ${sharedThreads.lastActivityAt} DESC, ${sharedThreads.id} DESC LIMIT ${limit + 1}
      ) x`,
  );
  const raw = result?.items ?? [];
  const rows = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Item[];
  const page = rows.slice(0, limit).map((row) => normalizeJsonItem(model, row));
  const last = page.at(-1);
  return {
    items: page,
    nextToken: rows.length > limit && last ? encodeCursor({ sort: last.lastActivityAt as string, id: last.id as string }) : null,
  };
}
