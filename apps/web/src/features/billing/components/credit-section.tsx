import { TOP_UP_AMOUNTS_USD } from '@aisle/contracts/billing';
import { LoaderCircleIcon, WalletIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SectionFrame } from '@/components/layouts/section-frame';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useFormat } from '@/i18n/format';
import { useBalance } from '../api/get-balance';
import { useBillingOptions } from '../api/get-billing-options';
import { useDailyUsage } from '../api/get-daily-usage';
import { useStartCheckout } from '../api/start-checkout';
import { billingErrorText } from '../billing-error-text';
import { SpendChart } from './spend-chart';
import { TransactionsTable } from './transactions-table';

/** /account's credit: the balance paid models spend, top-ups, the ledger and the last 30 days of spend. */
export function CreditSection() {
  const { t } = useTranslation('account');
  const format = useFormat();
  const balance = useBalance();
  const options = useBillingOptions();
  const usage = useDailyUsage();
  const provider = options.data?.provider ?? null;
  const topUp = useStartCheckout(provider);
  const amounts = options.data?.top_up_amounts_usd ?? [...TOP_UP_AMOUNTS_USD];
  const busyAmount = topUp.isPending && topUp.variables && 'amount_usd' in topUp.variables ? topUp.variables.amount_usd : null;

  return (
    <SectionFrame icon={WalletIcon} title={t('credit.title')} summary={t('credit.summary')}>
      <div className="space-y-5">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <p className="text-muted-foreground text-xs">{t('credit.balance')}</p>
            {balance.data ? (
              <p className="font-semibold text-2xl tabular-nums" data-testid="balance">
                {format.money(balance.data.available_usd, 'USD', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}
              </p>
            ) : (
              <Skeleton className="h-8 w-24" role="status" aria-label={t('credit.loadingBalance')} />
            )}
          </div>
          <fieldset className="flex flex-wrap gap-2" aria-label={t('credit.topUpGroup')}>
            {amounts.map((usd) => (
              <Button key={usd} variant="outline" disabled={!provider || topUp.isPending} onClick={() => topUp.mutate({ amount_usd: usd })}>
                {busyAmount === usd ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
                {t('credit.topUp', { amount: format.money(usd, 'USD', { minimumFractionDigits: 0, maximumFractionDigits: 0 }) })}
              </Button>
            ))}
          </fieldset>
        </div>
        {topUp.error ? (
          <p role="alert" className="text-destructive text-sm">
            {billingErrorText(topUp.error, t('billing.checkoutFailed'))}
          </p>
        ) : null}
        {usage.data ? <SpendChart days={usage.data.results} /> : <Skeleton className="h-48 rounded-lg" />}
        <TransactionsTable />
      </div>
    </SectionFrame>
  );
}
