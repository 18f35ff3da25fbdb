import { type ChannelName, isChannelName, replyRefusalOf, replyWindowOf } from '@aisle/contracts/channels';
import { and, eq } from 'drizzle-orm';
import { isUuid } from '../../data-api/model-fields';
import type { Item } from '../../data-api/model-store';
import { messagingAccounts, sharedThreads } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { sendManualReply } from '../shared-threads';
import { sendChannelMessageJob } from './channel-jobs';
import { channelMessages } from './channel-messages';
import type { ChannelsContext } from './channels-context';

async function loadOwnedThread(ctx: Pick<ChannelsContext, 'db'>, ownerEmail: string, sharedThreadId: string) {
  if (!isUuid(sharedThreadId)) return undefined;
  const [row] = await ctx.db
    .select({ thread: sharedThreads, account: messagingAccounts })
    .from(sharedThreads)
    .leftJoin(messagingAccounts, eq(messagingAccounts.id, sharedThreads.channelAccountId))
    .where(and(eq(sharedThreads.id, sharedThreadId), eq(sharedThreads.ownerEmail, ownerEmail)))
    .limit(1);
  return row;
}

/**
 * The shop answers a customer by hand (`user_reply/` and the inbox's composer, spec §1): stored as
 * the inbox stores every manual reply (auto-reply paused in the same statement, so the bot stays
 * quiet until the thread is resumed), then, in a channel's thread, sent to the customer on their
 * platform by the outbound-send job. A reply the platform would refuse is refused here, before it
 * is stored: outside the reply window (WhatsApp after 24 h needs a template; Messenger and
 * Instagram after 7 days take nothing), or while the account cannot send. `channel` (REST) names
 * the channel the thread must belong to.
 */
export async function replyByHand(
  ctx: ChannelsContext,
  input: { ownerEmail: string; sharedThreadId: string; content: string; channel?: ChannelName },
): Promise<Item> {
  const found = await loadOwnedThread(ctx, input.ownerEmail, input.sharedThreadId);
  const origin = found?.thread.origin;
  if (input.channel && origin !== input.channel) throw new AppError('NOT_FOUND', channelMessages.conversationNotFound);
  if (!found || !isChannelName(origin)) return sendManualReply(ctx, input);

  const { thread, account } = found;
  if (account?.status !== 'connected' || !account.accessToken)
    throw new AppError('CONFLICT', channelMessages.disconnected(origin), { bodyCode: 'account_disconnected' });
  if (account.tokenInvalidAt) throw new AppError('CONFLICT', channelMessages.tokenInvalid(origin), { bodyCode: 'token_invalid' });
  const refusal = replyRefusalOf(replyWindowOf(origin, thread.lastVisitorMessageAt), true);
  if (refusal) throw new AppError('CONFLICT', refusal, { bodyCode: 'reply_window_closed' });

  const reply = await sendManualReply(ctx, input);
  await ctx.jobs.send(sendChannelMessageJob, { messageId: String(reply.id) });
  return { ...reply, deliveryStatus: 'pending' };
}
