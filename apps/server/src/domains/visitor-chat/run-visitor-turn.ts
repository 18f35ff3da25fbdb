import type { PublicMessage, SharedChatMessageRequest, VisitorThread } from '@aisle/contracts/visitor-chat';
import type { sharedThreads } from '../../db/schema';
import { answerRefusal } from '../billing/credit';
import { recordTurnOutcome } from '../inbox/record-turn-outcome';
import { scheduleThreadSummary } from '../inbox/summary-queue';
import { requireOpenShare } from '../sharing/open-share';
import { newVisitorToken, visitorTokenMatches } from '../sharing/share-tokens';
import { runThreadTurn } from '../turns/run-thread-turn';
import { looksLikeInjection } from '../turns/safeguard';
import { HISTORY_MESSAGES } from '../turns/turn-prompt';
import { toPublicMessage, toVisitorThread } from './public-message';
import type { VisitorChatContext } from './visitor-chat-context';
import { SHARED_CHAT_NOTE, sharedHistoryOf } from './visitor-prompt';
import { conversationNotFound } from './visitor-thread';
import { loadSharedTurnSubjects } from './visitor-turn-subjects';
import {
  reuseQuestion,
  type StoredQuestion,
  saveSharedReply,
  storeFirstMessage,
  storeFollowUp,
  unavailableToVisitor,
} from './visitor-turn-writes';

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

/** The turn's decisions, made from its first query before anything is written. */
async function planTurn(ctx: VisitorChatContext, input: SharedChatMessageRequest) {
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
    // No credit, or the month's messages used up: the visitor hears only that the chat is unavailable.
    payable: paused || refused || (await answerRefusal(ctx.db, modelId, subjects.spending)) === null,
    unanswered,
    earlier: history.slice(0, HISTORY_MESSAGES).reverse(),
    visitorToken: thread ? (input.visitorToken as string) : newVisitorToken(),
  };
}

/** Stores the visitor's message: a new thread with it, a follow-up, or the unanswered one again. */
function storeQuestion(ctx: VisitorChatContext, plan: Awaited<ReturnType<typeof planTurn>>, input: SharedChatMessageRequest) {
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
 * Refused while the process shuts down; cut (like a stop) at its deadline.
 */
export async function runSharedTurn(
  ctx: VisitorChatContext,
  input: SharedChatMessageRequest,
  observer: SharedTurnObserver = {},
): Promise<SharedTurnResult> {
  const lease = ctx.turns.begin();
  try {
    const signal = observer.signal ? AbortSignal.any([observer.signal, lease.signal]) : lease.signal;
    return await answerVisitor(ctx, input, { ...observer, signal });
  } finally {
    lease.end();
  }
}

async function answerVisitor(
  ctx: VisitorChatContext,
  input: SharedChatMessageRequest,
  observer: SharedTurnObserver,
): Promise<SharedTurnResult> {
  const plan = await planTurn(ctx, input);
  await observer.admit?.();
  const { assistant, modelId, visitorToken } = plan;
  let latest: typeof sharedThreads.$inferSelect | undefined;
  let stored: Promise<StoredQuestion> | undefined;
  // The visitor's message is stored once and announced once, whatever happens to the answer.
  const storeOnce = () => {
    stored ??= storeQuestion(ctx, plan, input);
    return stored;
  };
  let announced: Omit<SharedTurnResult, 'reply'> | undefined;
  const announce = (question: StoredQuestion) => {
    latest = question.thread;
    if (!announced) {
      announced = { thread: toVisitorThread(question.thread, visitorToken), userMessage: toPublicMessage(question.message) };
      observer.onStored?.(announced.thread, announced.userMessage);
    }
    return announced;
  };

  try {
    if (plan.paused || !plan.payable) {
      const shown = announce(await storeOnce());
      if (plan.paused) return { ...shown, reply: null };
      throw unavailableToVisitor();
    }
    const turn = await runThreadTurn(
      ctx,
      ctx.logger,
      {
        assistant,
        ownerEmail: assistant.ownerEmail,
        modelId,
        storeIds: plan.storeIds,
        hasFunctions: plan.hasFunctions,
        messages: [...sharedHistoryOf(plan.earlier), { role: 'user', content: input.message }],
        query: input.message,
        refused: plan.refused,
        // A person from the shop can take over a visitor's thread (turns/handoff.ts).
        handoff: true,
        systemNote: SHARED_CHAT_NOTE,
        signal: observer.signal,
        sharedThreadId: async () => (await storeOnce()).thread.id,
      },
      {
        storeQuestion: storeOnce,
        announce,
        storeReply: async (question, answer) => {
          const saved = await saveSharedReply(ctx, {
            thread: question.thread,
            assistant,
            text: answer.text,
            usage: answer.usage,
            messageLimit: plan.spending?.messageLimit,
          });
          latest = saved.thread ?? latest;
          return saved.reply;
        },
      },
      (event) => {
        if (event.type === 'text-delta') observer.onText?.(event.text);
      },
    ).catch(async (error: unknown) => {
      // The model could not answer (retrieval failed, the model is gone, the provider failed): the
      // message is still kept and shown.
      if (stored) await stored.then(announce).catch(() => undefined);
      throw error;
    });
    await recordTurnOutcome(ctx, { thread: latest ?? turn.question.thread, assistant, question: input.message, outcome: turn.answer });
    const shown = announce(turn.question);
    // No reply when the shop paused the thread while the model was writing: it was held back.
    const reply = turn.reply && toPublicMessage(turn.reply);
    return { ...shown, thread: { ...shown.thread, autoReplyPaused: !reply }, reply };
  } finally {
    if (latest) scheduleThreadSummary(ctx, latest);
  }
}
