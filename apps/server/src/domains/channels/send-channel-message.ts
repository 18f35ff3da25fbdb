import { type ChannelName, isChannelName, replyRefusalOf, replyWindowOf } from '@aisle/contracts/channels';
import { type ProductCard, productCardSchema, type QuickReply, quickReplySchema } from '@aisle/contracts/commerce';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { getModel } from '../../data-api/model-registry';
import { publishRow } from '../../data-api/model-store';
import { messagingAccounts, sharedMessages } from '../../db/schema';
import { rowFromJson, rowsOf } from '../../db/sql-helpers';
import type { JobHandlerContext } from '../../lib/job-queue';
import { adapterOf } from './channel-adapters';
import { sendChannelMessageJob } from './channel-jobs';
import { channelMessages } from './channel-messages';
import type { ChannelsContext } from './channels-context';
import { type ChannelMessageSubject, loadChannelMessage } from './load-channel-turn';
import { markTokenInvalid } from './mark-token-invalid';

const offeredSchema = z.object({
  products: z.array(productCardSchema).catch([]),
  quickReplies: z.array(quickReplySchema).catch([]),
});

/**
 * What the answer offers beside its text (stored with the reply in `llmUsage` by the turn): its
 * products and quick replies; none when absent or unreadable (the reply then goes as its text).
 */
function offeredWith(llmUsage: unknown): { products: ProductCard[]; quickReplies: QuickReply[] } {
  const parsed = offeredSchema.safeParse(llmUsage && typeof llmUsage === 'object' ? llmUsage : {});
  return parsed.success ? parsed.data : { products: [], quickReplies: [] };
}

export interface SendRequest {
  messageId: string;
  replyToken?: string | null;
  receivedAt?: string | null;
}

/** Why this reply cannot go out now, before any call: no token, a refused token, or a closed window. */
function blockedReason(subject: ChannelMessageSubject, channel: ChannelName): string | null {
  const { account, thread, message } = subject;
  if (account.status !== 'connected' || !account.accessToken) return channelMessages.disconnected(channel);
  if (account.tokenInvalidAt) return channelMessages.tokenInvalid(channel);
  return replyRefusalOf(replyWindowOf(thread.origin, thread.lastVisitorMessageAt), message.isManualResponse);
}

/**
 * The send's outcome on the message, and on the account's last send error, in one statement: a
 * success clears an earlier error (the account works again), a failure records it. The owner's
 * inbox hears the message's new state live.
 */
async function recordDelivery(
  ctx: Pick<ChannelsContext, 'db' | 'events'>,
  input: { messageId: string; accountId: string | null; sent: boolean; detail: string | null },
) {
  const { messageId, accountId, sent, detail } = input;
  const [row] = await rowsOf<{ message: Record<string, unknown> | null }>(
    ctx.db,
    sql`
      WITH delivered AS (
        UPDATE ${sharedMessages}
        SET delivery_status = ${sent ? 'sent' : 'failed'}, channel_message_id = CASE WHEN ${sent} THEN ${detail} ELSE channel_message_id END,
            delivery_error = CASE WHEN ${sent} THEN NULL ELSE ${detail} END
        WHERE id = ${messageId}
        RETURNING *
      ), account AS (
        UPDATE ${messagingAccounts}
        SET last_send_error = CASE WHEN ${sent} THEN NULL ELSE ${detail} END, last_send_error_at = CASE WHEN ${sent} THEN NULL ELSE now() END
        WHERE id = ${accountId} AND (NOT ${sent} OR last_send_error IS NOT NULL)
        RETURNING id
      )
      SELECT (SELECT row_to_json(delivered) FROM delivered) AS message, (SELECT count(*) FROM account) AS accounts`,
  );
  if (row?.message) publishRow(ctx, getModel('SharedMessage'), 'update', rowFromJson(sharedMessages, row.message));
}

/** How one attempt at a reply ended: sent or recorded as failed for good (`done`), or worth another try. */
type Attempted = { done: true } | { done: false; error: Error };

/**
 * One attempt at a stored reply, the bot's or a person's, to the customer on their platform, in
 * the thread's reply window (a person's reply may carry the human-agent tag). A failure worth
 * retrying (spec §8) is handed back while tries remain (`lastTry` false); any other failure is
 * recorded on the message and the account, and a refused token marks the account and tells the
 * owner. A reply sent or failed before is left alone.
 */
async function attemptSend(
  ctx: ChannelsContext,
  subject: ChannelMessageSubject | undefined,
  request: SendRequest,
  attempt: { number: number; lastTry: boolean },
): Promise<Attempted> {
  if (
    !subject ||
    subject.message.senderType === 'user' ||
    subject.message.deliveryStatus === 'sent' ||
    subject.message.deliveryStatus === 'failed'
  )
    return { done: true };
  const { account, thread, message } = subject;
  const channel = account.channel;
  if (!isChannelName(channel) || !thread.channelUserId) return { done: true };

  const blocked = blockedReason(subject, channel);
  if (blocked) {
    await recordDelivery(ctx, { messageId: message.id, accountId: null, sent: false, detail: blocked });
    return { done: true };
  }
  const offered = message.isManualResponse ? { products: [], quickReplies: [] } : offeredWith(message.llmUsage);
  const outcome = await adapterOf(channel).send(ctx, account, {
    recipientId: thread.channelUserId,
    text: message.content,
    ...offered,
    byPerson: message.isManualResponse,
    window: replyWindowOf(thread.origin, thread.lastVisitorMessageAt),
    messageId: message.id,
    attempt: attempt.number,
    replyToken: request.replyToken,
    receivedAt: request.receivedAt,
  });
  if (outcome.ok) {
    await recordDelivery(ctx, { messageId: message.id, accountId: account.id, sent: true, detail: outcome.platformMessageId });
    return { done: true };
  }
  const { failure } = outcome;
  if (failure.retryable && !attempt.lastTry) {
    ctx.logger.warn(
      { channel, status: failure.status, attempt: attempt.number, messageId: message.id },
      'a send failed; it will be retried',
    );
    return { done: false, error: new Error(`send failed (${failure.status ?? 'network'}): ${failure.message}`) };
  }
  ctx.logger.warn({ channel, status: failure.status, messageId: message.id }, 'a send failed for good');
  await recordDelivery(ctx, { messageId: message.id, accountId: account.id, sent: false, detail: failure.message });
  if (failure.tokenInvalid) await markTokenInvalid(ctx, account, failure.message);
  return { done: true };
}

/**
 * The outbound-send job (channel-jobs.ts): one attempt per run; a failure worth retrying throws,
 * and the queue retries it with doubling delays until its tries are spent. A send the answer job
 * tried first counts its attempt (`priorAttempts`), so a reply gets the same tries either way.
 */
export async function sendChannelMessage(
  ctx: ChannelsContext,
  request: SendRequest & { priorAttempts?: number },
  job: Pick<JobHandlerContext, 'retryCount' | 'retryLimit'>,
) {
  const number = job.retryCount + (request.priorAttempts ?? 0);
  const subject = await loadChannelMessage(ctx.db, request.messageId);
  const attempted = await attemptSend(ctx, subject, request, { number, lastTry: number >= job.retryLimit });
  if (!attempted.done) throw attempted.error;
}

/**
 * The bot's reply, sent by the answer job that stored it as soon as it is stored: the reply does
 * not wait in a second queue behind other customers' answers, and costs no job of its own (a queued
 * job is three statements: queue, claim, complete). A failure worth retrying goes to the send job,
 * which retries it with the queue's delays without asking the model again. Resolves with what was
 * loaded, for the caller to reuse.
 */
export async function sendReplyNow(ctx: ChannelsContext, request: SendRequest): Promise<ChannelMessageSubject | undefined> {
  const subject = await loadChannelMessage(ctx.db, request.messageId);
  const attempted = await attemptSend(ctx, subject, request, { number: 0, lastTry: false });
  if (!attempted.done) await queueSend(ctx, { ...request, priorAttempts: 1 });
  return subject;
}

/**
 * Queues the send job of a reply; at most one is waiting or running per reply (a retried answer job
 * that finds its reply not yet sent may ask again).
 */
export const queueSend = (ctx: ChannelsContext, request: SendRequest & { priorAttempts?: number }) =>
  ctx.jobs.send(sendChannelMessageJob, request, { singletonKey: `send:${request.messageId}` });
