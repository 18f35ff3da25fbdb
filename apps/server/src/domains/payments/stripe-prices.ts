import type { StripePrice } from '@aisle/contracts/billing';
import type Stripe from 'stripe';
import type { TierPlan } from '../billing';

/**
 * Each paid tier's monthly price in Stripe, found by its lookup key. The key carries the tier
 * table's version (`aisle_pro_v2`): when an operator changes a price, the next checkout creates
 * the new version's price, and subscriptions already running keep theirs until they change plan.
 */
export const lookupKeyOf = (plan: Pick<TierPlan, 'tier' | 'version'>) => `aisle_${plan.tier}_v${plan.version}`;

/** The tier a Stripe price stands for: by our lookup key, else its (or its product's) `tier` metadata. */
export function tierOfPrice(price: Pick<Stripe.Price, 'lookup_key' | 'metadata' | 'product'> | null | undefined): string | null {
  if (!price) return null;
  const byKey = /^aisle_([a-z][a-z0-9_-]*)_v\d+$/.exec(price.lookup_key ?? '')?.[1];
  if (byKey) return byKey;
  if (price.metadata?.tier) return price.metadata.tier;
  const product = price.product;
  return typeof product === 'object' && product && 'metadata' in product ? (product.metadata?.tier ?? null) : null;
}

/** The tier's price in Stripe, created (with its product) the first time the tier is sold. */
export async function priceForTier(stripe: Stripe, plan: TierPlan): Promise<Stripe.Price> {
  const lookupKey = lookupKeyOf(plan);
  const found = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
  if (found.data[0]) return found.data[0];
  return stripe.prices.create(
    {
      currency: 'usd',
      unit_amount: plan.monthlyPriceCents,
      recurring: { interval: 'month' },
      lookup_key: lookupKey,
      metadata: { tier: plan.tier },
      product_data: { name: `Aisle ${plan.name}`, metadata: { tier: plan.tier } },
    },
    // Two checkouts starting at once create one price.
    { idempotencyKey: `price-${lookupKey}` },
  );
}

/** GET stripe/products/: the account's active prices, each with its product. */
export async function listStripePrices(stripe: Stripe): Promise<StripePrice[]> {
  const prices = await stripe.prices.list({ active: true, limit: 100, expand: ['data.product'] });
  return prices.data.map((price) => {
    const product =
      typeof price.product === 'object' && price.product && !('deleted' in price.product && price.product.deleted) ? price.product : null;
    return {
      id: price.id,
      lookup_key: price.lookup_key,
      unit_amount: price.unit_amount,
      currency: price.currency,
      recurring_interval: price.recurring?.interval ?? null,
      tier: tierOfPrice(price),
      product: {
        id: typeof price.product === 'string' ? price.product : (product?.id ?? ''),
        name: (product as Stripe.Product | null)?.name ?? '',
        description: (product as Stripe.Product | null)?.description ?? null,
      },
    };
  });
}
