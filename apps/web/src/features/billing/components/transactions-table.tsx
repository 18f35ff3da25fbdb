import type { Transaction } from '@aisle/contracts/billing';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { type Formatters, useFormat } from '@/i18n/format';
import { useTransactions } from '../api/get-transactions';
import { billingErrorText } from '../billing-error-text';

const KIND_LABELS = {
  generation_charge: 'transactions.kinds.generation_charge',
  top_up: 'transactions.kinds.top_up',
  refund: 'transactions.kinds.refund',
  adjustment: 'transactions.kinds.adjustment',
} as const satisfies Record<Transaction['kind'], string>;

/** Date and time as the browser's own `toLocaleString()` shows them, in the interface's language. */
const DATE_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
};

const amount = (format: Formatters, usd: number) => {
  const digits = Math.abs(usd) >= 0.01 || usd === 0 ? 2 : 6;
  const value = format.money(Math.abs(usd), 'USD', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return `${usd < 0 ? '−' : '+'}${value}`;
};

/** The ledger: date, kind, amount and reference, newest first, a page at a time. */
export function TransactionsTable() {
  const { t } = useTranslation('account');
  const format = useFormat();
  const [page, setPage] = useState(1);
  const transactions = useTransactions(page);
  if (transactions.error) {
    return (
      <p role="alert" className="text-destructive text-sm">
        {billingErrorText(transactions.error, t('transactions.loadFailed'))}
      </p>
    );
  }
  if (!transactions.data) return <Skeleton className="h-40 rounded-lg" role="status" aria-label={t('transactions.loading')} />;
  const { results, next, previous, count } = transactions.data;
  return (
    <div className="space-y-2">
      <div className="overflow-x-auto rounded-lg border">
        <table className="w-full text-sm" aria-label={t('transactions.label')}>
          <thead className="bg-muted/50 text-left text-muted-foreground text-xs">
            <tr>
              <th className="px-3 py-2 font-medium">{t('transactions.date')}</th>
              <th className="px-3 py-2 font-medium">{t('transactions.kind')}</th>
              <th className="px-3 py-2 text-right font-medium">{t('transactions.amount')}</th>
              <th className="px-3 py-2 font-medium">{t('transactions.reference')}</th>
            </tr>
          </thead>
          <tbody>
            {results.length === 0 ? (
              <tr>
                <td colSpan={4} className="px-3 py-6 text-center text-muted-foreground">
                  {t('transactions.empty')}
                </td>
              </tr>
            ) : (
              results.map((row) => (
                <tr key={row.id} className="border-t">
                  <td className="whitespace-nowrap px-3 py-2">{format.dateParts(row.created_at, DATE_TIME)}</td>
                  <td className="px-3 py-2">{t(KIND_LABELS[row.kind])}</td>
                  <td
                    className={`whitespace-nowrap px-3 py-2 text-right tabular-nums ${row.amount_usd < 0 ? '' : 'text-emerald-700 dark:text-emerald-400'}`}
                  >
                    {amount(format, row.amount_usd)}
                  </td>
                  <td className="max-w-56 truncate px-3 py-2 text-muted-foreground" title={row.description ?? undefined}>
                    {row.reference ?? '—'}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {next || previous ? (
        <div className="flex items-center justify-between text-sm">
          <span className="text-muted-foreground">
            {t('transactions.page', { page: format.number(page), pages: format.number(Math.max(1, Math.ceil(count / 20))) })}
          </span>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" disabled={!previous} onClick={() => setPage((n) => n - 1)}>
              {t('transactions.previous')}
            </Button>
            <Button variant="outline" size="sm" disabled={!next} onClick={() => setPage((n) => n + 1)}>
              {t('transactions.next')}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
