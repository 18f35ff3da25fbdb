import type { CheckoutResponse } from '@aisle/contracts/billing';
import { and, eq, inArray } from 'drizzle-orm';
import type Stripe from 'stripe';
import { userSubscriptions } from '../../db/schema';
import type { User } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import { MICRO_PER_USD } from '../../lib/money';
import { openCheckout, paidTierPlan, setCheckoutExternalId } from '../billing';
import { paymentMessages } from './payment-messages';
import { isShopifyAccount, type PaymentsContext } from './payments-context';
import { ensureStripeCustomer, stripeCustomerOf } from './stripe-customers';
import { priceForTier } from './stripe-prices';

export function requireStripe(ctx: PaymentsContext, user: Pick<User, 'email'>): Stripe {
  if (isShopifyAccount(user.email))
    throw new AppError('FORBIDDEN', paymentMessages.embeddedUseShopify, { bodyCode: 'use_shopify_billing' });
  if (!ctx.stripe) throw new AppError('NOT_FOUND', paymentMessages.stripeNotConfigured, { bodyCode: 'payments_unavailable' });
  return ctx.stripe;
}

/** A provider failure the merchant can retry, with its cause for the logs (never a 500). */
export function providerFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  return new AppError('BAD_GATEWAY', paymentMessages.providerFailed, { cause: error });
}

/**
 * POST stripe/checkout/ (and users/top-up-usd/ for web users): a Stripe Checkout session, `mode:
 * subscription` for a tier, `mode: payment` for credit. The user comes back to the Account page
 * with the checkout's id, which stays pending until Stripe's webhook says it is paid: the redirect
 * alone credits nothing. A subscriber changing tier has their subscription's price swapped instead.
 */
export async function startStripeCheckout(
  ctx: PaymentsContext,
  input: { user: User; tier?: string; amountUsd?: number },
): Promise<CheckoutResponse> {
  const stripe = requireStripe(ctx, input.user);
  const { user } = input;
  const plan = input.tier ? await paidTierPlan(ctx.db, input.tier) : undefined;
  if (input.tier && !plan) throw AppError.fields({ tier: [paymentMessages.unknownTier] });
  if (plan && plan.tier === user.tier) throw AppError.fields({ tier: [paymentMessages.samePlan] });
  const returnTo = (checkoutId: string) => `${ctx.env.PUBLIC_URL}/account?checkout=${checkoutId}`;
  try {
    const customer = await ensureStripeCustomer(ctx.db, stripe, user);
    if (plan) {
      const running = await runningStripeSubscription(ctx, user.id);
      const checkout = await openCheckout(ctx.db, { userId: user.id, provider: 'stripe', kind: 'subscription', tier: plan.tier });
      const price = await priceForTier(stripe, plan);
      if (running) {
        const subscription = await stripe.subscriptions.retrieve(running);
        const item = subscription.items.data[0];
        await stripe.subscriptions.update(running, {
          items: [{ id: item?.id, price: price.id }],
          proration_behavior: 'create_prorations',
          metadata: { user_id: user.id, tier: plan.tier, checkout_id: checkout.id },
        });
        await setCheckoutExternalId(ctx.db, checkout.id, running);
        return { url: returnTo(checkout.id), checkout_id: checkout.id };
      }
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer,
        client_reference_id: user.id,
        line_items: [{ price: price.id, quantity: 1 }],
        metadata: { user_id: user.id, checkout_id: checkout.id, kind: 'subscription', tier: plan.tier },
        subscription_data: { metadata: { user_id: user.id, tier: plan.tier, checkout_id: checkout.id } },
        success_url: returnTo(checkout.id),
        cancel_url: `${ctx.env.PUBLIC_URL}/account?checkout=cancelled`,
      });
      await setCheckoutExternalId(ctx.db, checkout.id, session.id);
      return { url: session.url ?? returnTo(checkout.id), checkout_id: checkout.id };
    }
    const cents = Math.round((input.amountUsd ?? 0) * 100);
    const checkout = await openCheckout(ctx.db, {
      userId: user.id,
      provider: 'stripe',
      kind: 'top_up',
      amountMicroUsd: (input.amountUsd ?? 0) * MICRO_PER_USD,
    });
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      customer,
      client_reference_id: user.id,
      line_items: [{ price_data: { currency: 'usd', unit_amount: cents, product_data: { name: 'Aisle credit' } }, quantity: 1 }],
      metadata: { user_id: user.id, checkout_id: checkout.id, kind: 'top_up' },
      payment_intent_data: { metadata: { user_id: user.id, checkout_id: checkout.id } },
      success_url: returnTo(checkout.id),
      cancel_url: `${ctx.env.PUBLIC_URL}/account?checkout=cancelled`,
    });
    await setCheckoutExternalId(ctx.db, checkout.id, session.id);
    return { url: session.url ?? returnTo(checkout.id), checkout_id: checkout.id };
  } catch (error) {
    ctx.logger.warn({ err: error, userId: user.id }, 'starting a Stripe checkout failed');
    throw providerFailure(error);
  }
}

/** The user's Stripe subscription that still bills, if any (a tier change swaps its price). */
async function runningStripeSubscription(ctx: PaymentsContext, userId: string): Promise<string | undefined> {
  const [row] = await ctx.db
    .select({ externalId: userSubscriptions.externalId })
    .from(userSubscriptions)
    .where(
      and(
        eq(userSubscriptions.userId, userId),
        eq(userSubscriptions.provider, 'stripe'),
        inArray(userSubscriptions.status, ['active', 'trialing', 'past_due']),
      ),
    )
    .limit(1);
  return row?.externalId ?? undefined;
}

/** GET stripe/customer-portal/: a portal session to manage the subscription and payment methods. */
export async function openCustomerPortal(ctx: PaymentsContext, user: User): Promise<{ url: string }> {
  const stripe = requireStripe(ctx, user);
  const customer = await stripeCustomerOf(ctx.db, user.id);
  if (!customer) throw new AppError('NOT_FOUND', paymentMessages.noCustomer);
  try {
    const session = await stripe.billingPortal.sessions.create({ customer, return_url: `${ctx.env.PUBLIC_URL}/account` });
    return { url: session.url };
  } catch (error) {
    ctx.logger.warn({ err: error, userId: user.id }, 'opening the Stripe customer portal failed');
    throw providerFailure(error);
  }
}
