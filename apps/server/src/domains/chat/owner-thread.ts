import { randomUUID } from 'node:crypto';
import type { ChatMessage } from '@aisle/contracts/chat';
import { and, eq, sql } from 'drizzle-orm';
import { toApiItem } from '../../data-api/model-fields';
import { getModel } from '../../data-api/model-registry';
import { publishRow } from '../../data-api/model-store';
import type { Db } from '../../db/database';
import { assistantStores, assistants, messages, threads } from '../../db/schema';
import { preparedPerDatabase, rowFromJson, rowsOf } from '../../db/sql-helpers';
import { AppError } from '../../lib/app-error';
import { afterCharge, type ChargeOutcome, generationCharge, noCredit, type Spending, spendingSql, surelyPayableSql } from '../billing';
import type { LoadedTurn, TurnAnswer, TurnContext, TurnStore } from '../turns';
import { askerKey, HISTORY_MESSAGES, hasToolsSql, historyOf } from '../turns';

/** A message of the thread's recent history, as the turn's first query returns it. */
interface HistoryRow {
  id: string;
  content: string;
  senderType: string;
}

/**
 * Everything a turn needs before it can ask the model, in one round trip (the first token waits on
 * it): the thread, its assistant, the assistant's stores, whether it has functions, the owner's
 * spending and the thread's latest messages (newest first, read before the question is stored).
 *
 * The same statement stores the question when the turn is sure to go ahead: the thread and its
 * assistant are the caller's, billing says nothing could refuse it (`surelyPayableSql`) and the
 * question is not the unanswered last message being asked again. Otherwise `questionCreatedAt` is
 * null and the store writes it when the turn goes ahead (`storeQuestion`), or nothing is stored.
 */
const turnSubjectsQuery = preparedPerDatabase((db) => {
  const ownerEmail = sql.placeholder('ownerEmail');
  const threadId = sql.placeholder('threadId');
  const content = sql.placeholder('content');
  const owner = db
    .$with('turn_owner', { spending: sql<Spending | null>`spending` })
    .as(sql`SELECT ${spendingSql(sql`${ownerEmail}`)} AS spending`);
  const question = db.$with('turn_question', { createdAt: sql`created_at` }).as(sql`
    INSERT INTO ${messages} (id, owner_email, thread_id, content, sender_type, use_case)
    SELECT ${sql.placeholder('questionId')}, t.owner_email, t.id, ${content}, 'user', a.use_case
    FROM ${threads} t JOIN ${assistants} a ON a.id = t.assistant_id, turn_owner o
    WHERE t.id = ${threadId} AND t.owner_email = ${ownerEmail} AND a.owner_email = ${ownerEmail}
      AND ${surelyPayableSql(sql`o.spending`)}
      AND NOT EXISTS (
        SELECT 1 FROM (
          SELECT m.sender_type, m.content FROM ${messages} m WHERE m.thread_id = t.id
          ORDER BY m.created_at DESC, m.id DESC LIMIT 1
        ) latest WHERE latest.sender_type = 'user' AND latest.content = ${content})
    RETURNING created_at`);
  return db
    .with(owner, question)
    .select({
      thread: threads,
      assistant: assistants,
      storeIds: sql<
        string[]
      >`coalesce((SELECT array_agg(${assistantStores.storeId}::text ORDER BY ${assistantStores.storeId}) FROM ${assistantStores} WHERE ${assistantStores.assistantId} = ${assistants.id}), '{}')`,
      hasFunctions: hasToolsSql(assistants.id),
      spending: sql<Spending | null>`(SELECT spending FROM turn_owner)`,
      history: sql<HistoryRow[]>`coalesce((
        SELECT json_agg(json_build_object('id', recent.id, 'content', recent.content, 'senderType', recent.sender_type) ORDER BY recent.created_at DESC, recent.id DESC)
        FROM (
          SELECT ${messages.id} AS id, ${messages.content} AS content, ${messages.senderType} AS sender_type, ${messages.createdAt} AS created_at
          FROM ${messages} WHERE ${messages.threadId} = ${threads.id}
          ORDER BY ${messages.createdAt} DESC, ${messages.id} DESC LIMIT ${HISTORY_MESSAGES + 1}
        ) recent), '[]'::json)`,
      questionCreatedAt: sql<Date | null>`(SELECT created_at FROM turn_question)`.mapWith(messages.createdAt),
    })
    .from(threads)
    .innerJoin(assistants, eq(assistants.id, threads.assistantId))
    .where(and(eq(threads.id, threadId), eq(threads.ownerEmail, ownerEmail), eq(assistants.ownerEmail, ownerEmail)))
    .limit(1)
    .prepare('chat_turn_subjects');
});

/** The turn's subjects (turnSubjectsQuery); 404 as for a missing thread when the thread is not the caller's. */
async function loadTurnSubjects(db: Db, input: { ownerEmail: string; threadId: string; content: string }, questionId: string) {
  const [row] = await turnSubjectsQuery(db).execute({ ...input, questionId });
  if (!row) throw new AppError('NOT_FOUND', 'Thread not found.');
  return row;
}

/** A merchant's thread as the turn reads it. */
interface OwnerTurn extends LoadedTurn {
  assistant: typeof assistants.$inferSelect;
  thread: typeof threads.$inferSelect;
  /** The question is the thread's last message, unanswered: it is asked again, not stored twice. */
  unanswered: HistoryRow | undefined;
  /** The question the first statement stored, when it could. */
  questionCreatedAt: Date | null;
}

/**
 * The turn store of a merchant's own chat with an assistant (spec §7 Chat): the question and the
 * reply are Messages of the caller's thread; the reply's write also counts the assistant's tokens,
 * marks the thread answered and charges the owner, in one statement. A question the owner cannot
 * pay for is not kept.
 */
export function ownerThread(
  ctx: TurnContext,
  input: { ownerEmail: string; threadId: string; content: string },
): TurnStore<OwnerTurn, ChatMessage, ChatMessage> {
  const questionId = randomUUID();
  let stored: Promise<ChatMessage> | undefined;
  return {
    async load() {
      const { thread, assistant, storeIds, hasFunctions, spending, history, questionCreatedAt } = await loadTurnSubjects(
        ctx.db,
        input,
        questionId,
      );
      // Retrying a question that got no reply (the provider failed, or the answer was stopped) asks it
      // again rather than storing it twice.
      const unanswered = history[0]?.senderType === 'user' && history[0].content === input.content ? history.shift() : undefined;
      return {
        ownerEmail: input.ownerEmail,
        thread,
        assistant,
        storeIds,
        hasFunctions,
        spending,
        messages: [...historyOf(history.slice(0, HISTORY_MESSAGES).reverse()), { role: 'user', content: input.content }],
        query: input.content,
        questionText: input.content,
        unanswered,
        questionCreatedAt,
        ownerAsking: true,
        // The owner can try the order help in their own chat, as a shopper would use it.
        orderHelp: { visitorKey: askerKey('owner-thread', thread.id), sharedThreadId: null },
      };
    },
    cannotPay: (_loaded, refusal) => ({ keepQuestion: false, error: refusal }),
    storeQuestion(loaded) {
      const subjects = { ownerEmail: input.ownerEmail, thread: loaded.thread, assistant: loaded.assistant, content: input.content };
      stored ??= loaded.questionCreatedAt
        ? Promise.resolve(storedQuestion(ctx, { ...subjects, id: questionId, createdAt: loaded.questionCreatedAt }))
        : storeQuestion(ctx, { ...subjects, unanswered: loaded.unanswered });
      return stored;
    },
    storeReply: (loaded, _question, answer) =>
      saveReply(ctx, {
        ownerEmail: input.ownerEmail,
        thread: loaded.thread,
        assistant: loaded.assistant,
        answer,
        messageLimit: loaded.spending?.messageLimit,
      }),
  };
}

/** Every turn stores its question. */
const questionInsert = preparedPerDatabase((db) =>
  db
    .insert(messages)
    .values({
      ownerEmail: sql.placeholder('ownerEmail'),
      threadId: sql.placeholder('threadId'),
      content: sql.placeholder('content'),
      senderType: 'user',
      useCase: sql.placeholder('useCase'),
    })
    .returning()
    .prepare('chat_turn_question'),
);

/** What a turn's question is stored with. */
interface QuestionSubjects {
  ownerEmail: string;
  thread: typeof threads.$inferSelect;
  assistant: typeof assistants.$inferSelect;
  content: string;
}

/** The question the turn's first statement stored, as a Message (published like any new row). */
function storedQuestion(ctx: TurnContext, input: QuestionSubjects & { id: string; createdAt: Date }): ChatMessage {
  const row: typeof messages.$inferSelect = {
    id: input.id,
    ownerEmail: input.ownerEmail,
    createdAt: input.createdAt,
    updatedAt: input.createdAt,
    content: input.content,
    senderType: 'user',
    threadId: input.thread.id,
    provider: null,
    model: null,
    llmUsage: null,
    useCase: input.assistant.useCase,
  };
  return publishRow(ctx, getModel('Message'), 'create', row) as ChatMessage;
}

/** The turn's question as a stored Message when the first statement did not store it: a new row, or the unanswered one being asked again. */
async function storeQuestion(ctx: TurnContext, input: QuestionSubjects & { unanswered: HistoryRow | undefined }): Promise<ChatMessage> {
  if (input.unanswered) {
    const [row] = await ctx.db.select().from(messages).where(eq(messages.id, input.unanswered.id)).limit(1);
    if (row) return toApiItem(getModel('Message'), row) as ChatMessage;
  }
  const [row] = await questionInsert(ctx.db).execute({
    ownerEmail: input.ownerEmail,
    threadId: input.thread.id,
    content: input.content,
    useCase: input.assistant.useCase,
  });
  return publishRow(ctx, getModel('Message'), 'create', row as object) as ChatMessage;
}

/**
 * The reply, the assistant's token counts, the thread's last reply and the owner's charge (ledger,
 * balance, daily usage, the month's messages): together or not at all, in one statement (one round
 * trip; under load, the turns share one embedded database connection). When the owner's credit ran
 * out while the model was writing (other turns took the last of it), nothing is stored and the turn
 * ends with the no-credit refusal: the balance never goes below zero.
 */
async function saveReply(
  ctx: TurnContext,
  input: {
    ownerEmail: string;
    thread: typeof threads.$inferSelect;
    assistant: typeof assistants.$inferSelect;
    answer: TurnAnswer;
    /** The tier's monthly messages as the turn read them. */
    messageLimit: number | undefined;
  },
): Promise<ChatMessage> {
  const { text, usage } = input.answer;
  const replyId = randomUUID();
  const charge = generationCharge({ ownerEmail: input.ownerEmail, usage, reference: `message:${replyId}`, countsAsMessage: true });
  const [saved] = await rowsOf<{
    reply: Record<string, unknown> | null;
    assistant: Record<string, unknown> | null;
    thread: Record<string, unknown> | null;
    billing: ChargeOutcome;
  }>(
    ctx.db,
    sql`
      WITH ${charge.ctes}, reply AS (
        INSERT INTO ${messages} (id, owner_email, thread_id, content, sender_type, provider, model, llm_usage, use_case)
        SELECT ${replyId}, ${input.ownerEmail}, ${input.thread.id}, ${text}, 'assistant', ${usage.provider}, ${usage.model},
               ${JSON.stringify(usage)}::jsonb, ${input.assistant.useCase}
        WHERE ${charge.allowed}
        RETURNING *
      ), counted AS (
        UPDATE ${assistants}
        SET input_tokens = input_tokens + ${usage.inputTokens}, output_tokens = output_tokens + ${usage.outputTokens}, updated_at = now()
        WHERE id = ${input.assistant.id} AND EXISTS (SELECT 1 FROM reply)
        RETURNING *
      ), answered AS (
        UPDATE ${threads} SET last_response_id = (SELECT id::text FROM reply), updated_at = now()
        WHERE id = ${input.thread.id} AND EXISTS (SELECT 1 FROM reply)
        RETURNING *
      )
      SELECT (SELECT row_to_json(reply) FROM reply) AS reply,
             (SELECT row_to_json(counted) FROM counted) AS assistant,
             (SELECT row_to_json(answered) FROM answered) AS thread,
             ${charge.outcome} AS billing`,
  );
  if (!saved?.reply) {
    if (saved && !saved.billing.allowed) throw noCredit();
    throw new Error('the reply was not stored');
  }
  afterCharge(ctx, input.ownerEmail, { ...saved.billing, messageLimit: input.messageLimit });
  if (saved.assistant) publishRow(ctx, getModel('Assistant'), 'update', rowFromJson(assistants, saved.assistant));
  if (saved.thread) publishRow(ctx, getModel('Thread'), 'update', rowFromJson(threads, saved.thread));
  return publishRow(ctx, getModel('Message'), 'create', rowFromJson(messages, saved.reply)) as ChatMessage;
}
