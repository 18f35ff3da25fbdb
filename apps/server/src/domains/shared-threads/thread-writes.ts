import { randomUUID } from 'node:crypto';
import type { LlmUsage } from '@aisle/contracts/chat';
import { SHARED_CHAT_UNAVAILABLE_TEXT, type SharedThreadOrigin } from '@aisle/contracts/visitor-chat';
import { eq, sql } from 'drizzle-orm';
import { getModel } from '../../data-api/model-registry';
import { publishRow } from '../../data-api/model-store';
import { assistants, type sharedAssistants, sharedMessages, sharedThreads, tasks } from '../../db/schema';
import { rowFromJson, rowsOf } from '../../db/sql-helpers';
import { AppError } from '../../lib/app-error';
import { afterCharge, type ChargeOutcome, generationCharge } from '../billing';
import { hashVisitorToken, newAnonymousEmail, shareProblemError } from '../sharing';
import type { TurnContext } from '../turns';

/*
 * The writes of a visitor's turn, each one statement (one round trip; under load the turns share
 * one embedded database connection), each published to the owner's live inbox after it commits.
 */

type ShareRow = typeof sharedAssistants.$inferSelect;

/** What the visitor is told when the owner cannot pay or is out of messages: nothing about the owner's account. */
export const unavailableToVisitor = () => new AppError('PAYMENT_REQUIRED', SHARED_CHAT_UNAVAILABLE_TEXT, { bodyCode: 'unavailable' });
type AssistantRow = typeof assistants.$inferSelect;
type ThreadRow = typeof sharedThreads.$inferSelect;
type MessageRow = typeof sharedMessages.$inferSelect;

export interface StoredQuestion {
  thread: ThreadRow;
  message: MessageRow;
}

const isMissingReference = (error: unknown) =>
  ((error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code) === '23503';

/** The visitor's first message: the thread (with the visitor's token hash and anonymous e-mail) and the message together. */
export async function storeFirstMessage(
  ctx: Pick<TurnContext, 'db' | 'events'>,
  input: { share: ShareRow; assistant: AssistantRow; content: string; origin: SharedThreadOrigin; visitorToken: string },
): Promise<StoredQuestion> {
  const { share } = input;
  let saved: { thread: Record<string, unknown>; question: Record<string, unknown> } | undefined;
  try {
    [saved] = await rowsOf(
      ctx.db,
      sql`
        WITH thread AS (
          INSERT INTO ${sharedThreads} (id, owner_email, shared_assistant_id, anonymous_email, origin, visitor_token_hash, last_visitor_message_at)
          VALUES (${randomUUID()}, ${share.ownerEmail}, ${share.id}, ${newAnonymousEmail()}, ${input.origin},
                  ${hashVisitorToken(input.visitorToken)}, now())
          RETURNING *
        ), question AS (
          INSERT INTO ${sharedMessages} (owner_email, shared_thread_id, content, sender_type, use_case)
          SELECT owner_email, id, ${input.content}, 'user', ${input.assistant.useCase} FROM thread
          RETURNING *
        )
        SELECT (SELECT row_to_json(thread) FROM thread) AS thread, (SELECT row_to_json(question) FROM question) AS question`,
    );
  } catch (error) {
    // The share was deleted since the turn began.
    if (isMissingReference(error)) throw shareProblemError('not_found');
    throw error;
  }
  if (!saved?.thread || !saved.question) throw new Error('the visitor’s message was not stored');
  const thread = rowFromJson(sharedThreads, saved.thread);
  const message = rowFromJson(sharedMessages, saved.question);
  publishRow(ctx, getModel('SharedThread'), 'create', thread);
  publishRow(ctx, getModel('SharedMessage'), 'create', message);
  return { thread, message };
}

/** A later message of the visitor, and the thread's activity times. */
export async function storeFollowUp(
  ctx: Pick<TurnContext, 'db' | 'events'>,
  input: { thread: ThreadRow; assistant: AssistantRow; content: string },
): Promise<StoredQuestion> {
  const { thread } = input;
  let saved: { thread: Record<string, unknown> | null; question: Record<string, unknown> } | undefined;
  try {
    [saved] = await rowsOf(
      ctx.db,
      sql`
        WITH question AS (
          INSERT INTO ${sharedMessages} (owner_email, shared_thread_id, content, sender_type, use_case)
          VALUES (${thread.ownerEmail}, ${thread.id}, ${input.content}, 'user', ${input.assistant.useCase})
          RETURNING *
        ), touched AS (
          UPDATE ${sharedThreads} SET last_activity_at = now(), last_visitor_message_at = now(), updated_at = now()
          WHERE id = ${thread.id}
          RETURNING *
        )
        SELECT (SELECT row_to_json(touched) FROM touched) AS thread, (SELECT row_to_json(question) FROM question) AS question`,
    );
  } catch (error) {
    if (isMissingReference(error)) throw shareProblemError('not_found');
    throw error;
  }
  if (!saved?.question) throw new Error('the visitor’s message was not stored');
  const message = rowFromJson(sharedMessages, saved.question);
  publishRow(ctx, getModel('SharedMessage'), 'create', message);
  const touched = saved.thread ? rowFromJson(sharedThreads, saved.thread) : thread;
  if (saved.thread) publishRow(ctx, getModel('SharedThread'), 'update', touched);
  return { thread: touched, message };
}

/** A question asked again after its answer failed: the stored message, not a second copy. */
export async function reuseQuestion(ctx: Pick<TurnContext, 'db'>, thread: ThreadRow, messageId: string): Promise<StoredQuestion> {
  const [message] = await ctx.db.select().from(sharedMessages).where(eq(sharedMessages.id, messageId)).limit(1);
  if (!message) throw new Error('the unanswered message is gone');
  return { thread, message };
}

/**
 * The bot's reply with its usage, the assistant's token counts, the owner's charge and the thread's
 * last reply: together, in one statement. The reply is only stored while auto-reply is still on:
 * when the shop paused the thread (or answered by hand) while the model was writing, the bot does
 * not talk over the person; what the model cost is then kept as a Task, and still charged.
 */
export async function saveSharedReply(
  ctx: Pick<TurnContext, 'db' | 'events'>,
  input: { thread: ThreadRow; assistant: AssistantRow; text: string; usage: LlmUsage; messageLimit?: number },
): Promise<{ reply: MessageRow | null; thread: ThreadRow | null }> {
  const { usage, thread, assistant } = input;
  // The reply's id (or, when it is held back, the Task's) is the charge's reference, chosen here.
  const artifactId = randomUUID();
  const charge = generationCharge({
    ownerEmail: thread.ownerEmail,
    usage,
    reference: `message:${artifactId}`,
    countsAsMessage: true,
  });
  const [saved] = await rowsOf<{
    reply: Record<string, unknown> | null;
    assistant: Record<string, unknown> | null;
    thread: Record<string, unknown> | null;
    billing: ChargeOutcome;
  }>(
    ctx.db,
    sql`
      WITH ${charge.ctes}, live AS (
        SELECT id FROM ${sharedThreads} WHERE id = ${thread.id} AND NOT auto_reply_paused AND ${charge.allowed}
      ), reply AS (
        INSERT INTO ${sharedMessages} (id, owner_email, shared_thread_id, content, sender_type, provider, model, llm_usage, use_case)
        SELECT ${artifactId}, ${thread.ownerEmail}, id, ${input.text}, 'assistant', ${usage.provider}, ${usage.model}, ${JSON.stringify(usage)}::jsonb,
               ${assistant.useCase}
        FROM live
        RETURNING *
      ), counted AS (
        UPDATE ${assistants}
        SET input_tokens = input_tokens + ${usage.inputTokens}, output_tokens = output_tokens + ${usage.outputTokens}, updated_at = now()
        WHERE id = ${assistant.id} AND ${charge.allowed}
        RETURNING *
      ), answered AS (
        UPDATE ${sharedThreads} SET last_response_id = reply.id::text, last_activity_at = now(), updated_at = now()
        FROM reply WHERE ${sharedThreads}.id = reply.shared_thread_id
        RETURNING ${sharedThreads}.*
      ), discarded AS (
        INSERT INTO ${tasks} (id, owner_email, type, result, llm_usage, provider, model, assistant_id)
        SELECT ${artifactId}, ${thread.ownerEmail}, 'shared_reply_discarded', ${JSON.stringify({ sharedThreadId: thread.id, reason: 'auto_reply_paused' })}::jsonb,
               ${JSON.stringify(usage)}::jsonb, ${usage.provider}, ${usage.model}, ${assistant.id}
        WHERE NOT EXISTS (SELECT 1 FROM live) AND ${charge.allowed}
        RETURNING id
      )
      SELECT (SELECT row_to_json(reply) FROM reply) AS reply,
             (SELECT row_to_json(counted) FROM counted) AS assistant,
             (SELECT row_to_json(answered) FROM answered) AS thread,
             (SELECT count(*) FROM discarded) AS discarded,
             ${charge.outcome} AS billing`,
  );
  // The owner's credit ran out while the model wrote (other turns took the last of it): nothing is
  // kept, and the visitor hears that the chat is unavailable.
  if (saved && !saved.billing.allowed) throw unavailableToVisitor();
  afterCharge(ctx, thread.ownerEmail, saved && { ...saved.billing, messageLimit: input.messageLimit });
  if (saved?.assistant) publishRow(ctx, getModel('Assistant'), 'update', rowFromJson(assistants, saved.assistant));
  const reply = saved?.reply ? rowFromJson(sharedMessages, saved.reply) : null;
  if (reply) publishRow(ctx, getModel('SharedMessage'), 'create', reply);
  const answered = saved?.thread ? rowFromJson(sharedThreads, saved.thread) : null;
  if (answered) publishRow(ctx, getModel('SharedThread'), 'update', answered);
  return { reply, thread: answered };
}
