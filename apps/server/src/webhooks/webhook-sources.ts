import type { Services } from '../services';
import { shopifyWebhookSource } from './shopify-topics';
import { stripeWebhookSource } from './stripe-topics';
import type { WebhookSource } from './webhook-source';

/** Every platform that sends us webhooks. A new source is one more entry (see README.md here). */
export function webhookSources(services: Services): WebhookSource[] {
  return [shopifyWebhookSource(services), stripeWebhookSource(services)];
}
