import { AppError } from '../../lib/app-error';
import { applySubscriptionState, creditTopUp, findCheckout, ledgerKeyFor, publishAccountNow, settleCheckout } from '../billing';
import { adminGraphql, getConnectionByShop, requireData } from '../shopify';
import { paymentMessages } from './payment-messages';
import type { PaymentsContext } from './payments-context';

const BILLING_STATE = /* GraphQL */ `
  query BillingState {
    currentAppInstallation {
      activeSubscriptions { id name status test currentPeriodEnd }
      oneTimePurchases(first: 50, sortKey: CREATED_AT, reverse: true) {
        edges { node { id name status test price { amount currencyCode } } }
      }
    }
  }
`;

interface BillingState {
  currentAppInstallation: {
    activeSubscriptions: { id: string; name: string; status: string; test: boolean; currentPeriodEnd: string | null }[];
    oneTimePurchases: { edges: { node: { id: string; status: string; price: { amount: string; currencyCode: string } } }[] };
  };
}

/** Where the merchant lands after approving or declining: the Account page inside their Shopify admin. */
export function adminAccountUrl(ctx: PaymentsContext, shopDomain: string, checkoutId: string) {
  const store = shopDomain.replace(/\.myshopify\.com$/, '');
  return `https://admin.shopify.com/store/${store}/apps/${ctx.env.SHOPIFY_API_KEY}/account?checkout=${checkoutId}`;
}

/**
 * GET sh/billing/confirm/: Shopify sends the merchant here after its approval page. Nothing in the
 * request is trusted: the charge's state is read from Shopify (the shop's current app installation)
 * and only an ACTIVE charge credits the top-up or starts the tier, once (keyed by the charge's id);
 * a declined or unknown one changes nothing. Answers where to send the merchant.
 */
export async function confirmShopifyCharge(ctx: PaymentsContext, input: { checkoutId: string }): Promise<string> {
  const checkout = await findCheckout(ctx.db, { id: input.checkoutId });
  if (checkout?.provider !== 'shopify' || !checkout.shopDomain || !checkout.externalId) {
    throw new AppError('NOT_FOUND', paymentMessages.checkoutNotFound);
  }
  const back = adminAccountUrl(ctx, checkout.shopDomain, checkout.id);
  if (checkout.status !== 'pending') return back;
  const connection = await getConnectionByShop(ctx.db, checkout.shopDomain);
  if (!connection) throw new AppError('NOT_FOUND', paymentMessages.checkoutNotFound);
  const state = requireData(await adminGraphql<BillingState>(ctx.shopify, connection, { query: BILLING_STATE })).currentAppInstallation;

  if (checkout.kind === 'subscription') {
    const subscription = state.activeSubscriptions.find((s) => s.id === checkout.externalId && s.status === 'ACTIVE');
    if (!subscription) return decline(ctx, checkout.id, checkout.userId, back);
    await applySubscriptionState(ctx, {
      userId: checkout.userId,
      provider: 'shopify',
      externalId: subscription.id,
      tier: checkout.tier ?? 'basic',
      status: 'active',
      productId: subscription.name,
      currentPeriodEnd: subscription.currentPeriodEnd ? new Date(subscription.currentPeriodEnd) : null,
      eventAt: new Date(),
    });
  } else {
    const purchase = state.oneTimePurchases.edges.map((edge) => edge.node).find((p) => p.id === checkout.externalId);
    if (purchase?.status !== 'ACTIVE' || !checkout.amountMicroUsd) return decline(ctx, checkout.id, checkout.userId, back);
    await creditTopUp(ctx, {
      userId: checkout.userId,
      amountMicroUsd: checkout.amountMicroUsd,
      idempotencyKey: ledgerKeyFor({ shopifyPurchase: purchase.id }),
      reference: `shopify:${purchase.id}`,
      description: `Top-up of $${purchase.price.amount} through Shopify`,
    });
  }
  if (await settleCheckout(ctx.db, checkout.id, 'completed')) {
    await publishAccountNow(ctx, { userId: checkout.userId, checkout: { id: checkout.id, status: 'completed' } });
  }
  return back;
}

async function decline(ctx: PaymentsContext, checkoutId: string, userId: string, back: string) {
  if (await settleCheckout(ctx.db, checkoutId, 'declined')) {
    await publishAccountNow(ctx, { userId, checkout: { id: checkoutId, status: 'declined' } });
  }
  return back;
}
