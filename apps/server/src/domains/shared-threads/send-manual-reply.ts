import { manualReplySchema } from '@aisle/contracts/inbox';
import { and, eq, sql } from 'drizzle-orm';
import { isUuid } from '../../data-api/model-fields';
import { getModel } from '../../data-api/model-registry';
import { type Item, publishRow } from '../../data-api/model-store';
import { assistants, sharedAssistants, sharedMessages, sharedThreads } from '../../db/schema';
import { rowFromJson, rowsOf } from '../../db/sql-helpers';
import { AppError } from '../../lib/app-error';
import { replySignatureFor } from '../accounts';
import type { InboxContext } from '../inbox';
import { THREAD_NOT_FOUND } from './summarize-thread';
import { scheduleThreadSummary } from './summary-queue';

/**
 * `sendManualReply`: the shop answers a visitor by hand (spec §1 "answer manually"). The reply is
 * stored as the assistant's side, marked `isManualResponse`, and the thread's auto-reply is paused
 * in the same statement, so the bot stays quiet from that moment until the owner resumes it (the
 * peers' classic handoff failure is the bot answering right after the person), and a thread that
 * needed a person no longer does: one has answered. It is signed as the owner chose (their name,
 * the shop's, or the shop's team). The thread counts
 * as read: the owner has just written in it. The visitor's live stream and the owner's inbox get
 * the message and the thread change.
 */
export async function sendManualReply(
  ctx: InboxContext,
  input: { ownerEmail: string; sharedThreadId: string; content: string },
): Promise<Item> {
  const parsed = manualReplySchema.safeParse({ content: input.content });
  if (!parsed.success) throw AppError.fields({ content: [parsed.error.issues[0]?.message ?? 'Invalid value.'] });
  if (!isUuid(input.sharedThreadId)) throw new AppError('NOT_FOUND', THREAD_NOT_FOUND);
  // Signed as the owner chose on /account at the time of sending; a later change re-signs nothing.
  const signature = await replySignatureFor({ db: ctx.db, ownerEmail: input.ownerEmail });
  const [saved] = await rowsOf<{ reply: Record<string, unknown> | null; thread: Record<string, unknown> | null }>(
    ctx.db,
    sql`
      WITH owned AS (
        SELECT t.id, s.original_assistant_id FROM ${sharedThreads} t JOIN ${sharedAssistants} s ON s.id = t.shared_assistant_id
        WHERE t.id = ${input.sharedThreadId} AND t.owner_email = ${input.ownerEmail}
      ), reply AS (
        INSERT INTO ${sharedMessages} (owner_email, shared_thread_id, content, sender_type, is_manual_response, sender_name, use_case)
        SELECT ${input.ownerEmail}, owned.id, ${parsed.data.content}, 'assistant', true, ${signature},
               (SELECT use_case FROM ${assistants} WHERE id = owned.original_assistant_id)
        FROM owned
        RETURNING *
      ), paused AS (
        UPDATE ${sharedThreads}
        SET auto_reply_paused = true, needs_human = false, last_response_id = reply.id::text, last_activity_at = now(), owner_last_read_at = now(), updated_at = now()
        FROM reply WHERE ${sharedThreads}.id = reply.shared_thread_id
        RETURNING ${sharedThreads}.*
      )
      SELECT (SELECT row_to_json(reply) FROM reply) AS reply, (SELECT row_to_json(paused) FROM paused) AS thread`,
  );
  if (!saved?.reply || !saved.thread) throw new AppError('NOT_FOUND', THREAD_NOT_FOUND);
  const thread = rowFromJson(sharedThreads, saved.thread);
  // The pause first: a visitor's page that hears the reply already knows a person is answering.
  publishRow(ctx, getModel('SharedThread'), 'update', thread);
  const reply = publishRow(ctx, getModel('SharedMessage'), 'create', rowFromJson(sharedMessages, saved.reply));
  scheduleThreadSummary(ctx, thread);
  return reply;
}

/** `markSharedThreadRead`: the owner opened the thread; visitor messages up to now are read. */
export async function markSharedThreadRead(ctx: Pick<InboxContext, 'db' | 'events'>, input: { ownerEmail: string; id: string }) {
  if (!isUuid(input.id)) throw new AppError('NOT_FOUND', THREAD_NOT_FOUND);
  const [row] = await ctx.db
    .update(sharedThreads)
    .set({ ownerLastReadAt: sql`now()`, updatedAt: new Date() })
    .where(and(eq(sharedThreads.id, input.id), eq(sharedThreads.ownerEmail, input.ownerEmail)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', THREAD_NOT_FOUND);
  return publishRow(ctx, getModel('SharedThread'), 'update', row);
}
