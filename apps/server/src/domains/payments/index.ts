/**
 * The public entry point of `domains/payments`: what other domains, transports and tests may use.
 * Anything not exported here is the domain's own (the dependency rule in .dependency-cruiser.cjs).
 */
export { handleStripeEvent, STRIPE_EVENTS } from './handle-stripe-event';
export { paymentMessages } from './payment-messages';
export { paymentRoutes } from './payment-routes';
export { createPaymentsContext } from './payments-context';
export { stripeWebhooksFor } from './stripe-client';
export { syncShopifySubscription } from './sync-shopify-subscription';
export { verifyStripeWebhook } from './verify-stripe-webhook';
