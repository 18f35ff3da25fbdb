import { CircleCheckIcon, CircleXIcon, LoaderCircleIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/i18n/format';
import { useCheckout } from '../api/get-checkout';

/**
 * Back from a checkout (`/account?checkout=<id>`): "pending" until the provider's webhook (or
 * Shopify's confirmed charge) has credited the account, then the outcome; the live account events
 * refresh it, without a reload. The redirect itself proves nothing, so it shows nothing more.
 */
export function CheckoutStatus({ checkoutId }: { checkoutId: string }) {
  const { t } = useTranslation('account');
  const format = useFormat();
  const checkout = useCheckout(checkoutId);
  if (!checkout.data) return null;
  const { status, kind, tier, amount_usd } = checkout.data;
  const plan = tier ? t('checkout.plan', { plan: `${tier.slice(0, 1).toUpperCase()}${tier.slice(1)}` }) : t('checkout.newPlan');
  const what =
    kind === 'subscription'
      ? plan
      : t('checkout.topUp', { amount: format.money(amount_usd ?? 0, 'USD', { minimumFractionDigits: 2, maximumFractionDigits: 2 }) });
  const frame =
    'mx-auto mt-4 flex w-[calc(100%-2rem)] max-w-[calc(56rem-4rem)] items-center gap-3 rounded-xl border p-4 text-sm md:w-[calc(100%-4rem)]';
  if (status === 'pending') {
    return (
      <div role="status" className={`${frame} bg-muted/50`} data-testid="checkout-pending">
        <LoaderCircleIcon className="size-5 shrink-0 animate-spin text-primary" aria-hidden="true" />
        <span>{t('checkout.pending', { what })}</span>
      </div>
    );
  }
  if (status === 'declined') {
    return (
      <div role="alert" className={`${frame} border-destructive/40 text-destructive`}>
        <CircleXIcon className="size-5 shrink-0" aria-hidden="true" />
        <span>{t('checkout.declined', { what })}</span>
      </div>
    );
  }
  return (
    <div role="status" className={`${frame} border-emerald-600/40 text-emerald-800 dark:text-emerald-300`} data-testid="checkout-success">
      <CircleCheckIcon className="size-5 shrink-0" aria-hidden="true" />
      <span>{kind === 'subscription' ? t('checkout.confirmedPlan', { what }) : t('checkout.confirmedTopUp', { what })}</span>
    </div>
  );
}
