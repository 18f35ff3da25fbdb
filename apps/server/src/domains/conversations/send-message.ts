import { and, desc, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { getModel } from '../../data-api/model-registry';
import { publishRow } from '../../data-api/model-store';
import { conversationMessages, conversations } from '../../db/schema';
import { rowsOf } from '../../db/sql-helpers';
import { AppError } from '../../lib/app-error';
import type { TurnLease } from '../../lib/shutdown';
import { providerFailures } from '../ai/provider-errors';
import { loadOwnedAssistant } from '../assistants/owned-rows';
import { requireCanAnswer, type Spending, spendingSql } from '../billing/credit';
import { linkedFunctionTools } from '../turns/assistant-tools';
import { linkedStoreIds } from '../turns/retrieve-passages';
import { looksLikeInjection } from '../turns/safeguard';
import type { TurnContext } from '../turns/turn-context';
import { HISTORY_MESSAGES } from '../turns/turn-prompt';
import { checkMessageInput, checkToolResults } from './check-message-input';
import { generateReply } from './generate-reply';
import { textOf, toModelMessages } from './model-messages';
import { publishEvent } from './reply-events';

/** The caller's conversation, or 404 like a missing one. */
export async function loadOwnedConversation(ctx: Pick<TurnContext, 'db'>, ownerEmail: string, id: string) {
  const [row] = await ctx.db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, id), eq(conversations.ownerEmail, ownerEmail)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Conversation not found.');
  return row;
}

/**
 * `sendMessage`: checks and stores the user's message and returns it at once; the reply is
 * generated in the background and streams to `onConversationStreamEvent` subscribers (see
 * generate-reply.ts), then is stored as the assistant's message. A conversation whose metadata
 * names one of the caller's assistants (`{"assistantId": …}`) is answered by it, with its model,
 * instructions, stores and safeguard; otherwise by the default model. Refused while the process
 * shuts down; a reply still being written at its deadline ends with `errors` and is not stored.
 */
export async function sendMessage(ctx: TurnContext, logger: Logger, input: SendMessageInput) {
  // The lease covers the reply generated after this returns: it ends when that reply does.
  const lease = ctx.turns.begin();
  try {
    return await storeAndReply(ctx, logger, input, lease);
  } catch (error) {
    lease.end();
    throw error;
  }
}

interface SendMessageInput {
  ownerEmail: string;
  conversationId: string;
  content: Record<string, unknown>[];
  aiContext?: unknown;
  toolConfiguration?: Record<string, unknown> | null;
}

async function storeAndReply(ctx: TurnContext, logger: Logger, input: SendMessageInput, lease: TurnLease) {
  const conversation = await loadOwnedConversation(ctx, input.ownerEmail, input.conversationId);
  const metadata = (conversation.metadata ?? {}) as { assistantId?: unknown };
  const assistant =
    typeof metadata.assistantId === 'string' ? await loadOwnedAssistant(ctx.db, input.ownerEmail, metadata.assistantId) : null;
  // The tools the server runs within the turn: the assistant's linked functions, in the sandbox.
  const storeIds = assistant ? await linkedStoreIds(ctx.db, assistant.id) : [];
  const functionTools = assistant ? await linkedFunctionTools(ctx.db, input.ownerEmail, assistant.id) : [];
  const message = checkMessageInput(input, new Set(functionTools.map((fn) => fn.name)));

  const earlier = await ctx.db
    .select({ role: conversationMessages.role, content: conversationMessages.content })
    .from(conversationMessages)
    .where(eq(conversationMessages.conversationId, conversation.id))
    .orderBy(desc(conversationMessages.createdAt), desc(conversationMessages.id))
    .limit(HISTORY_MESSAGES);
  checkToolResults(message.content, earlier[0]);
  const modelId = assistant?.model || ctx.models.defaultModelId;
  const refused = Boolean(assistant?.isSafeGuardOn && looksLikeInjection(textOf(message.content)));
  if (!refused) await requireCanAnswer(ctx.db, modelId, await spendingOf(ctx.db, input.ownerEmail));

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
      ownerEmail: input.ownerEmail,
      conversationId: conversation.id,
      role: 'user',
      content: message.content,
      aiContext: message.aiContext,
      toolConfiguration,
    })
    .returning();
  if (!row) throw new Error('the message insert returned no row');
  const item = publishRow(ctx, getModel('ConversationMessage'), 'create', row);

  const history = [...earlier.reverse(), { role: 'user', content: message.content }];
  // A message of tool results only is searched for with the user's last words before it.
  const query = history.flatMap((m) => (m.role === 'user' ? [textOf(m.content)] : [])).findLast((text) => text.trim()) ?? '';
  const reply = { ctx, logger, ownerEmail: input.ownerEmail, conversationId: conversation.id, userMessageId: row.id };
  void generateReply(reply, {
    assistant,
    modelId,
    storeIds,
    query,
    messages: toModelMessages(history),
    aiContext: message.aiContext,
    clientTools: message.tools,
    functionTools,
    refused,
    signal: lease.signal,
  })
    .catch((error: unknown) => {
      // Subscribers still hear that the reply ended; the log keeps the error itself.
      logger.error({ err: error, conversationId: conversation.id }, 'conversation reply failed');
      const failure = error instanceof AppError ? { message: error.detail, errorType: error.code } : undefined;
      publishEvent(reply, { errors: [failure ?? { message: providerFailures.failed.message, errorType: providerFailures.failed.code }] });
    })
    .finally(() => lease.end());
  // `content` is not a registry field (its blocks are typed in conversation-sdl.ts): return it here.
  return { ...item, content: row.content };
}

/** The owner's credit and messages this period (the conversation API's turn reads them on its own). */
async function spendingOf(db: TurnContext['db'], ownerEmail: string) {
  const [row] = await rowsOf<{ spending: Spending | null }>(db, sql`SELECT ${spendingSql(ownerEmail)} AS spending`);
  return row?.spending ?? null;
}
