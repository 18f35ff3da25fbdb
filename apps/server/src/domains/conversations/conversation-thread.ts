import type { ToolSet } from 'ai';
import { desc, eq, sql } from 'drizzle-orm';
import { getModel } from '../../data-api/model-registry';
import { type Item, publishRow } from '../../data-api/model-store';
import { conversationMessages } from '../../db/schema';
import type { ContentBlock } from '../../db/schema/conversations';
import { rowsOf } from '../../db/sql-helpers';
import { loadOwnedAssistant } from '../assistants';
import { afterCharge, type ChargeOutcome, chargeGeneration, type Spending, spendingSql } from '../billing';
import type { LoadedTurn, TurnAnswer, TurnContext, TurnStore } from '../turns';
import { HISTORY_MESSAGES, linkedFunctionTools, linkedStoreIds } from '../turns';
import { checkMessageInput, checkToolResults } from './check-message-input';
import { loadOwnedConversation } from './load-conversation';
import { textOf, toModelMessages } from './model-messages';

export interface SendMessageInput {
  ownerEmail: string;
  conversationId: string;
  content: Record<string, unknown>[];
  aiContext?: unknown;
  toolConfiguration?: Record<string, unknown> | null;
  /** Tools the server runs within the turn besides the assistant's functions (not on the wire). */
  serverTools?: ToolSet;
}

/** Why a reply stopped, in the Bedrock words the Amplify AI kit's clients read. */
export function stopReasonOf(answer: TurnAnswer): string {
  if (answer.clientToolUses.length) return 'tool_use';
  if (answer.finishReason === 'length') return 'max_tokens';
  if (answer.finishReason === 'content-filter') return 'content_filtered';
  return 'end_turn';
}

interface ConversationTurn extends LoadedTurn {
  conversationId: string;
  message: ReturnType<typeof checkMessageInput>;
}

/** The reply's content blocks as they streamed (reply-events.ts `replyBlocks`): what gets stored. */
export interface ReplyContent {
  readonly blocks: ContentBlock[];
  endText(): void;
}

/**
 * The turn store of the conversation API (`sendMessage`, spec §7): a conversation whose metadata
 * names one of the caller's assistants (`{"assistantId": …}`) is answered by it, with its model,
 * instructions, stores, functions and safeguard; otherwise by the default model. The message is
 * checked against the tools the app offers and the tool uses it answers. The reply (its streamed
 * content blocks) is stored once complete, with its usage and cost as a Task and the charge, in one
 * transaction; a refusal costs nothing. A question the owner cannot pay for is not kept.
 */
export function conversationThread(
  ctx: TurnContext,
  input: SendMessageInput,
  content: ReplyContent,
): TurnStore<ConversationTurn, Item & { content: unknown }, Item> {
  let stored: Promise<Item & { content: unknown }> | undefined;
  return {
    async load() {
      const conversation = await loadOwnedConversation(ctx, input.ownerEmail, input.conversationId);
      const metadata = (conversation.metadata ?? {}) as { assistantId?: unknown };
      const assistant =
        typeof metadata.assistantId === 'string' ? await loadOwnedAssistant(ctx.db, input.ownerEmail, metadata.assistantId) : null;
      // The tools the server runs within the turn: the assistant's linked functions, in the sandbox.
      const [storeIds, functionTools] = assistant
        ? await Promise.all([linkedStoreIds(ctx.db, assistant.id), linkedFunctionTools(ctx.db, input.ownerEmail, assistant.id)])
        : [[], []];
      const message = checkMessageInput(input, new Set(functionTools.map((fn) => fn.name)));
      const earlier = await ctx.db
        .select({ role: conversationMessages.role, content: conversationMessages.content })
        .from(conversationMessages)
        .where(eq(conversationMessages.conversationId, conversation.id))
        .orderBy(desc(conversationMessages.createdAt), desc(conversationMessages.id))
        .limit(HISTORY_MESSAGES);
      checkToolResults(message.content, earlier[0]);
      const history = [...earlier.reverse(), { role: 'user', content: message.content }];
      return {
        ownerEmail: input.ownerEmail,
        conversationId: conversation.id,
        message,
        assistant,
        storeIds,
        functionTools,
        clientTools: message.tools,
        serverTools: input.serverTools,
        spending: await spendingOf(ctx, input.ownerEmail),
        messages: toModelMessages(history),
        // A message of tool results only is searched for with the user's last words before it.
        query: history.flatMap((m) => (m.role === 'user' ? [textOf(m.content)] : [])).findLast((text) => text.trim()) ?? '',
        questionText: textOf(message.content),
        systemNote: message.aiContext ? `Context from the app the user is in:\n${JSON.stringify(message.aiContext)}` : undefined,
      };
    },
    cannotPay: (_loaded, refusal) => ({ keepQuestion: false, error: refusal }),
    storeQuestion(loaded) {
      stored ??= storeQuestion(ctx, loaded);
      return stored;
    },
    async storeReply(loaded, question, answer) {
      content.endText();
      return saveReply(ctx, loaded, String(question.id), content.blocks, answer);
    },
  };
}

async function storeQuestion(ctx: TurnContext, loaded: ConversationTurn) {
  const { message } = loaded;
  const toolConfiguration = message.tools.length
    ? {
        tools: message.tools.map(({ name, description, inputSchema }) => ({
          toolSpec: { name, description, inputSchema: { json: inputSchema } },
        })),
      }
    : null;
  const [row] = await ctx.db
    .insert(conversationMessages)
    .values({
      ownerEmail: loaded.ownerEmail,
      conversationId: loaded.conversationId,
      role: 'user',
      content: message.content,
      aiContext: message.aiContext,
      toolConfiguration,
    })
    .returning();
  if (!row) throw new Error('the message insert returned no row');
  // `content` is not a registry field (its blocks are typed in conversation-sdl.ts): returned here.
  return { ...publishRow(ctx, getModel('ConversationMessage'), 'create', row), content: row.content };
}

/**
 * The reply, its usage and cost (every step's, as a Task: a conversation message has no usage
 * field) and the charge: together or not at all, before the stop event tells the app it is stored.
 * A refusal costs nothing and records no generation.
 */
async function saveReply(ctx: TurnContext, loaded: ConversationTurn, userMessageId: string, content: ContentBlock[], answer: TurnAnswer) {
  const { citations: _citations, toolCalls: _toolCalls, ...usage } = answer.usage;
  let charged: ChargeOutcome | undefined;
  const row = await ctx.db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(conversationMessages)
      .values({ ownerEmail: loaded.ownerEmail, conversationId: loaded.conversationId, role: 'assistant', content })
      .returning();
    if (answer.usage.refused) return saved;
    await chargeGeneration(
      tx,
      {
        ownerEmail: loaded.ownerEmail,
        type: 'conversation_reply',
        result: { conversationId: loaded.conversationId, userMessageId, replyMessageId: saved?.id, stopReason: stopReasonOf(answer) },
        usage,
        assistantId: loaded.assistant?.id ?? null,
        countsAsMessage: true,
      },
      (outcome) => {
        charged = outcome;
      },
    );
    return saved;
  });
  afterCharge(ctx, loaded.ownerEmail, charged);
  return publishRow(ctx, getModel('ConversationMessage'), 'create', row as object);
}

/** The owner's credit and messages this period. */
async function spendingOf(ctx: TurnContext, ownerEmail: string) {
  const [row] = await rowsOf<{ spending: Spending | null }>(ctx.db, sql`SELECT ${spendingSql(ownerEmail)} AS spending`);
  return row?.spending ?? null;
}
