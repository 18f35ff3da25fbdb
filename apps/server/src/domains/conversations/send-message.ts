import { randomUUID } from 'node:crypto';
import { CHAT_MESSAGE_MAX_LENGTH } from '@aisle/contracts/chat';
import { streamText } from 'ai';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { conversationMessages, conversations, tasks, users } from '../../db/schema';
import type { ContentBlock } from '../../db/schema/conversations';
import { AppError } from '../../lib/app-error';
import { generationUsage } from '../ai/generation-usage';
import { languageModelFor } from '../ai/language-model';
import { parseModelId } from '../ai/model-catalog';
import { providerFailures } from '../ai/provider-errors';
import { readAnswerStream } from '../ai/read-answer-stream';
import { loadOwnedAssistant } from '../assistants/owned-rows';
import { type ChatContext, checkCredit, citationOf, linkedStoreIds, retrieveFor } from '../chat/run-turn';
import { looksLikeInjection, SAFEGUARD_REFUSAL } from '../chat/safeguard';
import { HISTORY_MESSAGES, systemPromptOf } from '../chat/turn-prompt';
import { getModel } from '../models/model-registry';
import { publishRow } from '../models/model-store';

/** The event-bus model a reply's stream events travel on (owner-scoped, never stored). */
export const STREAM_EVENT_MODEL = 'ConversationStreamEvent';

const blockKinds = ['text', 'image', 'toolUse', 'toolResult', 'json'] as const;

/** Each block has exactly one kind; text is bounded like a chat message. */
function checkContent(content: Record<string, unknown>[]): ContentBlock[] {
  if (!content.length) throw AppError.fields({ content: ['Add at least one content block.'] });
  return content.map((block, index) => {
    const kinds = blockKinds.filter((kind) => block[kind] != null);
    if (kinds.length !== 1)
      throw AppError.fields({ [`content.${index}`]: ['A content block has exactly one of text, image, toolUse, toolResult or json.'] });
    const text = block.text;
    if (typeof text === 'string' && (!text.trim() || text.length > CHAT_MESSAGE_MAX_LENGTH)) {
      throw AppError.fields({ [`content.${index}.text`]: [`Text must be 1 to ${CHAT_MESSAGE_MAX_LENGTH} characters.`] });
    }
    return { [kinds[0] as string]: block[kinds[0] as string] } as ContentBlock;
  });
}

const textOf = (content: unknown) =>
  Array.isArray(content)
    ? content
        .map((block) => (typeof (block as { text?: unknown }).text === 'string' ? (block as { text: string }).text : ''))
        .filter(Boolean)
        .join('\n')
    : '';

/** The caller's conversation, or 404 like a missing one. */
export async function loadOwnedConversation(ctx: Pick<ChatContext, 'db'>, ownerEmail: string, id: string) {
  const [row] = await ctx.db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, id), eq(conversations.ownerEmail, ownerEmail)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Conversation not found.');
  return row;
}

/**
 * `sendMessage`: stores the user's message and returns it at once; the reply is generated in the
 * background and streams to `onConversationStreamEvent` subscribers as text deltas, the block's
 * end and a stop reason (or errors), then is stored as the assistant's message. A conversation
 * whose metadata names one of the caller's assistants (`{"assistantId": …}`) is answered by it,
 * with its model, instructions, stores and safeguard; otherwise by the default model.
 */
export async function sendMessage(
  ctx: ChatContext,
  logger: Logger,
  input: {
    ownerEmail: string;
    conversationId: string;
    content: Record<string, unknown>[];
    aiContext?: unknown;
    toolConfiguration?: unknown;
  },
) {
  const conversation = await loadOwnedConversation(ctx, input.ownerEmail, input.conversationId);
  const content = checkContent(input.content);
  const metadata = (conversation.metadata ?? {}) as { assistantId?: unknown };
  const assistant =
    typeof metadata.assistantId === 'string' ? await loadOwnedAssistant(ctx.db, input.ownerEmail, metadata.assistantId) : null;
  const modelId = assistant?.model || ctx.models.defaultModelId;
  const question = textOf(content);
  const refused = Boolean(assistant?.isSafeGuardOn && looksLikeInjection(question));
  if (!refused) await checkCredit(ctx.db, input.ownerEmail, modelId);

  const earlier = await ctx.db
    .select({ role: conversationMessages.role, content: conversationMessages.content })
    .from(conversationMessages)
    .where(eq(conversationMessages.conversationId, conversation.id))
    .orderBy(desc(conversationMessages.createdAt), desc(conversationMessages.id))
    .limit(HISTORY_MESSAGES);
  const [row] = await ctx.db
    .insert(conversationMessages)
    .values({
      ownerEmail: input.ownerEmail,
      conversationId: conversation.id,
      role: 'user',
      content,
      aiContext: input.aiContext ?? null,
      toolConfiguration: input.toolConfiguration ?? null,
    })
    .returning();
  const message = publishRow(ctx, getModel('ConversationMessage'), 'create', row as object);

  const reply = { ctx, logger, ownerEmail: input.ownerEmail, conversationId: conversation.id, userMessageId: row?.id as string };
  void (
    refused
      ? streamFixedReply(reply, SAFEGUARD_REFUSAL)
      : generateReply(reply, { assistant, modelId, question, history: earlier.reverse() })
  ).catch((error: unknown) => logger.error({ err: error, conversationId: conversation.id }, 'conversation reply failed'));
  return message;
}

interface ReplyTarget {
  ctx: ChatContext;
  logger: Logger;
  ownerEmail: string;
  conversationId: string;
  userMessageId: string;
}

function publishEvent(target: ReplyTarget, event: Record<string, unknown>) {
  target.ctx.events.publish({
    model: STREAM_EVENT_MODEL,
    kind: 'create',
    ownerEmail: target.ownerEmail,
    item: { id: randomUUID(), conversationId: target.conversationId, associatedUserMessageId: target.userMessageId, ...event },
  });
}

async function saveAssistantMessage(target: ReplyTarget, text: string) {
  const [row] = await target.ctx.db
    .insert(conversationMessages)
    .values({ ownerEmail: target.ownerEmail, conversationId: target.conversationId, role: 'assistant', content: [{ text }] })
    .returning();
  publishRow(target.ctx, getModel('ConversationMessage'), 'create', row as object);
  return row;
}

async function streamFixedReply(target: ReplyTarget, text: string) {
  publishEvent(target, { contentBlockIndex: 0, contentBlockDeltaIndex: 0, contentBlockText: text });
  await saveAssistantMessage(target, text);
  publishEvent(target, { contentBlockIndex: 0, contentBlockDoneAtIndex: 1 });
  publishEvent(target, { stopReason: 'end_turn' });
}

async function generateReply(
  target: ReplyTarget,
  input: {
    assistant: Awaited<ReturnType<typeof loadOwnedAssistant>> | null;
    modelId: string;
    question: string;
    history: { role: string; content: unknown }[];
  },
) {
  const { ctx } = target;
  const passages = input.assistant
    ? await retrieveFor(ctx, target.logger, input.assistant, await linkedStoreIds(ctx.db, input.assistant.id), input.question)
    : [];
  const model = languageModelFor(ctx.env, input.modelId, {
    retrieve: async () =>
      passages.map((passage) => ({
        id: passage.passageId,
        fileName: passage.fileName,
        heading: passage.heading,
        text: passage.text,
        score: passage.score,
      })),
  });
  const result = streamText({
    model,
    system: input.assistant ? systemPromptOf(input.assistant, passages.map(citationOf)) : 'You are a helpful shop assistant.',
    messages: [
      ...input.history.map((message) => ({
        role: message.role === 'user' ? ('user' as const) : ('assistant' as const),
        content: textOf(message.content),
      })),
      { role: 'user' as const, content: input.question },
    ],
    temperature: input.assistant?.temperature ?? undefined,
    topP: input.assistant?.topP ?? undefined,
    maxRetries: 1,
    onError: () => {},
  });
  let deltas = 0;
  const answer = await readAnswerStream(result.fullStream, (text) => {
    publishEvent(target, { contentBlockIndex: 0, contentBlockDeltaIndex: deltas, contentBlockText: text });
    deltas += 1;
  });
  if (answer.failure || !answer.text.trim()) {
    const failure = answer.failure ?? providerFailures.failed;
    target.logger.warn({ err: answer.error, modelId: input.modelId }, 'the model failed to answer a conversation');
    publishEvent(target, { errors: [{ message: failure.message, errorType: failure.code }] });
    return;
  }
  await saveAssistantMessage(target, answer.text);
  publishEvent(target, { contentBlockIndex: 0, contentBlockDoneAtIndex: deltas });
  publishEvent(target, { stopReason: 'end_turn' });

  // Usage and cost, recorded as a Task (a conversation message has no usage field) and charged.
  const usage = generationUsage(input.modelId, answer.usage);
  const { provider, model: modelName } = parseModelId(input.modelId);
  await ctx.db.transaction(async (tx) => {
    await tx.insert(tasks).values({
      ownerEmail: target.ownerEmail,
      type: 'conversation_reply',
      result: { conversationId: target.conversationId, userMessageId: target.userMessageId },
      llmUsage: usage,
      provider,
      model: modelName,
      assistantId: input.assistant?.id ?? null,
    });
    if (usage.costUsd > 0) {
      await tx
        .update(users)
        .set({ availableUsd: sql`${users.availableUsd} - ${usage.costUsd}` })
        .where(eq(users.email, target.ownerEmail));
    }
  });
}
