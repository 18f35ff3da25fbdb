import { createChannelsContext } from '../domains/channels';
import type { Services } from '../services';
import { lineWebhookSource } from './line-topics';
import { metaWebhookSource } from './meta-topics';
import { shopifyWebhookSource } from './shopify-topics';
import { stripeWebhookSource } from './stripe-topics';
import type { WebhookSource } from './webhook-source';

/** Every platform that sends us webhooks. A new source is one more entry (see README.md here). */
export function webhookSources(services: Services): WebhookSource[] {
  const channels = createChannelsContext(services);
  return [shopifyWebhookSource(services), stripeWebhookSource(services), metaWebhookSource(channels), lineWebhookSource(channels)];
}
