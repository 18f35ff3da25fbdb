import { isChannelName, UNSUPPORTED_MESSAGE_REPLY } from '@aisle/contracts/channels';
import { eq } from 'drizzle-orm';
import { getModel } from '../../data-api/model-registry';
import { publishRow } from '../../data-api/model-store';
import { messagingAccounts, sharedThreads } from '../../db/schema';
import { answerRefusal } from '../billing/credit';
import { recordTurnOutcome } from '../inbox/record-turn-outcome';
import { scheduleThreadSummary } from '../inbox/summary-queue';
import { refusalUsage } from '../turns/answer-turn';
import { runThreadTurn } from '../turns/run-thread-turn';
import { looksLikeInjection } from '../turns/safeguard';
import { HISTORY_MESSAGES } from '../turns/turn-prompt';
import { sharedHistoryOf } from '../visitor-chat/visitor-prompt';
import { loadSharedTurnSubjects } from '../visitor-chat/visitor-turn-subjects';
import { saveSharedReply } from '../visitor-chat/visitor-turn-writes';
import { adapterOf } from './channel-adapters';
import { sendChannelMessageJob } from './channel-jobs';
import { channelNote, plainMessageText } from './channel-prompt';
import type { ChannelsContext } from './channels-context';

/*
 * A channel thread is a shared thread, so its turn is a visitor's turn in all but transport: the same
 * subjects (visitor-chat's one-query loader), history with the team's replies marked, the engine's
 * retrieval, functions, safeguard and handoff, and the same reply write that charges the owner
 * (visitor-chat's `saveSharedReply`, the one place a shared reply and its cost are stored). Only the
 * prompt's note (a plain chat message on the channel) and how the reply leaves differ.
 */

export interface AnswerRequest {
  messageId: string;
  sharedThreadId: string;
  shareToken: string;
  /** The customer sent no text (an image, a sticker, a voice message). */
  unsupported?: boolean;
  replyToken?: string | null;
  receivedAt: string;
}

type LoadedSubjects = NonNullable<Awaited<ReturnType<typeof loadSharedTurnSubjects>>>;
type TurnSubjects = LoadedSubjects & { thread: NonNullable<LoadedSubjects['thread']> };

/**
 * The answer job (channel-jobs.ts): the assistant answers one customer message, the reply is
 * stored (and charged) and its outbound send queued. Nothing is answered when the thread is paused
 * (a person answers), when the owner cannot pay, or when the message is no longer the thread's
 * latest (answered already, or a newer message's job answers both): a retried or repeated job is
 * harmless. The thread's summary is scheduled either way (it changed).
 */
export async function answerChannelMessage(ctx: ChannelsContext, request: AnswerRequest): Promise<void> {
  const loaded = await loadSharedTurnSubjects(ctx.db, request.shareToken, request.sharedThreadId);
  const latest = loaded?.history[0];
  if (!loaded?.thread || latest?.id !== request.messageId || latest.senderType !== 'user') return;
  const subjects = { ...loaded, thread: loaded.thread };
  try {
    const replyId = await replyTo(ctx, subjects, latest.content, request);
    if (replyId)
      await ctx.jobs.send(sendChannelMessageJob, { messageId: replyId, replyToken: request.replyToken, receivedAt: request.receivedAt });
  } finally {
    scheduleThreadSummary(ctx, subjects.thread);
  }
}

/** The stored reply's id, or null when nothing answers (paused, no credit, or held back because the shop paused meanwhile). */
async function replyTo(ctx: ChannelsContext, loaded: TurnSubjects, question: string, request: AnswerRequest): Promise<string | null> {
  const { assistant, thread } = loaded;
  const channel = thread.origin;
  if (thread.autoReplyPaused || !isChannelName(channel)) return null;
  const modelId = assistant.model || ctx.models.defaultModelId;
  const refusal = await answerRefusal(ctx.db, modelId, loaded.spending);
  if (refusal) {
    ctx.logger.warn({ sharedThreadId: thread.id, reason: refusal.message }, 'a channel message is not answered: the owner cannot pay');
    return null;
  }
  if (loaded.history.length === 1) await fillSenderProfile(ctx, thread);
  const store = async (text: string, usage: Parameters<typeof saveSharedReply>[1]['usage']) =>
    (await saveSharedReply(ctx, { thread, assistant, text: plainMessageText(channel, text), usage })).reply;
  // An image, sticker or voice message: the bot says what it can read; no model is asked.
  if (request.unsupported) return (await store(UNSUPPORTED_MESSAGE_REPLY, { ...refusalUsage(modelId), refused: false }))?.id ?? null;

  const lease = ctx.turns.begin();
  try {
    const earlier = loaded.history.slice(1, HISTORY_MESSAGES + 1).reverse();
    const turn = await runThreadTurn(
      ctx,
      ctx.logger,
      {
        assistant,
        ownerEmail: assistant.ownerEmail,
        modelId,
        storeIds: loaded.storeIds,
        hasFunctions: loaded.hasFunctions,
        messages: [...sharedHistoryOf(earlier), { role: 'user', content: question }],
        query: question,
        refused: assistant.isSafeGuardOn && looksLikeInjection(question),
        handoff: true,
        systemNote: channelNote(channel),
        signal: lease.signal,
        sharedThreadId: async () => thread.id,
      },
      { storeQuestion: async () => thread, storeReply: (_stored, answer) => store(answer.text, answer.usage) },
    );
    await recordTurnOutcome(ctx, { thread, assistant, question, outcome: turn.answer });
    return turn.reply?.id ?? null;
  } finally {
    lease.end();
  }
}

/**
 * A new customer's picture (spec §3 `senderProfilePicUrl`), where the platform offers one
 * (Messenger, Instagram, LINE). Best effort: a failure leaves the thread without one.
 */
async function fillSenderProfile(ctx: ChannelsContext, thread: typeof sharedThreads.$inferSelect) {
  if (thread.senderProfilePicUrl || !thread.channelUserId || !thread.channelAccountId || !isChannelName(thread.origin)) return;
  try {
    const [account] = await ctx.db.select().from(messagingAccounts).where(eq(messagingAccounts.id, thread.channelAccountId)).limit(1);
    const profile = account ? await adapterOf(thread.origin).senderProfile(ctx, account, thread.channelUserId) : null;
    if (!profile?.pictureUrl || !/^https?:\/\//i.test(profile.pictureUrl)) return;
    const [row] = await ctx.db
      .update(sharedThreads)
      .set({ senderProfilePicUrl: profile.pictureUrl.slice(0, 2000), updatedAt: new Date() })
      .where(eq(sharedThreads.id, thread.id))
      .returning();
    if (row) publishRow(ctx, getModel('SharedThread'), 'update', row);
  } catch (error) {
    ctx.logger.warn({ err: error, sharedThreadId: thread.id }, 'could not read the customer’s profile');
  }
}
