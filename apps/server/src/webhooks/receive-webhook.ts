import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/database';
import { webhookDeliveries } from '../db/schema';
import type { VerifiedDelivery, WebhookSource, WebhookTopic } from './webhook-source';

export type WebhookOutcome = { status: 200; body: { detail: string } } | { status: 400 | 401 | 404; body: { detail: string } };

export const webhookTexts = {
  badSignature: 'The webhook signature is missing or invalid.',
  wrongTopic: 'The webhook topic does not match this address.',
  duplicate: 'Already received.',
  received: 'Received.',
  notHandled: 'Received; this event type is not handled.',
};

/**
 * One inbound webhook, in the order DESIGN "Outside services" sets: the signature first (a bad
 * one is 401 and changes nothing), then deduplication by the delivery's own id and, where that id
 * is not signed, by its signed content too (a repeat is 200 with no second effect), then the topic's domain operation. A delivery whose handling fails is
 * forgotten again, so the platform's retry is handled rather than skipped as a duplicate. A request
 * carrying several events (Meta, LINE) is several deliveries: each is deduplicated and handled on
 * its own, so a retried batch redoes only what failed.
 *
 * A route serves its own topics: one per route (Shopify), or every event of one endpoint (Stripe).
 * A source that posts every event to one address sets `acceptsOtherTopics`: a signed event of a
 * type not in its table is answered 200 and does nothing (a 4xx would be retried for days).
 */
export async function receiveWebhook(
  deps: { db: Db; logger: Logger },
  input: { source: WebhookSource; topics: WebhookTopic[]; rawBody: Buffer; headers: Record<string, string | string[] | undefined> },
): Promise<WebhookOutcome> {
  const { source } = input;
  if (source.disabledDetail) return { status: 404, body: { detail: source.disabledDetail } };
  const verified = await input.source.verify({ rawBody: input.rawBody, headers: input.headers });
  if (!verified) return { status: 401, body: { detail: webhookTexts.badSignature } };
  const deliveries = (Array.isArray(verified) ? verified : [verified]).map((delivery) => ({
    delivery,
    topic: input.topics.find((candidate) => candidate.topic === delivery.topic),
  }));
  if (deliveries.some(({ topic }) => !topic) && !source.acceptsOtherTopics)
    return { status: 400, body: { detail: webhookTexts.wrongTopic } };
  const known = deliveries.filter((entry): entry is { delivery: VerifiedDelivery; topic: WebhookTopic } => entry.topic !== undefined);
  if (deliveries.length > 0 && known.length === 0) return { status: 200, body: { detail: webhookTexts.notHandled } };

  let handled = 0;
  let failure: unknown;
  for (const { delivery, topic } of known) {
    try {
      if (await handleOnce(deps, source, topic, delivery)) handled++;
    } catch (error) {
      // The others still run: the platform's retry of the whole request then redoes this one only.
      failure ??= error;
    }
  }
  if (failure) throw failure;
  const repeated = known.length > 0 && handled === 0;
  return { status: 200, body: { detail: repeated ? webhookTexts.duplicate : webhookTexts.received } };
}

/** One delivery: recorded (false when it was already), then handed to its topic; forgotten again if that fails. */
async function handleOnce(deps: { db: Db; logger: Logger }, source: WebhookSource, topic: WebhookTopic, delivery: VerifiedDelivery) {
  if (!(await recordDelivery(deps.db, source, delivery))) return false;
  try {
    await topic.handle(delivery);
  } catch (error) {
    const keys = [delivery.deliveryId, ...(delivery.contentKey ? [delivery.contentKey] : [])];
    await deps.db
      .delete(webhookDeliveries)
      .where(and(eq(webhookDeliveries.source, source.name), inArray(webhookDeliveries.deliveryId, keys)));
    deps.logger.error({ err: error, source: source.name, topic: delivery.topic, subject: delivery.subject }, 'handling a webhook failed');
    throw error;
  }
  return true;
}

class AlreadyReceived extends Error {}

/**
 * How long a signed body counts as received (Shopify retries a delivery for up to 48 hours). Only
 * content keys expire: a body with nothing unique in it (shop/redact is `{shop_id, shop_domain}`)
 * may rightly come again months later, for a shop installed again. Delivery ids are kept for good.
 */
const CONTENT_KEY_WINDOW = sql`now() - interval '48 hours'`;

/**
 * The delivery's keys in one transaction: all new, or none kept. A delivery is a repeat when its id
 * was seen, or its signed content within the window, so a captured body sent again under a new
 * (unsigned) id is one too. Nothing prunes these rows (webhook_deliveries), so both outlive the window.
 */
async function recordDelivery(db: Db, source: WebhookSource, delivery: VerifiedDelivery): Promise<boolean> {
  const row = (deliveryId: string) => ({ source: source.name, deliveryId, topic: delivery.topic, subject: delivery.subject });
  const key = [webhookDeliveries.source, webhookDeliveries.deliveryId];
  const { contentKey } = delivery;
  try {
    await db.transaction(async (tx) => {
      const byId = await tx.insert(webhookDeliveries).values(row(delivery.deliveryId)).onConflictDoNothing({ target: key }).returning();
      if (byId.length === 0) throw new AlreadyReceived();
      if (!contentKey) return;
      // An expired content key is taken over (and answers a row); one seen within the window is not.
      const byContent = await tx
        .insert(webhookDeliveries)
        .values(row(contentKey))
        .onConflictDoUpdate({
          target: key,
          set: { topic: delivery.topic, subject: delivery.subject, receivedAt: sql`now()` },
          setWhere: lt(webhookDeliveries.receivedAt, CONTENT_KEY_WINDOW),
        })
        .returning();
      if (byContent.length === 0) throw new AlreadyReceived();
    });
    return true;
  } catch (error) {
    if (error instanceof AlreadyReceived) return false;
    throw error;
  }
}
