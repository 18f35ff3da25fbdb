import { storeInboundMessage } from '../shared-threads';
import { answerChannelMessageJob } from './channel-jobs';
import type { ChannelsContext } from './channels-context';
import { type InboundMessage, storedContentOf } from './inbound-message';

/**
 * A customer's message arrived by a verified webhook (webhooks/meta-topics.ts, line-topics.ts):
 * stored in their thread, then answered by a durable job. Idempotent: a message stored before (a
 * redelivery after a failed attempt) is not stored again, and its answer job is queued at most
 * once more (the job itself answers only an unanswered latest message). A message for an account
 * that does not answer here (disconnected, no assistant: Meta keeps delivering until the
 * subscription is removed) is dropped.
 */
export async function receiveInboundMessage(ctx: ChannelsContext, message: InboundMessage): Promise<void> {
  const stored = await storeInboundMessage(ctx, { ...message, content: storedContentOf(message) });
  if (!stored) {
    ctx.logger.info({ channel: message.channel, account: message.accountExternalId }, 'a message for an account that does not answer here');
    return;
  }
  const data = {
    messageId: stored.message.id,
    sharedThreadId: stored.thread.id,
    shareToken: stored.shareToken,
    unsupported: !message.text?.trim(),
    replyToken: message.replyToken ?? null,
    receivedAt: new Date().toISOString(),
  };
  if (stored.isNew) await ctx.jobs.send(answerChannelMessageJob, data);
  else await ctx.jobs.send(answerChannelMessageJob, data, { singletonKey: `answer:${stored.message.id}` });
}
