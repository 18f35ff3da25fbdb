import {
  type FinishReason,
  type JSONSchema7,
  jsonSchema,
  type LanguageModelUsage,
  type ModelMessage,
  stepCountIs,
  streamText,
  type ToolSet,
  tool,
} from 'ai';
import { getModel } from '../../data-api/model-registry';
import { publishRow } from '../../data-api/model-store';
import { conversationMessages } from '../../db/schema';
import type { ContentBlock } from '../../db/schema/conversations';
import { languageModelFor } from '../ai/language-model';
import { providerFailures } from '../ai/provider-errors';
import { readAnswerStream } from '../ai/read-answer-stream';
import type { loadOwnedAssistant } from '../assistants/owned-rows';
import { generationUsage, recordGeneration } from '../billing/generation-usage';
import { citationOf, linkedStoreIds, retrieveFor } from '../chat/run-turn';
import { systemPromptOf } from '../turns/turn-prompt';
import type { ClientTool } from './check-message-input';
import { publishEvent, type ReplyTarget, replyBlocks } from './reply-events';

/** Model calls in one turn: server tools run between them; the last one must answer. */
export const MAX_STEPS = 5;

type OwnedAssistant = Awaited<ReturnType<typeof loadOwnedAssistant>>;

export interface ReplyInput {
  assistant: OwnedAssistant | null;
  modelId: string;
  /** What the assistant's stores are searched for: the user's latest words. */
  query: string;
  messages: ModelMessage[];
  /** The app's context sent with the message, for the system prompt. */
  aiContext: Record<string, unknown> | null;
  /** Tools the app runs: a call ends the turn with stopReason tool_use. */
  clientTools: ClientTool[];
  /** Tools the server runs within the turn (the assistant's functions). */
  serverTools: ToolSet;
}

/** Why a reply stopped, in the Bedrock words the Amplify AI kit's clients read. */
function stopReasonOf(finishReason: FinishReason | undefined): string {
  if (finishReason === 'length') return 'max_tokens';
  if (finishReason === 'content-filter') return 'content_filtered';
  return 'end_turn';
}

function instructionsOf(input: ReplyInput, passages: Awaited<ReturnType<typeof retrieveFor>>): string {
  const base = input.assistant ? systemPromptOf(input.assistant, passages.map(citationOf)) : 'You are a helpful shop assistant.';
  return input.aiContext ? `${base}\n\nContext from the app the user is in:\n${JSON.stringify(input.aiContext)}` : base;
}

/** Passes every part on after showing it to `onPart`; the stream's errors still reach the reader. */
async function* tap<T>(parts: AsyncIterable<T>, onPart: (part: T) => void): AsyncGenerator<T> {
  for await (const part of parts) {
    onPart(part);
    yield part;
  }
}

/** Stores the assistant's message and tells the data API's subscribers. */
async function saveAssistantMessage(target: ReplyTarget, content: ContentBlock[]) {
  const [row] = await target.ctx.db
    .insert(conversationMessages)
    .values({ ownerEmail: target.ownerEmail, conversationId: target.conversationId, role: 'assistant', content })
    .returning();
  publishRow(target.ctx, getModel('ConversationMessage'), 'create', row as object);
}

/**
 * The reply, its usage and cost (every step's, as a Task: a conversation message has no usage
 * field) and the charge: together or not at all, before the stop event tells the app it is stored.
 */
async function saveReply(
  target: ReplyTarget,
  reply: { content: ContentBlock[]; stopReason: string; usage: LanguageModelUsage | undefined; modelId: string; assistantId?: string },
) {
  const { ctx } = target;
  const usage = generationUsage(reply.modelId, reply.usage);
  const row = await ctx.db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(conversationMessages)
      .values({ ownerEmail: target.ownerEmail, conversationId: target.conversationId, role: 'assistant', content: reply.content })
      .returning();
    await recordGeneration(tx, {
      ownerEmail: target.ownerEmail,
      type: 'conversation_reply',
      result: {
        conversationId: target.conversationId,
        userMessageId: target.userMessageId,
        replyMessageId: saved?.id,
        stopReason: reply.stopReason,
      },
      usage,
      assistantId: reply.assistantId ?? null,
    });
    return saved;
  });
  publishRow(ctx, getModel('ConversationMessage'), 'create', row as object);
}

/** A reply that needs no model (the safeguard's refusal), streamed and stored like any other. */
export async function streamFixedReply(target: ReplyTarget, text: string) {
  const blocks = replyBlocks(target);
  blocks.addText(text);
  blocks.endText();
  await saveAssistantMessage(target, blocks.blocks);
  blocks.stop('end_turn');
}

/**
 * Asks the model with the conversation's messages and streams its reply: text of every step,
 * server tools run in between (up to MAX_STEPS model calls), and a client tool call ends the turn
 * with `tool_use` so the app can run it and send the result. The reply is stored once complete,
 * with its usage and cost. A provider failure keeps the deltas
 * already sent, ends with `errors`, and stores nothing, so no partial answer passes as complete.
 */
export async function generateReply(target: ReplyTarget, input: ReplyInput) {
  const { ctx } = target;
  const passages =
    input.assistant && input.query.trim()
      ? await retrieveFor(ctx, target.logger, input.assistant, await linkedStoreIds(ctx.db, input.assistant.id), input.query)
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
  // Client tools have no `execute`: the AI SDK stops the loop at their call and leaves it to us.
  const clientTools: ToolSet = Object.fromEntries(
    input.clientTools.map((t) => [t.name, tool({ description: t.description, inputSchema: jsonSchema(t.inputSchema as JSONSchema7) })]),
  );
  const tools: ToolSet = { ...clientTools, ...input.serverTools };
  const blocks = replyBlocks(target);
  const result = streamText({
    model,
    instructions: instructionsOf(input, passages),
    messages: input.messages,
    tools: Object.keys(tools).length ? tools : undefined,
    stopWhen: stepCountIs(MAX_STEPS),
    temperature: input.assistant?.temperature ?? undefined,
    topP: input.assistant?.topP ?? undefined,
    maxRetries: 1,
    // Failures are read from the stream itself (readAnswerStream) and reported below, once.
    onError: () => {},
  });
  const answer = await readAnswerStream(
    tap(result.fullStream, (part) => {
      if (part.type === 'text-delta') blocks.addText(part.text);
      else if (part.type === 'text-end') blocks.endText();
      else if (part.type === 'tool-call' && !part.invalid && Object.hasOwn(clientTools, part.toolName)) {
        blocks.addToolUse({ toolUseId: part.toolCallId, name: part.toolName, input: part.input ?? {} });
      }
    }),
  );
  if (answer.failure || (!blocks.text.trim() && !blocks.toolUses.length)) {
    const failure = answer.failure ?? providerFailures.failed;
    target.logger.warn({ err: answer.error, modelId: input.modelId }, 'the model failed to answer a conversation');
    publishEvent(target, { errors: [{ message: failure.message, errorType: failure.code }] });
    return;
  }
  blocks.endText();
  const stopReason = blocks.toolUses.length ? 'tool_use' : stopReasonOf(answer.finishReason);
  await saveReply(target, {
    content: blocks.blocks,
    stopReason,
    usage: answer.usage,
    modelId: input.modelId,
    assistantId: input.assistant?.id,
  });
  blocks.stop(stopReason);
}
