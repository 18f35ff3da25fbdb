import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '../../db/database';
import { paymentCustomers } from '../../db/schema';

/** The user's Stripe customer id, if they have one. */
export async function stripeCustomerOf(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ customerId: paymentCustomers.customerId })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, 'stripe')))
    .limit(1);
  return row?.customerId;
}

/** The user behind a Stripe customer id (a webhook names the customer). */
export async function userOfStripeCustomer(db: Db, customerId: string | null | undefined): Promise<string | undefined> {
  if (!customerId) return undefined;
  const [row] = await db
    .select({ userId: paymentCustomers.userId })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.provider, 'stripe'), eq(paymentCustomers.customerId, customerId)))
    .limit(1);
  return row?.userId;
}

/** The user's Stripe customer, created once (its id kept) so every checkout and the portal share it. */
export async function ensureStripeCustomer(db: Db, stripe: Stripe, user: { id: string; email: string }): Promise<string> {
  const existing = await stripeCustomerOf(db, user.id);
  if (existing) return existing;
  const customer = await stripe.customers.create(
    { email: user.email, metadata: { user_id: user.id } },
    { idempotencyKey: `customer-${user.id}` },
  );
  await db.insert(paymentCustomers).values({ userId: user.id, provider: 'stripe', customerId: customer.id }).onConflictDoNothing();
  return (await stripeCustomerOf(db, user.id)) ?? customer.id;
}
