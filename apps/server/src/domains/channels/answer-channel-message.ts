import { isChannelName, UNSUPPORTED_MESSAGE_REPLY } from '@aisle/contracts/channels';
import { and, asc, eq, gte, isNull, ne, sql } from 'drizzle-orm';
import { messagingAccounts, sharedMessages, type sharedThreads } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { JobHandlerContext } from '../../lib/job-queue';
import { channelThread, type SharedTurn, setSenderPicture } from '../shared-threads';
import { runTurn } from '../turns';
import { adapterOf } from './channel-adapters';
import { channelNote, plainMessageText } from './channel-prompt';
import type { ChannelsContext } from './channels-context';
import type { AccountRow } from './messaging-accounts';
import { queueSend, sendReplyNow } from './send-channel-message';

/*
 * A channel thread is a shared thread, so its turn is the turns engine's with the shared-thread
 * store (domains/shared-threads): the same subjects, history with the team's replies marked,
 * retrieval, functions, safeguard, handoff, and the reply write that charges the owner. Only the
 * prompt's note (a plain chat message on the channel), the reply's text and how it leaves differ.
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

/**
 * The answer job (channel-jobs.ts): the assistant answers one customer message, the reply is
 * stored (and charged) and sent. Nothing is answered when the thread is paused (a person answers),
 * when the owner cannot pay, or when the message is no longer the thread's latest (answered
 * already, or a newer message's job answers both): a retried or repeated job is harmless. A retry
 * (the process stopped after the reply was stored) sends the reply it finds not yet sent, through
 * the send job, of which at most one runs per reply. It waits its turn at the gate, in turn with
 * the link's other conversations.
 */
export async function answerChannelMessage(
  ctx: ChannelsContext,
  request: AnswerRequest,
  job: Pick<JobHandlerContext, 'retryCount'> = { retryCount: 0 },
): Promise<void> {
  let firstMessageOf: typeof sharedThreads.$inferSelect | undefined;
  let turn: Awaited<ReturnType<typeof runTurn<SharedTurn, unknown, { id: string }>>>;
  try {
    turn = await runTurn(
      ctx,
      ctx.logger,
      // A job: it waits its turn at the gate with the visitors' turns rather than being refused.
      { key: `share:${request.shareToken}`, patient: true, origin: 'channel' },
      channelThread(ctx, {
        shareToken: request.shareToken,
        sharedThreadId: request.sharedThreadId,
        messageId: request.messageId,
        // An image, sticker or voice message: the bot says what it can read; no model is asked.
        fixedReply: request.unsupported ? UNSUPPORTED_MESSAGE_REPLY : undefined,
        channelOf: (thread) => {
          const channel = thread.origin;
          return isChannelName(channel)
            ? { systemNote: channelNote(channel), replyText: (text: string) => plainMessageText(channel, text) }
            : null;
        },
        // Filled in once the reply is on its way: the customer does not wait for their profile.
        onFirstMessage: async (stored) => {
          firstMessageOf = stored;
        },
      }),
    );
  } catch (error) {
    if (error instanceof AppError && error.bodyCode === 'unavailable') {
      ctx.logger.warn({ sharedThreadId: request.sharedThreadId }, 'a channel message is not answered: the owner cannot pay');
      return;
    }
    throw error;
  }
  const send = { replyToken: request.replyToken, receivedAt: request.receivedAt };
  const sent = turn?.reply ? await sendReplyNow(ctx, { messageId: turn.reply.id, ...send }) : undefined;
  if (!turn?.reply && job.retryCount > 0) {
    const unsent = await unsentReplyTo(ctx, request);
    if (unsent) await queueSend(ctx, { messageId: unsent.id, ...send });
  }
  if (firstMessageOf) await fillSenderProfile(ctx, firstMessageOf, sent?.account);
}

/** The bot's reply to this message, stored by an earlier attempt and not sent yet. */
async function unsentReplyTo(ctx: ChannelsContext, request: AnswerRequest) {
  const question = ctx.db
    .select({ createdAt: sharedMessages.createdAt })
    .from(sharedMessages)
    .where(eq(sharedMessages.id, request.messageId));
  const [reply] = await ctx.db
    .select({ id: sharedMessages.id })
    .from(sharedMessages)
    .where(
      and(
        eq(sharedMessages.sharedThreadId, request.sharedThreadId),
        ne(sharedMessages.senderType, 'user'),
        eq(sharedMessages.isManualResponse, false),
        isNull(sharedMessages.deliveryStatus),
        gte(sharedMessages.createdAt, sql`(${question})`),
      ),
    )
    .orderBy(asc(sharedMessages.createdAt))
    .limit(1);
  return reply;
}

/**
 * A new customer's picture (spec §3 `senderProfilePicUrl`), where the platform offers one
 * (Messenger, Instagram, LINE), with the account the reply was sent from when there was one.
 * Best effort: a failure leaves the thread without one.
 */
async function fillSenderProfile(ctx: ChannelsContext, thread: typeof sharedThreads.$inferSelect, loaded?: AccountRow) {
  if (thread.senderProfilePicUrl || !thread.channelUserId || !thread.channelAccountId || !isChannelName(thread.origin)) return;
  try {
    const [account] = loaded
      ? [loaded]
      : await ctx.db.select().from(messagingAccounts).where(eq(messagingAccounts.id, thread.channelAccountId)).limit(1);
    const profile = account ? await adapterOf(thread.origin).senderProfile(ctx, account, thread.channelUserId) : null;
    if (profile?.pictureUrl) await setSenderPicture(ctx, thread.id, profile.pictureUrl);
  } catch (error) {
    ctx.logger.warn({ err: error, sharedThreadId: thread.id }, 'could not read the customer’s profile');
  }
}
