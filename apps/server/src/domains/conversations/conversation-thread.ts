import type { ModelMessage, ToolSet } from 'ai';
import { getModel } from '../../data-api/model-registry';
import { publishRow } from '../../data-api/model-store';
import { conversationMessages } from '../../db/schema';
import type { ContentBlock } from '../../db/schema/conversations';
import { AppError } from '../../lib/app-error';
import type { loadOwnedAssistant } from '../assistants/owned-rows';
import { afterCharge, type ChargeOutcome } from '../billing/billing-notices';
import { chargeGeneration } from '../billing/charge-generation';
import { answerTurn } from '../turns/answer-turn';
import type { FunctionTool } from '../turns/assistant-tools';
import { TurnFailure } from '../turns/turn-context';
import type { TurnAnswer } from '../turns/turn-events';
import type { ClientTool } from './check-message-input';
import { publishEvent, type ReplyTarget, replyBlocks } from './reply-events';

type OwnedAssistant = Awaited<ReturnType<typeof loadOwnedAssistant>>;

export interface ReplyInput {
  assistant: OwnedAssistant | null;
  modelId: string;
  storeIds?: string[];
  /** What the assistant's stores are searched for: the user's latest words. */
  query: string;
  messages: ModelMessage[];
  /** The app's context sent with the message, for the system prompt. */
  aiContext: Record<string, unknown> | null;
  /** Tools the app runs: a call ends the turn with stopReason tool_use. */
  clientTools: ClientTool[];
  /** The assistant's functions, which the server runs within the turn. */
  functionTools?: FunctionTool[];
  /** Other tools the server runs within the turn. */
  serverTools?: ToolSet;
  /** The safeguard refused the message: the refusal is the reply, and no model is asked. */
  refused?: boolean;
  /** Stops the reply (the process shutting down: its reason is the error subscribers hear). */
  signal?: AbortSignal;
}

/** Why a reply stopped, in the Bedrock words the Amplify AI kit's clients read. */
function stopReasonOf(answer: TurnAnswer): string {
  if (answer.clientToolUses.length) return 'tool_use';
  if (answer.finishReason === 'length') return 'max_tokens';
  if (answer.finishReason === 'content-filter') return 'content_filtered';
  return 'end_turn';
}

/**
 * The reply, its usage and cost (every step's, as a Task: a conversation message has no usage
 * field) and the charge: together or not at all, before the stop event tells the app it is stored.
 * A refusal costs nothing and records no generation.
 */
async function saveReply(target: ReplyTarget, content: ContentBlock[], answer: TurnAnswer, stopReason: string, assistantId?: string) {
  const { ctx } = target;
  const { citations: _citations, toolCalls: _toolCalls, ...usage } = answer.usage;
  let charged: ChargeOutcome | undefined;
  const row = await ctx.db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(conversationMessages)
      .values({ ownerEmail: target.ownerEmail, conversationId: target.conversationId, role: 'assistant', content })
      .returning();
    if (answer.usage.refused) return saved;
    await chargeGeneration(
      tx,
      {
        ownerEmail: target.ownerEmail,
        type: 'conversation_reply',
        result: { conversationId: target.conversationId, userMessageId: target.userMessageId, replyMessageId: saved?.id, stopReason },
        usage,
        assistantId: assistantId ?? null,
        countsAsMessage: true,
      },
      (outcome) => {
        charged = outcome;
      },
    );
    return saved;
  });
  afterCharge(ctx, target.ownerEmail, charged);
  publishRow(ctx, getModel('ConversationMessage'), 'create', row as object);
}

/**
 * The conversation API's adapter over the engine (`domains/turns`): the reply's text streams as
 * content-block events to `onConversationStreamEvent` subscribers, the assistant's functions run
 * within the turn, and a client tool call ends it with `tool_use` so the app can run it and send
 * the result. The reply is stored once complete, with its usage and cost. A provider failure, or
 * the process shutting down (`input.signal`), keeps the deltas already sent, ends with `errors`,
 * and stores nothing, so no partial answer passes as complete.
 */
export async function generateReply(target: ReplyTarget, input: ReplyInput) {
  const blocks = replyBlocks(target);
  let answer: TurnAnswer;
  try {
    answer = await answerTurn(
      target.ctx,
      target.logger,
      {
        assistant: input.assistant,
        ownerEmail: target.ownerEmail,
        modelId: input.modelId,
        storeIds: input.storeIds ?? [],
        messages: input.messages,
        query: input.query,
        functionTools: input.functionTools,
        clientTools: input.clientTools,
        serverTools: input.serverTools,
        refused: input.refused,
        signal: input.signal,
        systemNote: input.aiContext ? `Context from the app the user is in:\n${JSON.stringify(input.aiContext)}` : undefined,
      },
      (event) => {
        if (event.type === 'text-delta') blocks.addText(event.text);
        else if (event.type === 'text-end') blocks.endText();
        else if (event.type === 'client-tool-call') blocks.addToolUse(event.toolUse as never);
      },
    );
  } catch (error) {
    if (error instanceof TurnFailure) {
      publishEvent(target, { errors: [{ message: error.failure.message, errorType: error.failure.code }] });
      return;
    }
    // Cut by a shutdown: expected, so the app hears why (and may send again) and nothing is logged.
    if (error instanceof AppError && error.status === 503) {
      publishEvent(target, { errors: [{ message: error.detail, errorType: error.bodyCode ?? error.code }] });
      return;
    }
    throw error;
  }
  blocks.endText();
  const stopReason = stopReasonOf(answer);
  await saveReply(target, blocks.blocks, answer, stopReason, input.assistant?.id);
  blocks.stop(stopReason);
}
