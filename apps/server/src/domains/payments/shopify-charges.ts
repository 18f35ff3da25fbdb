import type { CheckoutResponse } from '@aisle/contracts/billing';
import type { User } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import { MICRO_PER_USD } from '../../lib/money';
import { openCheckout, paidTierPlan, publishAccountNow, setCheckoutExternalId } from '../billing';
import { adminGraphql, getOwnedConnection, requireData } from '../shopify';
import { paymentMessages } from './payment-messages';
import { isShopifyAccount, type PaymentsContext } from './payments-context';
import { providerFailure } from './start-stripe-checkout';

const SUBSCRIPTION_CREATE = /* GraphQL */ `
  mutation AppSubscriptionCreate(
    $name: String!
    $returnUrl: URL!
    $test: Boolean
    $replacementBehavior: AppSubscriptionReplacementBehavior
    $lineItems: [AppSubscriptionLineItemInput!]!
  ) {
    appSubscriptionCreate(name: $name, returnUrl: $returnUrl, test: $test, replacementBehavior: $replacementBehavior, lineItems: $lineItems) {
      appSubscription { id status }
      confirmationUrl
      userErrors { field message }
    }
  }
`;

const ONE_TIME_CREATE = /* GraphQL */ `
  mutation AppPurchaseOneTimeCreate($name: String!, $price: MoneyInput!, $returnUrl: URL!, $test: Boolean) {
    appPurchaseOneTimeCreate(name: $name, price: $price, returnUrl: $returnUrl, test: $test) {
      appPurchaseOneTime { id status }
      confirmationUrl
      userErrors { field message }
    }
  }
`;

interface CreatePayload {
  appSubscription?: { id: string; status: string } | null;
  appPurchaseOneTime?: { id: string; status: string } | null;
  confirmationUrl: string | null;
  userErrors: { field: string[] | null; message: string }[];
}

/** Shopify amounts are decimal strings; ours are whole cents or dollars, written exactly. */
const decimal = (cents: number) => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/**
 * POST sh/create-charge/ (and users/top-up-usd/ for a shop's account): Shopify's own billing, which
 * the App Store requires of stores that installed from it. A tier is an app subscription every 30
 * days, credit a one-time purchase. The merchant approves it on Shopify's page (`confirmationUrl`);
 * Shopify then sends them to sh/billing/confirm/, which checks the charge with Shopify before
 * crediting anything.
 */
export async function createShopifyCharge(
  ctx: PaymentsContext,
  input: { user: User; tier?: string; amountUsd?: number },
): Promise<CheckoutResponse> {
  const { user } = input;
  if (!isShopifyAccount(user.email)) throw new AppError('FORBIDDEN', paymentMessages.webUseStripe, { bodyCode: 'use_stripe' });
  if (!ctx.shopify.api) throw new AppError('NOT_FOUND', paymentMessages.shopifyNotConfigured, { bodyCode: 'payments_unavailable' });
  const connection = await getOwnedConnection(ctx.db, user.email);
  if (!connection) throw new AppError('BAD_REQUEST', paymentMessages.noShop);
  const plan = input.tier ? await paidTierPlan(ctx.db, input.tier) : undefined;
  if (input.tier && !plan) throw AppError.fields({ tier: [paymentMessages.unknownTier] });
  if (plan && plan.tier === user.tier) throw AppError.fields({ tier: [paymentMessages.samePlan] });
  const cents = plan ? plan.monthlyPriceCents : Math.round((input.amountUsd ?? 0) * 100);
  const checkout = await openCheckout(ctx.db, {
    userId: user.id,
    provider: 'shopify',
    kind: plan ? 'subscription' : 'top_up',
    tier: plan?.tier,
    amountMicroUsd: plan ? undefined : cents * (MICRO_PER_USD / 100),
    shopDomain: connection.shopDomain,
  });
  const returnUrl = `${ctx.env.PUBLIC_URL}/api/sh/billing/confirm/?checkout=${checkout.id}`;
  const test = ctx.env.SHOPIFY_BILLING_TEST;
  const price = { amount: decimal(cents), currencyCode: 'USD' };
  let data: { appSubscriptionCreate?: CreatePayload; appPurchaseOneTimeCreate?: CreatePayload };
  try {
    data = requireData(
      await adminGraphql<typeof data>(ctx.shopify, connection, {
        query: plan ? SUBSCRIPTION_CREATE : ONE_TIME_CREATE,
        variables: plan
          ? {
              name: `Aisle ${plan.name}`,
              returnUrl,
              test,
              replacementBehavior: 'APPLY_IMMEDIATELY',
              lineItems: [{ plan: { appRecurringPricingDetails: { price, interval: 'EVERY_30_DAYS' } } }],
            }
          : { name: `Aisle credit $${decimal(cents)}`, price, returnUrl, test },
      }),
    );
  } catch (error) {
    ctx.logger.warn({ err: error, shop: connection.shopDomain }, 'creating a Shopify charge failed');
    throw providerFailure(error);
  }
  const payload = (plan ? data.appSubscriptionCreate : data.appPurchaseOneTimeCreate) as CreatePayload | undefined;
  const charge = payload?.appSubscription ?? payload?.appPurchaseOneTime;
  if (!payload || payload.userErrors.length || !charge || !payload.confirmationUrl) {
    ctx.logger.warn({ shop: connection.shopDomain, userErrors: payload?.userErrors }, 'Shopify refused the charge');
    throw new AppError('BAD_GATEWAY', payload?.userErrors[0]?.message ?? paymentMessages.providerFailed);
  }
  await setCheckoutExternalId(ctx.db, checkout.id, charge.id);
  await publishAccountNow(ctx, { userId: user.id, checkout: { id: checkout.id, status: 'pending' } });
  return { url: payload.confirmationUrl, checkout_id: checkout.id };
}
