import { and, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/database';
import { webhookDeliveries } from '../db/schema';
import type { WebhookSource, WebhookTopic } from './webhook-source';

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
 * forgotten again, so the platform's retry is handled rather than skipped as a duplicate.
 */
export async function receiveWebhook(
  deps: { db: Db; logger: Logger },
  input: { source: WebhookSource; topics: WebhookTopic[]; rawBody: Buffer; headers: Record<string, string | string[] | undefined> },
): Promise<WebhookOutcome> {
  const { source } = input;
  if (source.disabledDetail) return { status: 404, body: { detail: source.disabledDetail } };
  const delivery = await input.source.verify({ rawBody: input.rawBody, headers: input.headers });
  if (!delivery) return { status: 401, body: { detail: webhookTexts.badSignature } };
  // A route serves its own topics: one per route (Shopify), or every event of one endpoint (Stripe).
  const topic = input.topics.find((candidate) => candidate.topic === delivery.topic);
  if (!topic) {
    return source.acceptsOtherTopics
      ? { status: 200, body: { detail: webhookTexts.notHandled } }
      : { status: 400, body: { detail: webhookTexts.wrongTopic } };
  }

  const [first] = await deps.db
    .insert(webhookDeliveries)
    .values({ source: source.name, deliveryId: delivery.deliveryId, topic: delivery.topic, subject: delivery.subject })
    .onConflictDoNothing({ target: [webhookDeliveries.source, webhookDeliveries.deliveryId] })
    .returning({ id: webhookDeliveries.id });
  if (!first) return { status: 200, body: { detail: webhookTexts.duplicate } };

  try {
    await topic.handle(delivery);
  } catch (error) {
    await deps.db
      .delete(webhookDeliveries)
      .where(and(eq(webhookDeliveries.source, source.name), eq(webhookDeliveries.deliveryId, delivery.deliveryId)));
    deps.logger.error({ err: error, source: source.name, topic: delivery.topic, subject: delivery.subject }, 'handling a webhook failed');
    throw error;
  }
  return { status: 200, body: { detail: webhookTexts.received } };
}
