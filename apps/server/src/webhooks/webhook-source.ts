/**
 * One platform that calls us (Shopify now; Meta, LINE and Stripe next): how its signature is
 * checked, and the table of its topics with the domain operation each goes to. See README.md here.
 */
export interface WebhookSource {
  /** The deduplication namespace (`webhook_deliveries.source`): `shopify`, `meta`, `line`, `stripe`. */
  name: string;
  /** A source that is not configured answers every call 404 with this detail (it verifies nothing). */
  disabledDetail: string | null;
  /** OpenAPI tag of its routes. */
  tag: string;
  /**
   * Checks the delivery's signature over the exact bytes received, and reads its delivery id and
   * topic. Null for a missing, forged or altered signature: the request is answered 401 and nothing
   * else happens. A platform that batches several events in one request (Meta, LINE) answers one
   * delivery per event, each with its own id: each is deduplicated and handled on its own (an
   * empty list is a request with nothing to act on, such as read receipts only).
   */
  verify(request: {
    rawBody: Buffer;
    headers: Record<string, string | string[] | undefined>;
  }): Promise<VerifiedDelivery | VerifiedDelivery[] | null>;
  topics: WebhookTopic[];
  /**
   * Sources that post every event to one address (Stripe) answer a signed event of a type not in
   * their table 200, doing nothing (a 4xx would make the platform retry it for days); the others
   * answer a topic that is not the route's own 400.
   */
  acceptsOtherTopics?: boolean;
}

/** A delivery whose signature checked out. */
export interface VerifiedDelivery {
  /** The platform's own id of this delivery: the same id twice is the same delivery (retries). */
  deliveryId: string;
  /**
   * A second deduplication key made of signed content only (`body:<sha256 of the raw body>`), for
   * a platform whose delivery id is outside its signature (Shopify's headers): anyone holding a
   * captured request could otherwise send it again under a new id. Absent where the id is signed.
   */
  contentKey?: string;
  /** The topic the platform says it is (a route only accepts its own topic). */
  topic: string;
  /** Whom it is about (a shop domain, a page id): logged and kept with the delivery, never used for authorisation. */
  subject: string | null;
  /** The parsed body. */
  payload: unknown;
}

export interface WebhookTopic {
  topic: string;
  /** The route it arrives on, e.g. `/api/sh/webhooks/app/uninstalled`; topics of one source may share it. */
  path: string;
  summary: string;
  /**
   * Hands the delivery to its domain (or queues a durable job). Called at most once per delivery id
   * once it succeeds; it should still be idempotent, since a failed attempt is delivered again.
   */
  handle(delivery: VerifiedDelivery): Promise<void>;
}
