import type { ChatMessage, LlmUsage } from '@aisle/contracts/chat';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Logger } from 'pino';
import { toApiItem } from '../../data-api/model-fields';
import { getModel } from '../../data-api/model-registry';
import { publishRow } from '../../data-api/model-store';
import type { Db } from '../../db/database';
import { assistantStores, assistants, messages, threads, users } from '../../db/schema';
import { rowsOf } from '../../db/sql-helpers';
import { AppError } from '../../lib/app-error';
import type { ToolEvent } from '../ai/read-answer-stream';
import { finishAnswer, refusalUsage, startAnswer } from '../turns/answer';
import { hasToolsSql } from '../turns/assistant-tools';
import { type ChatContext, requireCredit } from '../turns/turn-basics';

export {
  type ChatContext,
  checkCredit,
  citationOf,
  linkedStoreIds,
  MAX_TURN_STEPS,
  NO_CREDIT,
  type NumberedPassage,
  retrieveFor,
  STOPPED,
  TurnFailure,
} from '../turns/turn-basics';

import { looksLikeInjection, SAFEGUARD_REFUSAL } from '../turns/safeguard';
import { HISTORY_MESSAGES, historyOf } from '../turns/turn-prompt';

export interface TurnObserver {
  /** The user's message is stored (it is kept whatever happens next). */
  onUserMessage?(message: ChatMessage): void;
  /** A piece of the answer. */
  onText?(delta: string): void;
  /** The assistant called one of its functions (`call`), or the call ended (`result`). */
  onTool?(event: ToolEvent): void;
  /** Aborts the generation (the client went away or pressed stop). */
  signal?: AbortSignal;
}

export interface TurnResult {
  userMessage: ChatMessage;
  reply: ChatMessage;
  usage: LlmUsage;
}

/** A message of the thread's recent history, as the turn's first query returns it. */
interface HistoryRow {
  id: string;
  content: string;
  senderType: string;
}

/**
 * Everything a turn needs before it can ask the model, in one round trip (the first token waits on
 * it): the thread, its assistant, the assistant's stores, whether it has functions, the owner's
 * balance and the thread's latest messages (newest first). 404 as for a missing thread when the
 * thread is not the caller's.
 */
async function loadTurnSubjects(db: Db, ownerEmail: string, threadId: string) {
  const [row] = await db
    .select({
      thread: threads,
      assistant: assistants,
      storeIds: sql<
        string[]
      >`coalesce((SELECT array_agg(${assistantStores.storeId}::text ORDER BY ${assistantStores.storeId}) FROM ${assistantStores} WHERE ${assistantStores.assistantId} = ${assistants.id}), '{}')`,
      hasFunctions: hasToolsSql(assistants.id),
      availableUsd: sql<string | null>`(SELECT ${users.availableUsd}::text FROM ${users} WHERE ${users.email} = ${ownerEmail})`,
      history: sql<HistoryRow[]>`coalesce((
        SELECT json_agg(json_build_object('id', recent.id, 'content', recent.content, 'senderType', recent.sender_type) ORDER BY recent.created_at DESC, recent.id DESC)
        FROM (
          SELECT ${messages.id} AS id, ${messages.content} AS content, ${messages.senderType} AS sender_type, ${messages.createdAt} AS created_at
          FROM ${messages} WHERE ${messages.threadId} = ${threads.id}
          ORDER BY ${messages.createdAt} DESC, ${messages.id} DESC LIMIT ${HISTORY_MESSAGES + 1}
        ) recent), '[]'::json)`,
    })
    .from(threads)
    .innerJoin(assistants, eq(assistants.id, threads.assistantId))
    .where(and(eq(threads.id, threadId), eq(threads.ownerEmail, ownerEmail), eq(assistants.ownerEmail, ownerEmail)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Thread not found.');
  return row;
}

/**
 * One turn of a merchant's chat with an assistant: store the question, retrieve from the
 * assistant's stores, ask its model with the thread's history (streaming), then store the reply
 * with its usage and cost, count the tokens on the assistant and charge the owner — those last
 * writes in one transaction. A provider failure leaves the question stored and no reply.
 */
export async function runTurn(
  ctx: ChatContext,
  logger: Logger,
  input: { ownerEmail: string; threadId: string; content: string },
  observer: TurnObserver = {},
): Promise<TurnResult> {
  const { thread, assistant, storeIds, hasFunctions, availableUsd, history } = await loadTurnSubjects(
    ctx.db,
    input.ownerEmail,
    input.threadId,
  );
  const modelId = assistant.model || ctx.models.defaultModelId;
  const refused = assistant.isSafeGuardOn && looksLikeInjection(input.content);
  if (!refused) requireCredit(modelId, Number(availableUsd ?? 0));

  // Retrying a question that got no reply (the provider failed, or the answer was stopped) asks it
  // again rather than storing it twice.
  const unanswered = history[0]?.senderType === 'user' && history[0].content === input.content ? history.shift() : undefined;
  const earlier = history.slice(0, HISTORY_MESSAGES).reverse();
  // The question is stored while the model is asked (the first token does not wait on the write);
  // its event still goes out first, and a failed write stops the turn.
  const question = storeQuestion(ctx, { ownerEmail: input.ownerEmail, thread, assistant, content: input.content, unanswered });
  question.catch(() => {});

  if (refused) {
    const userMessage = await question;
    observer.onUserMessage?.(userMessage);
    observer.onText?.(SAFEGUARD_REFUSAL);
    const usage = refusalUsage(modelId);
    return { userMessage, ...(await saveReply(ctx, { ownerEmail: input.ownerEmail, thread, assistant, text: SAFEGUARD_REFUSAL, usage })) };
  }

  const answering = await startAnswer(ctx, logger, {
    assistant,
    storeIds,
    hasFunctions,
    modelId,
    history: historyOf(earlier),
    question: input.content,
    signal: observer.signal,
    ready: question,
  });
  const userMessage = await question;
  observer.onUserMessage?.(userMessage);
  const { text, usage } = await finishAnswer(logger, answering, observer);
  return { userMessage, ...(await saveReply(ctx, { ownerEmail: input.ownerEmail, thread, assistant, text, usage })) };
}

/** The turn's question as a stored Message: a new row, or the unanswered one being asked again. */
async function storeQuestion(
  ctx: ChatContext,
  input: {
    ownerEmail: string;
    thread: typeof threads.$inferSelect;
    assistant: typeof assistants.$inferSelect;
    content: string;
    unanswered: HistoryRow | undefined;
  },
): Promise<ChatMessage> {
  if (input.unanswered) {
    const [row] = await ctx.db.select().from(messages).where(eq(messages.id, input.unanswered.id)).limit(1);
    if (row) return toApiItem(getModel('Message'), row) as ChatMessage;
  }
  const [row] = await ctx.db
    .insert(messages)
    .values({
      ownerEmail: input.ownerEmail,
      threadId: input.thread.id,
      content: input.content,
      senderType: 'user',
      useCase: input.assistant.useCase,
    })
    .returning();
  return publishRow(ctx, getModel('Message'), 'create', row as object) as ChatMessage;
}

/** A row that a statement returned as `row_to_json`, read back as drizzle would read it from the table. */
export function rowFromJson<T extends PgTable>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[key] = value == null ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}

/**
 * The reply, the assistant's token counts, the owner's balance and the thread's last reply:
 * together or not at all, in one statement (one round trip; under load, the turns share one
 * embedded database connection).
 */
async function saveReply(
  ctx: ChatContext,
  input: {
    ownerEmail: string;
    thread: typeof threads.$inferSelect;
    assistant: typeof assistants.$inferSelect;
    text: string;
    usage: LlmUsage;
  },
) {
  const { usage } = input;
  const [saved] = await rowsOf<{
    reply: Record<string, unknown>;
    assistant: Record<string, unknown> | null;
    thread: Record<string, unknown> | null;
  }>(
    ctx.db,
    sql`
      WITH reply AS (
        INSERT INTO ${messages} (owner_email, thread_id, content, sender_type, provider, model, llm_usage, use_case)
        VALUES (${input.ownerEmail}, ${input.thread.id}, ${input.text}, 'assistant', ${usage.provider}, ${usage.model},
                ${JSON.stringify(usage)}::jsonb, ${input.assistant.useCase})
        RETURNING *
      ), counted AS (
        UPDATE ${assistants}
        SET input_tokens = input_tokens + ${usage.inputTokens}, output_tokens = output_tokens + ${usage.outputTokens}, updated_at = now()
        WHERE id = ${input.assistant.id}
        RETURNING *
      ), answered AS (
        UPDATE ${threads} SET last_response_id = (SELECT id::text FROM reply), updated_at = now()
        WHERE id = ${input.thread.id}
        RETURNING *
      ), charged AS (
        UPDATE ${users} SET available_usd = available_usd - ${usage.costUsd}
        WHERE email = ${input.ownerEmail} AND ${usage.costUsd}::numeric > 0
        RETURNING 1
      )
      SELECT (SELECT row_to_json(reply) FROM reply) AS reply,
             (SELECT row_to_json(counted) FROM counted) AS assistant,
             (SELECT row_to_json(answered) FROM answered) AS thread,
             (SELECT count(*) FROM charged) AS charged`,
  );
  if (!saved?.reply) throw new Error('the reply was not stored');
  if (saved.assistant) publishRow(ctx, getModel('Assistant'), 'update', rowFromJson(assistants, saved.assistant));
  if (saved.thread) publishRow(ctx, getModel('Thread'), 'update', rowFromJson(threads, saved.thread));
  const reply = publishRow(ctx, getModel('Message'), 'create', rowFromJson(messages, saved.reply)) as ChatMessage;
  return { reply, usage };
}
