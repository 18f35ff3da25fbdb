import { SparklesIcon } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@/app/auth/auth-provider';
import { SectionFrame } from '@/components/layouts/section-frame';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useFormat } from '@/i18n/format';
import { i18n } from '@/i18n/i18n';
import { useBillingOptions } from '../api/get-billing-options';
import { useTierTrack } from '../api/get-tier-track';
import { useTiers } from '../api/get-tiers';
import { useOpenBillingPortal } from '../api/open-billing-portal';
import { useStartCheckout } from '../api/start-checkout';
import { billingErrorText } from '../billing-error-text';
import { PlanCards } from './plan-cards';
import { UsageBars } from './usage-bars';

const SHOPIFY_MARKER = '.myshopify.com';

/** Shopify's page of the store's app charges, where a store cancels or changes its app subscription. */
function shopifyBillingUrl(email: string): string | null {
  const domain = email.split('@').find((part) => part.includes(SHOPIFY_MARKER)) ?? email.slice(email.indexOf('@') + 1);
  const store = domain.includes(SHOPIFY_MARKER) ? domain.replace(SHOPIFY_MARKER, '') : null;
  return store ? `https://admin.shopify.com/store/${store}/settings/billing/subscriptions` : null;
}

/**
 * Why paid plans are off, in the reader's language: the server's known reasons (payments
 * domain: Stripe or Shopify billing not configured) are translated; any other is shown as sent.
 */
function unavailableText(reason: string): string {
  if (!reason.startsWith('Paid plans are not available on this server')) return reason;
  if (reason.includes('Stripe')) return i18n.t('account:plan.unavailableStripe');
  if (reason.includes('Shopify')) return i18n.t('account:plan.unavailableShopify');
  return i18n.t('account:plan.unavailable');
}

/** /account's plan: the tier and its limits with this period's usage, the plans, and managing the subscription. */
export function PlanSection() {
  const { t } = useTranslation('account');
  const format = useFormat();
  const { user, sessionStore } = useAuth();
  const track = useTierTrack();
  const tiers = useTiers();
  const options = useBillingOptions();
  const provider = options.data?.provider ?? null;
  const checkout = useStartCheckout(provider);
  const portal = useOpenBillingPortal();
  const tier = track.data?.tier;

  // The server's tier wins over the stored session's (it may have changed while the page was closed).
  useEffect(() => {
    if (tier) sessionStore.updateUser({ tier });
  }, [tier, sessionStore]);

  const manage =
    provider === 'stripe'
      ? () => portal.mutate()
      : provider === 'shopify' && user
        ? () => {
            const url = shopifyBillingUrl(user.email);
            if (url) window.open(url, '_top');
          }
        : null;
  const failure = checkout.error ?? portal.error;

  return (
    <SectionFrame icon={SparklesIcon} title={t('plan.title')} summary={t('plan.summary')}>
      {track.data && tiers.data ? (
        <div className="space-y-5">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div>
              <p className="text-muted-foreground text-xs">{t('plan.current')}</p>
              <p className="font-semibold text-lg" data-testid="current-tier">
                {track.data.tier_name}
              </p>
              <p className="text-muted-foreground text-xs">
                {t('plan.period', { start: format.date(track.data.period_start, {}), end: format.date(track.data.period_end, {}) })}
              </p>
            </div>
            {manage && track.data.tier !== 'basic' ? (
              <Button variant="outline" onClick={manage} disabled={portal.isPending}>
                {t('plan.manage')}
              </Button>
            ) : null}
          </div>
          <UsageBars track={track.data} />
          {options.data?.unavailable_reason ? (
            <p role="note" className="rounded-md bg-muted p-3 text-sm">
              {unavailableText(options.data.unavailable_reason)}
            </p>
          ) : null}
          <PlanCards
            tiers={tiers.data.results}
            current={track.data.tier}
            canBuy={provider !== null}
            busyTier={checkout.isPending && checkout.variables && 'tier' in checkout.variables ? checkout.variables.tier : null}
            onChoose={(chosen) => checkout.mutate({ tier: chosen })}
            onManage={manage}
          />
          {failure ? (
            <p role="alert" className="text-destructive text-sm">
              {billingErrorText(failure, t('billing.checkoutFailed'))}
            </p>
          ) : null}
        </div>
      ) : track.error || tiers.error ? (
        <p role="alert" className="text-destructive text-sm">
          {billingErrorText(track.error ?? tiers.error, t('plan.loadFailed'))}
        </p>
      ) : (
        <Skeleton className="h-64 rounded-lg" role="status" aria-label={t('plan.loading')} />
      )}
    </SectionFrame>
  );
}
