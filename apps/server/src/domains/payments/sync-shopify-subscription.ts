import { applySubscriptionState, findCheckout, findSubscription } from '../billing';
import type { PaymentsContext } from './payments-context';

/** The `app_subscriptions/update` payload (Shopify's REST webhook shape). */
interface AppSubscriptionsUpdate {
  app_subscription?: {
    admin_graphql_api_id?: string;
    name?: string;
    status?: string;
    admin_graphql_api_shop_id?: string;
    created_at?: string;
    updated_at?: string;
    currency?: string;
    capped_amount?: string | null;
  };
}

/**
 * The `app_subscriptions/update` webhook: a subscription's status changed at Shopify (approved,
 * cancelled, declined, frozen, expired); the user's tier follows. Only charges we created are known
 * (by their id); a late or repeated update older than the state recorded changes nothing.
 */
export async function syncShopifySubscription(ctx: PaymentsContext, delivery: { shop: string; payload: unknown }) {
  const subscription = (delivery.payload as AppSubscriptionsUpdate)?.app_subscription;
  const id = subscription?.admin_graphql_api_id;
  if (!id || !subscription?.status) return;
  const known = await findSubscription(ctx.db, 'shopify', id);
  const checkout = known ? undefined : await findCheckout(ctx.db, { provider: 'shopify', externalId: id });
  const userId = known?.user_id ?? checkout?.userId;
  const tier = known?.tier ?? checkout?.tier;
  if (!userId || !tier) {
    ctx.logger.info({ shop: delivery.shop, subscription: id }, 'an app subscription we did not create was updated; ignored');
    return;
  }
  const at = subscription.updated_at ? new Date(subscription.updated_at) : new Date();
  await applySubscriptionState(ctx, {
    userId,
    provider: 'shopify',
    externalId: id,
    tier,
    status: subscription.status,
    productId: subscription.name ?? null,
    eventAt: Number.isNaN(at.getTime()) ? new Date() : at,
  });
}
