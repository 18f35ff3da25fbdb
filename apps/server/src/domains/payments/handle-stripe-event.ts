import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { paymentCustomers, users } from '../../db/schema';
import { rowsOf } from '../../db/sql-helpers';
import { MICRO_PER_USD } from '../../lib/money';
import {
  applySubscriptionState,
  type Checkout,
  creditTopUp,
  findCheckout,
  findSubscription,
  ledgerKeyFor,
  noticePaymentFailed,
  publishAccountNow,
  refundTopUp,
  settleCheckout,
  stripeRefundedTotal,
  topUpOwner,
} from '../billing';
import type { PaymentsContext } from './payments-context';
import { userOfStripeCustomer } from './stripe-customers';
import { tierOfPrice } from './stripe-prices';

/** Stripe amounts are integer cents of the currency: one cent is 10,000 micro-USD, exactly. */
const MICRO_PER_CENT = MICRO_PER_USD / 100;

/** The Stripe events we act on (the webhook endpoint subscribes to these), each becoming one ledger row and/or tier change. */
export const STRIPE_EVENTS = [
  'checkout.session.completed',
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'charge.refunded',
] as const;

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

/**
 * One verified, first-seen Stripe event (webhooks/stripe-topics.ts). Every handler is idempotent
 * and order-proof: credits are keyed by Stripe's own ids, and a subscription's state is applied only
 * when the event is not older than the state recorded (`event.created`).
 */
export async function handleStripeEvent(ctx: PaymentsContext, event: Stripe.Event): Promise<void> {
  const at = new Date(event.created * 1000);
  switch (event.type) {
    case 'checkout.session.completed':
      return checkoutCompleted(ctx, event.data.object, at);
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return subscriptionChanged(ctx, event.data.object, at, event.type === 'customer.subscription.deleted');
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return invoiceSettled(ctx, event.data.object, at, event.type === 'invoice.paid');
    case 'charge.refunded':
      return chargeRefunded(ctx, event.data.object);
    default:
      return;
  }
}

async function rememberCustomer(ctx: PaymentsContext, userId: string, customer: string | null) {
  if (!customer) return;
  await ctx.db.insert(paymentCustomers).values({ userId, provider: 'stripe', customerId: customer }).onConflictDoNothing();
}

async function userExists(ctx: PaymentsContext, userId: string | null | undefined): Promise<string | undefined> {
  if (!userId || !/^[0-9a-f-]{36}$/i.test(userId)) return undefined;
  const [row] = await rowsOf<{ id: string }>(ctx.db, sql`SELECT id FROM ${users} WHERE id = ${userId}`);
  return row?.id;
}

async function completeCheckout(ctx: PaymentsContext, checkout: Checkout | undefined, userId: string) {
  if (checkout && (await settleCheckout(ctx.db, checkout.id, 'completed'))) {
    await publishAccountNow(ctx, { userId, checkout: { id: checkout.id, status: 'completed' } });
  }
}

async function checkoutCompleted(ctx: PaymentsContext, session: Stripe.Checkout.Session, at: Date) {
  const checkout =
    (await findCheckout(ctx.db, { id: session.metadata?.checkout_id })) ??
    (await findCheckout(ctx.db, { provider: 'stripe', externalId: session.id }));
  const userId =
    checkout?.userId ??
    (await userExists(ctx, session.metadata?.user_id ?? session.client_reference_id)) ??
    (await userOfStripeCustomer(ctx.db, idOf(session.customer)));
  if (!userId) {
    ctx.logger.warn({ session: session.id }, 'a completed Stripe checkout names no known user; ignored');
    return;
  }
  await rememberCustomer(ctx, userId, idOf(session.customer));
  if (session.mode === 'payment') {
    // Only money received is credit (an asynchronous payment method completes later, or never).
    if (session.payment_status !== 'paid' || session.currency !== 'usd' || !session.amount_total) return;
    const paymentIntent = idOf(session.payment_intent) ?? session.id;
    await creditTopUp(ctx, {
      userId,
      amountMicroUsd: session.amount_total * MICRO_PER_CENT,
      idempotencyKey: ledgerKeyFor({ stripeCheckout: session.id }),
      reference: `stripe:${paymentIntent}`,
      description: `Top-up of $${(session.amount_total / 100).toFixed(2)} by card`,
    });
    return completeCheckout(ctx, checkout, userId);
  }
  const subscription = idOf(session.subscription);
  const tier = checkout?.tier ?? session.metadata?.tier;
  if (session.mode !== 'subscription' || !subscription || !tier) return;
  await applySubscriptionState(ctx, { userId, provider: 'stripe', externalId: subscription, tier, status: 'active', eventAt: at });
  return completeCheckout(ctx, checkout, userId);
}

async function subscriptionChanged(ctx: PaymentsContext, subscription: Stripe.Subscription, at: Date, deleted: boolean) {
  const known = await findSubscription(ctx.db, 'stripe', subscription.id);
  const userId =
    known?.user_id ??
    (await userExists(ctx, subscription.metadata?.user_id)) ??
    (await userOfStripeCustomer(ctx.db, idOf(subscription.customer)));
  const item = subscription.items?.data?.[0];
  const tier = tierOfPrice(item?.price) ?? subscription.metadata?.tier ?? known?.tier;
  if (!userId || !tier) {
    ctx.logger.warn({ subscription: subscription.id }, 'a Stripe subscription names no known user or tier; ignored');
    return;
  }
  await rememberCustomer(ctx, userId, idOf(subscription.customer));
  const status = deleted ? 'canceled' : subscription.status;
  await applySubscriptionState(ctx, {
    userId,
    provider: 'stripe',
    externalId: subscription.id,
    tier,
    status,
    productId: item?.price?.id ?? null,
    currentPeriodEnd: item?.current_period_end ? new Date(item.current_period_end * 1000) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end ?? false,
    eventAt: at,
  });
  // A plan change started from the Account page is done once Stripe reports the new price running.
  const changing = await findCheckout(ctx.db, { id: subscription.metadata?.checkout_id });
  if (changing?.kind === 'subscription' && changing.tier === tier && status === 'active') await completeCheckout(ctx, changing, userId);
}

async function invoiceSettled(ctx: PaymentsContext, invoice: Stripe.Invoice, at: Date, paid: boolean) {
  const details = invoice.parent?.subscription_details;
  const subscription = idOf(details?.subscription);
  if (!subscription) return;
  const known = await findSubscription(ctx.db, 'stripe', subscription);
  const userId =
    known?.user_id ?? (await userExists(ctx, details?.metadata?.user_id)) ?? (await userOfStripeCustomer(ctx.db, idOf(invoice.customer)));
  const tier = known?.tier ?? details?.metadata?.tier;
  if (!userId || !tier) return;
  const periodEnd = invoice.lines?.data?.[0]?.period?.end;
  await applySubscriptionState(ctx, {
    userId,
    provider: 'stripe',
    externalId: subscription,
    tier,
    status: paid ? 'active' : 'past_due',
    currentPeriodEnd: paid && periodEnd ? new Date(periodEnd * 1000) : null,
    eventAt: at,
  });
  if (!paid) {
    const [user] = await rowsOf<{ email: string }>(ctx.db, sql`SELECT email FROM ${users} WHERE id = ${userId}`);
    if (user) noticePaymentFailed(ctx, { ownerEmail: user.email, provider: 'stripe', amountUsd: invoice.amount_due / 100 });
  }
}

async function chargeRefunded(ctx: PaymentsContext, charge: Stripe.Charge) {
  const paymentIntent = idOf(charge.payment_intent);
  if (!paymentIntent || charge.currency !== 'usd') return;
  // Only a top-up's refund takes credit back; a subscription invoice's refund leaves the balance alone.
  const topUp = await topUpOwner(ctx.db, `stripe:${paymentIntent}`);
  if (!topUp) return;
  // `amount_refunded` is the charge's total so far: each refund event takes what is new since the last.
  const newCents = charge.amount_refunded - (await stripeRefundedTotal(ctx.db, charge.id));
  if (newCents <= 0) return;
  await refundTopUp(ctx, {
    userId: topUp.userId,
    amountMicroUsd: newCents * MICRO_PER_CENT,
    idempotencyKey: ledgerKeyFor({ stripeRefund: charge.id, refundedTotal: charge.amount_refunded }),
    reference: `stripe:${paymentIntent}`,
    description: `Refund of $${(newCents / 100).toFixed(2)} to the card`,
  });
}
