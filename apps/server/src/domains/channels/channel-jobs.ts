import { z } from 'zod';
import { defineJob } from '../../lib/job-queue';

/**
 * The channels' durable jobs (jobs/job-list.ts runs them). A webhook only stores the customer's
 * message and queues its answer, so the platform hears 200 at once (Meta and LINE retry slow
 * webhooks); the answer job sends its reply at once, and a send that must be retried (or a
 * person's reply) is a job of its own, so a failed send is retried without asking the model again.
 */

/**
 * Answers one stored customer message through the turns engine, then sends the reply (a send that
 * fails in a way worth retrying goes to the send job). Idempotent: it answers only while that
 * message is still the thread's latest (a reply already stored, or a newer message whose own job
 * answers both, ends it at once); a retry that finds its reply stored but not sent sends it.
 */
export const answerChannelMessageJob = defineJob({
  name: 'channel-answer',
  payload: z.object({
    messageId: z.uuid(),
    /** Its thread, and the token of the account's share the thread belongs to (the turn's one-query loader reads by it). */
    sharedThreadId: z.uuid(),
    shareToken: z.string().max(200),
    /** The customer sent no text (image, sticker, audio): the bot says what it can read. */
    unsupported: z.boolean().optional(),
    /** LINE: the reply token of that message, and when the webhook brought it. */
    replyToken: z.string().max(512).nullish(),
    receivedAt: z.string().max(40),
  }),
  retryLimit: 2,
  retryDelay: 5,
  expireInSeconds: 10 * 60,
});

/**
 * The outbound-send job: one stored reply (a person's, or the bot's whose first try failed) to the customer's platform.
 * Spec §8: 429, 500, 502, 503, 504, network errors and time-outs are retried, 3 times, with
 * doubling delays; 400, 401 and 403 are not (a 401 marks the account and tells the owner).
 * Idempotent: a reply already sent is not sent again; LINE pushes carry the reply's id as retry key.
 */
export const sendChannelMessageJob = defineJob({
  name: 'channel-send',
  payload: z.object({
    messageId: z.uuid(),
    replyToken: z.string().max(512).nullish(),
    receivedAt: z.string().max(40).nullish(),
    /** Tries made before this job was queued (the answer job's own, sendReplyNow): they count towards the limit. */
    priorAttempts: z.number().int().min(0).max(10).optional(),
  }),
  retryLimit: 3,
  retryDelay: 2,
  expireInSeconds: 2 * 60,
});
