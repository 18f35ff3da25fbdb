import type Stripe from 'stripe';
import {
  createPaymentsContext,
  handleStripeEvent,
  paymentMessages,
  STRIPE_EVENTS,
  stripeWebhooksFor,
  verifyStripeWebhook,
} from '../domains/payments';
import type { Services } from '../services';
import type { WebhookSource } from './webhook-source';

const SUMMARIES: Record<(typeof STRIPE_EVENTS)[number], string> = {
  'checkout.session.completed': 'A checkout was paid: credit the top-up, or start the subscription’s tier',
  'invoice.paid': 'A subscription invoice was paid: the tier stays on',
  'invoice.payment_failed': 'A subscription payment failed: past due, and the owner is told',
  'customer.subscription.updated': 'A subscription changed (plan, status, renewal): its tier follows',
  'customer.subscription.deleted': 'A subscription ended: back to basic',
  'charge.refunded': 'A top-up was refunded: a negative ledger row',
};

/**
 * Stripe's webhook endpoint (`/api/stripe/webhook/`): every event comes to the one address, is
 * verified with `Stripe-Signature` (5 minutes' tolerance), deduplicated by the event's id (inside the
 * signed body, and the signed timestamp refuses a capture older than 5 minutes: no content key), and the
 * events of STRIPE_EVENTS go to the payments domain. Subscribe the endpoint to those six.
 */
export function stripeWebhookSource(services: Services): WebhookSource {
  const webhooks = stripeWebhooksFor(services.env);
  const secret = services.env.STRIPE_WEBHOOK_SECRET ?? '';
  const ctx = createPaymentsContext(services);
  return {
    name: 'stripe',
    tag: 'Stripe webhooks',
    disabledDetail: webhooks ? null : paymentMessages.webhookNotConfigured,
    acceptsOtherTopics: true,
    async verify(request) {
      const event = webhooks && verifyStripeWebhook(webhooks, secret, request);
      if (!event) return null;
      const object = event.data.object as { customer?: string | { id: string } | null };
      const customer = typeof object.customer === 'string' ? object.customer : (object.customer?.id ?? null);
      return { deliveryId: event.id, topic: event.type, subject: customer, payload: event };
    },
    topics: STRIPE_EVENTS.map((type) => ({
      topic: type,
      summary: SUMMARIES[type],
      path: '/api/stripe/webhook/',
      handle: (delivery) => handleStripeEvent(ctx, delivery.payload as Stripe.Event),
    })),
  };
}
