import type { LlmUsage } from '@aisle/contracts/chat';
import {
  type PublicMessage,
  SHARED_CHAT_UNAVAILABLE_TEXT,
  type SharedChatMessageRequest,
  type VisitorThread,
} from '@aisle/contracts/sharing';
import type { sharedThreads } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { scheduleThreadSummary } from '../inbox/summary-queue';
import { requireOpenShare } from '../sharing/open-share';
import { newVisitorToken, visitorTokenMatches } from '../sharing/share-tokens';
import { finishAnswer, refusalUsage, startAnswer } from '../turns/answer';
import { looksLikeInjection, SAFEGUARD_REFUSAL } from '../turns/safeguard';
import { requireCredit } from '../turns/turn-basics';
import { HISTORY_MESSAGES } from '../turns/turn-prompt';
import { toPublicMessage, toVisitorThread } from './public-message';
import type { SharingContext } from './visitor-chat-context';
import { SHARED_CHAT_NOTE, sharedHistoryOf } from './visitor-prompt';
import { conversationNotFound } from './visitor-thread';
import { loadSharedTurnSubjects } from './visitor-turn-subjects';
import { reuseQuestion, type StoredQuestion, saveSharedReply, storeFirstMessage, storeFollowUp } from './visitor-turn-writes';

export interface SharedTurnObserver {
  /** The visitor's message is stored (it is kept whatever happens next), in this thread. */
  onStored?(thread: VisitorThread, message: PublicMessage): void;
  /** A piece of the bot's answer. */
  onText?(delta: string): void;
  /** Stops the generation (the visitor closed the page). */
  signal?: AbortSignal;
  /**
   * Called once the message is known to come from a real visitor of an open link (their token
   * matched their thread, or it starts one), before anything is stored; throwing refuses it.
   */
  admit?(): Promise<void>;
}

export interface SharedTurnResult {
  thread: VisitorThread;
  userMessage: PublicMessage;
  /** Null when auto-reply is paused: a person from the shop answers instead. */
  reply: PublicMessage | null;
}

/** Whether the owner can pay for this model now (the local model and unpriced ones are free). */
function canPay(modelId: string, balance: number): boolean {
  try {
    requireCredit(modelId, balance);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'PAYMENT_REQUIRED') return false;
    throw error;
  }
}

/** What the visitor is told when the owner cannot pay: nothing about the owner's balance. */
const unavailable = () => new AppError('PAYMENT_REQUIRED', SHARED_CHAT_UNAVAILABLE_TEXT, { bodyCode: 'unavailable' });

/**
 * One turn of a visitor's chat with a shared assistant (spec §1, §7 Shared chat). The first message
 * creates the thread and its visitor token; later ones need that token. The visitor's message is
 * always stored and reaches the owner's inbox live. The bot answers with the owner's model,
 * instructions, stores, functions and safeguard — unless the shop paused auto-reply (a person
 * answers instead) — and its reply, usage and cost are stored and charged like an owner's turn.
 */
/** The turn's decisions, made from its first query before anything is written. */
async function planTurn(ctx: SharingContext, input: SharedChatMessageRequest) {
  const subjects = await loadSharedTurnSubjects(ctx.db, input.token, input.sharedThreadId);
  requireOpenShare(subjects?.share);
  const { thread, history, assistant } = subjects;
  if (input.sharedThreadId && (!thread || !visitorTokenMatches(input.visitorToken, thread.visitorTokenHash))) throw conversationNotFound();

  const paused = thread?.autoReplyPaused ?? false;
  const modelId = assistant.model || ctx.models.defaultModelId;
  const refused = !paused && assistant.isSafeGuardOn && looksLikeInjection(input.message);
  // A question whose answer failed, asked again, is answered rather than stored twice. While paused
  // every message is kept: a visitor repeating "hello?" to a person is part of the conversation.
  const unanswered =
    !paused && thread && history[0]?.senderType === 'user' && history[0].content === input.message ? history.shift() : undefined;
  return {
    ...subjects,
    paused,
    modelId,
    refused,
    payable: paused || refused || canPay(modelId, Number(subjects.availableUsd ?? 0)),
    unanswered,
    earlier: history.slice(0, HISTORY_MESSAGES).reverse(),
    visitorToken: thread ? (input.visitorToken as string) : newVisitorToken(),
  };
}

/** Stores the visitor's message: a new thread with it, a follow-up, or the unanswered one again. */
function storeQuestion(ctx: SharingContext, plan: Awaited<ReturnType<typeof planTurn>>, input: SharedChatMessageRequest) {
  const { share, assistant, thread, unanswered, visitorToken } = plan;
  if (!thread) return storeFirstMessage(ctx, { share, assistant, content: input.message, origin: input.origin ?? 'web', visitorToken });
  if (unanswered) return reuseQuestion(ctx, thread, unanswered.id);
  return storeFollowUp(ctx, { thread, assistant, content: input.message });
}

/**
 * One turn of a visitor's chat with a shared assistant (spec §1, §7 Shared chat). The first message
 * creates the thread and its visitor token; later ones need that token. The visitor's message is
 * always stored and reaches the owner's inbox live. The bot answers with the owner's model,
 * instructions, stores, functions and safeguard — unless the shop paused auto-reply (a person
 * answers instead) — and its reply, usage and cost are stored and charged like an owner's turn.
 */
export async function runSharedTurn(
  ctx: SharingContext,
  input: SharedChatMessageRequest,
  observer: SharedTurnObserver = {},
): Promise<SharedTurnResult> {
  const plan = await planTurn(ctx, input);
  await observer.admit?.();
  const { assistant, modelId, visitorToken } = plan;
  // Stored while the model starts (the first token does not wait on the write); a failed write stops the turn.
  const stored: Promise<StoredQuestion> = storeQuestion(ctx, plan, input);
  stored.catch(() => {});
  let latest: typeof sharedThreads.$inferSelect | undefined;
  const announce = async () => {
    const question = await stored;
    latest = question.thread;
    const shown = { thread: toVisitorThread(question.thread, visitorToken), userMessage: toPublicMessage(question.message) };
    observer.onStored?.(shown.thread, shown.userMessage);
    return { row: question.thread, shown };
  };
  const answered = async (
    row: typeof sharedThreads.$inferSelect,
    shown: Omit<SharedTurnResult, 'reply'>,
    text: string,
    usage: LlmUsage,
  ) => {
    const saved = await saveSharedReply(ctx, { thread: row, assistant, text, usage });
    latest = saved.thread ?? latest;
    // No reply when the shop paused the thread while the model was writing: it was held back.
    const reply = saved.reply && toPublicMessage(saved.reply);
    return { ...shown, thread: { ...shown.thread, autoReplyPaused: !reply }, reply };
  };

  try {
    if (plan.paused) return { ...(await announce()).shown, reply: null };
    if (!plan.payable) {
      await announce();
      throw unavailable();
    }
    if (plan.refused) {
      const { row, shown } = await announce();
      observer.onText?.(SAFEGUARD_REFUSAL);
      return await answered(row, shown, SAFEGUARD_REFUSAL, refusalUsage(modelId));
    }
    const answering = await startAnswer(ctx, ctx.logger, {
      assistant,
      storeIds: plan.storeIds,
      hasFunctions: plan.hasFunctions,
      modelId,
      history: sharedHistoryOf(plan.earlier),
      question: input.message,
      systemNote: SHARED_CHAT_NOTE,
      signal: observer.signal,
      ready: stored,
      sharedThreadId: async () => (await stored).thread.id,
    }).catch(async (error: unknown) => {
      // The model could not start (retrieval failed, the model is gone): the message is still kept.
      await announce().catch(() => undefined);
      throw error;
    });
    const { row, shown } = await announce();
    const { text, usage } = await finishAnswer(ctx.logger, answering, { onText: observer.onText });
    return await answered(row, shown, text, usage);
  } finally {
    if (latest) scheduleThreadSummary(ctx, latest);
  }
}
