import { DEFAULT_STORE_RETRIEVAL_SETTINGS } from '@aisle/contracts/assistants';
import type { ChatMessage, Citation, LlmUsage } from '@aisle/contracts/chat';
import { streamText } from 'ai';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/database';
import { assistantStores, assistants, messages, threads, users } from '../../db/schema';
import type { Env } from '../../env';
import { AppError } from '../../lib/app-error';
import type { EventBus } from '../../lib/event-bus';
import { generationUsage } from '../ai/generation-usage';
import { languageModelFor } from '../ai/language-model';
import type { RetrievedPassage } from '../ai/local-answer';
import type { ModelCatalog } from '../ai/model-catalog';
import { parseModelId } from '../ai/model-catalog';
import { PRICING_AS_OF, priceOf } from '../ai/pricing';
import { type ProviderFailure, providerFailures } from '../ai/provider-errors';
import { readAnswerStream } from '../ai/read-answer-stream';
import { searchKnowledge } from '../knowledge/hybrid-search';
import type { KnowledgeContext } from '../knowledge/knowledge-context';
import { toApiItem } from '../models/model-fields';
import { getModel } from '../models/model-registry';
import { publishRow } from '../models/model-store';
import { looksLikeInjection, SAFEGUARD_REFUSAL } from './safeguard';
import { citedPassages, HISTORY_MESSAGES, historyOf, systemPromptOf } from './turn-prompt';

/** What a chat turn works with. */
export interface ChatContext {
  db: Db;
  events: EventBus;
  env: Env;
  knowledge: KnowledgeContext;
  models: Pick<ModelCatalog, 'defaultModelId'>;
}

export interface TurnObserver {
  /** The user's message is stored (it is kept whatever happens next). */
  onUserMessage?(message: ChatMessage): void;
  /** A piece of the answer. */
  onText?(delta: string): void;
  /** Aborts the generation (the client went away or pressed stop). */
  signal?: AbortSignal;
}

export interface TurnResult {
  userMessage: ChatMessage;
  reply: ChatMessage;
  usage: LlmUsage;
}

export const STOPPED = 'The answer was stopped.';

export const NO_CREDIT = 'You have no credit left. Top up your balance to keep chatting with this model.';

/** A provider failure as the error the client sees; the user's message stays stored. */
export class TurnFailure extends AppError {
  constructor(readonly failure: ProviderFailure) {
    super('BAD_GATEWAY', failure.message, { bodyCode: failure.code });
  }
}

/** A paid model needs credit; the built-in local model and unpriced self-hosted ones are free. */
export async function checkCredit(db: Db, ownerEmail: string, modelId: string) {
  const { provider, model } = parseModelId(modelId);
  const price = priceOf(provider, model);
  if (price.inputPerMillion + price.outputPerMillion === 0) return;
  const [user] = await db.select({ availableUsd: users.availableUsd }).from(users).where(eq(users.email, ownerEmail)).limit(1);
  if (!user || user.availableUsd <= 0) throw new AppError('PAYMENT_REQUIRED', NO_CREDIT, { bodyCode: 'no_credit' });
}

/** The stores an assistant answers from. */
export async function linkedStoreIds(db: Db, assistantId: string): Promise<string[]> {
  const links = await db
    .select({ storeId: assistantStores.storeId })
    .from(assistantStores)
    .where(eq(assistantStores.assistantId, assistantId));
  return links.map((link) => link.storeId);
}

/**
 * A turn's thread, its assistant and the assistant's stores in one round trip (the turn's first
 * token waits on it); 404 as for a missing thread when the thread is not the caller's.
 */
async function loadTurnSubjects(db: Db, ownerEmail: string, threadId: string) {
  const [row] = await db
    .select({
      thread: threads,
      assistant: assistants,
      storeIds: sql<
        string[]
      >`coalesce((SELECT array_agg(${assistantStores.storeId}::text ORDER BY ${assistantStores.storeId}) FROM ${assistantStores} WHERE ${assistantStores.assistantId} = ${assistants.id}), '{}')`,
    })
    .from(threads)
    .innerJoin(assistants, eq(assistants.id, threads.assistantId))
    .where(and(eq(threads.id, threadId), eq(threads.ownerEmail, ownerEmail), eq(assistants.ownerEmail, ownerEmail)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Thread not found.');
  return row;
}

/** The passages of the assistant's linked stores for this question, numbered for citation. */
export async function retrieveFor(
  ctx: Pick<ChatContext, 'knowledge'>,
  logger: Logger,
  assistant: typeof assistants.$inferSelect,
  storeIds: string[],
  query: string,
) {
  if (!storeIds.length) return [];
  const settings = {
    ...DEFAULT_STORE_RETRIEVAL_SETTINGS,
    ...((assistant.storeRetrievalSettings ?? {}) as Partial<typeof DEFAULT_STORE_RETRIEVAL_SETTINGS>),
  };
  const { results } = await searchKnowledge(ctx.knowledge, logger, {
    ownerEmail: assistant.ownerEmail,
    storeIds,
    query,
    k: settings.passagesPerTurn,
  });
  return results
    .filter((hit) => hit.score >= settings.minimumScore)
    .map((hit, index) => ({
      number: index + 1,
      passageId: hit.passageId,
      score: hit.score,
      fileId: hit.fileId,
      fileName: hit.fileName,
      heading: hit.heading,
      text: hit.text,
    }));
}

type NumberedPassage = Awaited<ReturnType<typeof retrieveFor>>[number];

export const citationOf = ({ number, fileId, fileName, heading, text }: NumberedPassage): Citation => ({
  number,
  fileId,
  fileName,
  heading,
  text,
});

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
  const { thread, assistant, storeIds } = await loadTurnSubjects(ctx.db, input.ownerEmail, input.threadId);
  const modelId = assistant.model || ctx.models.defaultModelId;
  const refused = assistant.isSafeGuardOn && looksLikeInjection(input.content);
  if (!refused) await checkCredit(ctx.db, input.ownerEmail, modelId);

  const earlier = await ctx.db
    .select()
    .from(messages)
    .where(eq(messages.threadId, thread.id))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(HISTORY_MESSAGES + 1);
  // Retrying a question that got no reply (the provider failed, or the answer was stopped) asks it
  // again rather than storing it twice.
  const unanswered = earlier[0]?.senderType === 'user' && earlier[0].content === input.content ? earlier.shift() : undefined;
  const questionRow =
    unanswered ??
    (
      await ctx.db
        .insert(messages)
        .values({
          ownerEmail: input.ownerEmail,
          threadId: thread.id,
          content: input.content,
          senderType: 'user',
          useCase: assistant.useCase,
        })
        .returning()
    )[0];
  const userMessage = unanswered
    ? (toApiItem(getModel('Message'), unanswered) as ChatMessage)
    : (publishRow(ctx, getModel('Message'), 'create', questionRow as object) as ChatMessage);
  earlier.splice(HISTORY_MESSAGES);
  observer.onUserMessage?.(userMessage);

  const { provider, model } = parseModelId(modelId);
  if (refused) {
    observer.onText?.(SAFEGUARD_REFUSAL);
    const usage: LlmUsage = {
      provider,
      model,
      inputTokens: 0,
      outputTokens: 0,
      cachedInputTokens: 0,
      costUsd: 0,
      priced: true,
      pricingAsOf: PRICING_AS_OF,
      citations: [],
      refused: true,
    };
    return { userMessage, ...(await saveReply(ctx, { ownerEmail: input.ownerEmail, thread, assistant, text: SAFEGUARD_REFUSAL, usage })) };
  }

  const passages = await retrieveFor(ctx, logger, assistant, storeIds, input.content);
  const retrieved: RetrievedPassage[] = passages.map((passage) => ({
    id: passage.passageId,
    fileName: passage.fileName,
    heading: passage.heading,
    text: passage.text,
    score: passage.score,
  }));
  const languageModel = languageModelFor(ctx.env, modelId, { retrieve: async () => retrieved });
  const result = streamText({
    model: languageModel,
    system: systemPromptOf(assistant, passages.map(citationOf)),
    messages: [...historyOf(earlier.reverse()), { role: 'user', content: input.content }],
    temperature: assistant.temperature ?? undefined,
    topP: assistant.topP ?? undefined,
    maxRetries: 1,
    abortSignal: observer.signal,
    // Failures are read from the stream itself (readAnswerStream) and logged below, once.
    onError: () => {},
  });
  const answer = await readAnswerStream(result.fullStream, observer.onText);
  // Stopped by the client: the question stays, a half answer is not kept as the reply.
  if (observer.signal?.aborted) throw new AppError('BAD_REQUEST', STOPPED, { bodyCode: 'stopped' });
  if (answer.failure || !answer.text.trim()) {
    if (answer.error) logger.warn({ err: answer.error, modelId }, 'the model failed to answer');
    throw new TurnFailure(answer.failure ?? providerFailures.failed);
  }

  // The local model says which passages it quoted; network models cite them as [n] in the text.
  const bySource = new Map(passages.map((passage) => [passage.passageId, passage]));
  const fromSources = answer.sources.flatMap((source) => {
    const passage = bySource.get(source.id);
    return passage ? [citationOf(passage)] : [];
  });
  const citations = fromSources.length ? fromSources : citedPassages(answer.text, passages.map(citationOf));
  const usage: LlmUsage = { ...generationUsage(modelId, answer.usage), citations };
  return { userMessage, ...(await saveReply(ctx, { ownerEmail: input.ownerEmail, thread, assistant, text: answer.text, usage })) };
}

/** The reply, the assistant's token counts, the owner's balance and the thread's last reply: together or not at all. */
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
  const saved = await ctx.db.transaction(async (tx) => {
    const [reply] = await tx
      .insert(messages)
      .values({
        ownerEmail: input.ownerEmail,
        threadId: input.thread.id,
        content: input.text,
        senderType: 'assistant',
        provider: usage.provider,
        model: usage.model,
        llmUsage: usage,
        useCase: input.assistant.useCase,
      })
      .returning();
    const [assistant] = await tx
      .update(assistants)
      .set({
        inputTokens: sql`${assistants.inputTokens} + ${usage.inputTokens}`,
        outputTokens: sql`${assistants.outputTokens} + ${usage.outputTokens}`,
        updatedAt: new Date(),
      })
      .where(eq(assistants.id, input.assistant.id))
      .returning();
    const [thread] = await tx
      .update(threads)
      .set({ lastResponseId: reply?.id, updatedAt: new Date() })
      .where(eq(threads.id, input.thread.id))
      .returning();
    if (usage.costUsd > 0) {
      await tx
        .update(users)
        .set({ availableUsd: sql`${users.availableUsd} - ${usage.costUsd}` })
        .where(eq(users.email, input.ownerEmail));
    }
    return { reply, assistant, thread };
  });
  if (saved.assistant) publishRow(ctx, getModel('Assistant'), 'update', saved.assistant);
  if (saved.thread) publishRow(ctx, getModel('Thread'), 'update', saved.thread);
  const reply = publishRow(ctx, getModel('Message'), 'create', saved.reply as object) as ChatMessage;
  return { reply, usage };
}
