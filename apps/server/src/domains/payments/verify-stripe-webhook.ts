import type Stripe from 'stripe';

/** Stripe's own tolerance, and spec §9's request-signing clock skew: 5 minutes. */
export const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * Checks a Stripe delivery's `Stripe-Signature` over the exact bytes received, with the package's
 * `webhooks.constructEvent` (HMAC-SHA256 with the endpoint's secret, a timestamp at most 5 minutes
 * away). Answers the event, or null for a missing, forged, altered or stale signature.
 */
export function verifyStripeWebhook(
  webhooks: Stripe['webhooks'],
  secret: string,
  request: { rawBody: Buffer; headers: Record<string, string | string[] | undefined> },
): Stripe.Event | null {
  const header = request.headers['stripe-signature'];
  if (typeof header !== 'string' || !header) return null;
  try {
    return webhooks.constructEvent(request.rawBody, header, secret, STRIPE_SIGNATURE_TOLERANCE_SECONDS);
  } catch {
    return null;
  }
}
