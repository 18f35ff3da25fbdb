import type Stripe from 'stripe';
import type { Env } from '../../env';
import { loadOnUse } from '../../lib/load-on-use';

/** Loaded only when a key or webhook secret is set: an install without Stripe never pays for the package. */
const stripePackage = loadOnUse<typeof Stripe>('stripe');

/**
 * The Stripe client (the `stripe` package), or null while STRIPE_SECRET_KEY is not set: paid
 * plans are then shown as not available on this server, and everything else runs. STRIPE_API_ORIGIN
 * points it elsewhere (a fake Stripe on loopback in tests) through the package's host, port and
 * protocol options. Calls are retried by the package on network errors and 429/5xx (spec §8: 3 tries).
 */
export function stripeClientFor(env: Env): Stripe | null {
  if (!env.STRIPE_SECRET_KEY) return null;
  const origin = env.STRIPE_API_ORIGIN ? new URL(env.STRIPE_API_ORIGIN) : null;
  const StripeClient = stripePackage();
  return new StripeClient(env.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(origin
      ? {
          host: origin.hostname,
          port: origin.port || (origin.protocol === 'http:' ? 80 : 443),
          protocol: origin.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
}

/** Webhook verification needs only the signing secret; a client without a key can still check it. */
export function stripeWebhooksFor(env: Env): Stripe['webhooks'] | null {
  if (!env.STRIPE_WEBHOOK_SECRET) return null;
  return (stripeClientFor(env) ?? new (stripePackage())('sk_unused_for_webhooks_only')).webhooks;
}
