import { isChannelName, UNSUPPORTED_MESSAGE_REPLY } from '@aisle/contracts/channels';
import { eq } from 'drizzle-orm';
import { messagingAccounts, type sharedThreads } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { channelThread, type SharedTurn, setSenderPicture } from '../shared-threads';
import { runTurn } from '../turns';
import { adapterOf } from './channel-adapters';
import { sendChannelMessageJob } from './channel-jobs';
import { channelNote, plainMessageText } from './channel-prompt';
import type { ChannelsContext } from './channels-context';

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
 * stored (and charged) and its outbound send queued. Nothing is answered when the thread is paused
 * (a person answers), when the owner cannot pay, or when the message is no longer the thread's
 * latest (answered already, or a newer message's job answers both): a retried or repeated job is
 * harmless. It waits its turn at the gate, in turn with the link's other conversations.
 */
export async function answerChannelMessage(ctx: ChannelsContext, request: AnswerRequest): Promise<void> {
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
        onFirstMessage: (stored) => fillSenderProfile(ctx, stored),
      }),
    );
  } catch (error) {
    if (error instanceof AppError && error.bodyCode === 'unavailable') {
      ctx.logger.warn({ sharedThreadId: request.sharedThreadId }, 'a channel message is not answered: the owner cannot pay');
      return;
    }
    throw error;
  }
  if (turn?.reply)
    await ctx.jobs.send(sendChannelMessageJob, {
      messageId: turn.reply.id,
      replyToken: request.replyToken,
      receivedAt: request.receivedAt,
    });
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
    if (profile?.pictureUrl) await setSenderPicture(ctx, thread.id, profile.pictureUrl);
  } catch (error) {
    ctx.logger.warn({ err: error, sharedThreadId: thread.id }, 'could not read the customer’s profile');
  }
}
