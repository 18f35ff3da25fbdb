import { and, eq } from 'drizzle-orm';
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
 * one is 401 and changes nothing), then deduplication by the delivery's own id (a repeat is 200
 * with no second effect), then the topic's domain operation. A delivery whose handling fails is
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

/** One delivery: recorded by its id (false when it was already), then handed to its topic. */
async function handleOnce(deps: { db: Db; logger: Logger }, source: WebhookSource, topic: WebhookTopic, delivery: VerifiedDelivery) {
  const [first] = await deps.db
    .insert(webhookDeliveries)
    .values({ source: source.name, deliveryId: delivery.deliveryId, topic: delivery.topic, subject: delivery.subject })
    .onConflictDoNothing({ target: [webhookDeliveries.source, webhookDeliveries.deliveryId] })
    .returning({ id: webhookDeliveries.id });
  if (!first) return false;
  try {
    await topic.handle(delivery);
  } catch (error) {
    await deps.db
      .delete(webhookDeliveries)
      .where(and(eq(webhookDeliveries.source, source.name), eq(webhookDeliveries.deliveryId, delivery.deliveryId)));
    deps.logger.error({ err: error, source: source.name, topic: delivery.topic, subject: delivery.subject }, 'handling a webhook failed');
    throw error;
  }
  return true;
}
