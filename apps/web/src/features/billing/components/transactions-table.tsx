import type { Transaction } from '@aisle/contracts/billing';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useTransactions } from '../api/get-transactions';
import { billingErrorText } from '../billing-error-text';

const KIND_LABELS: Record<Transaction['kind'], string> = {
  generation_charge: 'Charge',
  top_up: 'Top-up',
  refund: 'Refund',
  adjustment: 'Adjustment',
};

const amount = (usd: number) => `${usd < 0 ? '−' : '+'}$${Math.abs(usd).toFixed(Math.abs(usd) >= 0.01 || usd === 0 ? 2 : 6)}`;

/** The ledger: date, kind, amount and reference, newest first, a page at a time. */
export function TransactionsTable() {
  const [page, setPage] = useState(1);
  const transactions = useTransactions(page);
  if (transactions.error) {
    return (
      <p role="alert" className="text-destructive text-sm">
        {billingErrorText(transactions.error, 'Your transactions could not be loaded. Please reload the page.')}
      </p>
    );
  }
  if (!transactions.data) return <Skeleton className="h-40 rounded-lg" role="status" aria-label="Loading your transactions" />;
  const { results, next, previous, count } = transactions.data;
  return (
    <div className="space-y-2">
      <div className="overflow-x-auto rounded-lg border">
        <table className="w-full text-sm" aria-label="Transactions">
          <thead className="bg-muted/50 text-left text-muted-foreground text-xs">
            <tr>
              <th className="px-3 py-2 font-medium">Date</th>
              <th className="px-3 py-2 font-medium">Kind</th>
              <th className="px-3 py-2 text-right font-medium">Amount</th>
              <th className="px-3 py-2 font-medium">Reference</th>
            </tr>
          </thead>
          <tbody>
            {results.length === 0 ? (
              <tr>
                <td colSpan={4} className="px-3 py-6 text-center text-muted-foreground">
                  No transactions yet.
                </td>
              </tr>
            ) : (
              results.map((row) => (
                <tr key={row.id} className="border-t">
                  <td className="whitespace-nowrap px-3 py-2">{new Date(row.created_at).toLocaleString()}</td>
                  <td className="px-3 py-2">{KIND_LABELS[row.kind]}</td>
                  <td
                    className={`whitespace-nowrap px-3 py-2 text-right tabular-nums ${row.amount_usd < 0 ? '' : 'text-emerald-700 dark:text-emerald-400'}`}
                  >
                    {amount(row.amount_usd)}
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
            Page {page} of {Math.max(1, Math.ceil(count / 20))}
          </span>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" disabled={!previous} onClick={() => setPage((n) => n - 1)}>
              Previous
            </Button>
            <Button variant="outline" size="sm" disabled={!next} onClick={() => setPage((n) => n + 1)}>
              Next
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
