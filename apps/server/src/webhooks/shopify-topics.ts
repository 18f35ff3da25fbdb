import { createHash } from 'node:crypto';
import { createPaymentsContext, syncShopifySubscription } from '../domains/payments';
import {
  createShopifyContext,
  handleAppUninstalled,
  queueProductRefresh,
  recordOrder,
  redactCustomer,
  redactShop,
  requestCustomerData,
  type ShopifyContext,
  shopifyMessages,
  verifyShopifyWebhook,
} from '../domains/shopify';
import type { Services } from '../services';
import type { VerifiedDelivery, WebhookSource } from './webhook-source';

type Handler = (ctx: ShopifyContext, delivery: { shop: string; payload: unknown }) => Promise<void>;

/**
 * Every Shopify topic we receive, with the domain operation it goes to: the one place to look
 * (as Shopify's app template keeps them). Subscribe the app to the same list (shopify.app.toml:
 * `[[webhooks.subscriptions]]` with `uri = "/api/sh/webhooks/<topic>"`; the three privacy topics
 * as `compliance_topics`). Each handler is idempotent: Shopify delivers more than once.
 */
const SHOPIFY_TOPICS: { topic: string; summary: string; handle: Handler }[] = [
  {
    topic: 'app/uninstalled',
    summary: 'App uninstalled: revoke the tokens, turn the widget off, keep the data',
    handle: handleAppUninstalled,
  },
  { topic: 'shop/redact', summary: 'Privacy: erase everything of the shop', handle: redactShop },
  { topic: 'customers/redact', summary: 'Privacy: erase a customer’s conversations and orders', handle: redactCustomer },
  {
    topic: 'customers/data_request',
    summary: 'Privacy: prepare a customer’s data and notify the owner with a download link',
    handle: requestCustomerData,
  },
  {
    topic: 'products/create',
    summary: 'A product was created: index it',
    handle: (ctx, d) => queueProductRefresh(ctx, { ...d, deleted: false }),
  },
  {
    topic: 'products/update',
    summary: 'A product changed: re-index that product only',
    handle: (ctx, d) => queueProductRefresh(ctx, { ...d, deleted: false }),
  },
  {
    topic: 'products/delete',
    summary: 'A product was deleted: remove it from the catalog and the knowledge',
    handle: (ctx, d) => queueProductRefresh(ctx, { ...d, deleted: true }),
  },
  { topic: 'orders/create', summary: 'An order was placed: record it for the analytics', handle: recordOrder },
];

export function shopifyWebhookSource(services: Services): WebhookSource {
  const ctx = createShopifyContext(services);
  const payments = createPaymentsContext(services);
  // verify() returns the shop with the delivery; handlers receive it back from `subject`.
  const shopOf = (delivery: VerifiedDelivery) => delivery.subject as string;
  return {
    name: 'shopify',
    tag: 'Shopify webhooks',
    disabledDetail: ctx.api ? null : shopifyMessages.notConfigured,
    async verify(request) {
      const delivery = await verifyShopifyWebhook(ctx, request);
      if (!delivery) return null;
      // Shopify's HMAC-SHA256 covers the raw body only ("Verify webhook deliveries"): X-Shopify-Event-Id,
      // -Webhook-Id, -Triggered-At, -Topic and -Shop-Domain are not signed, so a captured body could be
      // sent again under a new id (and checking Triggered-At would prove nothing). The body's hash is
      // recorded too. Topic and shop are left out of it on purpose: with them, the same body could be
      // replayed under another (unsigned) topic or shop; without them, products/create and
      // products/update of identical bytes count once, and both only refresh that product.
      const contentKey = `body:${createHash('sha256').update(request.rawBody).digest('hex')}`;
      return { deliveryId: delivery.deliveryId, contentKey, topic: delivery.topic, subject: delivery.shop, payload: delivery.payload };
    },
    topics: [
      ...SHOPIFY_TOPICS.map(({ topic, summary, handle }) => ({
        topic,
        summary,
        path: `/api/sh/webhooks/${topic}`,
        handle: (delivery: VerifiedDelivery) => handle(ctx, { shop: shopOf(delivery), payload: delivery.payload }),
      })),
      {
        topic: 'app_subscriptions/update',
        summary: 'An app subscription changed at Shopify (approved, cancelled, frozen): the tier follows',
        path: '/api/sh/webhooks/app_subscriptions/update',
        handle: (delivery: VerifiedDelivery) => syncShopifySubscription(payments, { shop: shopOf(delivery), payload: delivery.payload }),
      },
    ],
  };
}
