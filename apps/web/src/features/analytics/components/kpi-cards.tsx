import { ArrowDownRightIcon, ArrowUpRightIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { type Formatters, useFormat } from '@/i18n/format';
import { cn } from '@/lib/cn';
import { changeOf, type DashboardSummary } from '../dashboard-summary';

/** A US dollar amount: cents always, and up to four decimals under a dollar (model costs are small). */
export const usd = (format: Formatters, value: number) =>
  format.money(value, 'USD', { minimumFractionDigits: 2, maximumFractionDigits: value !== 0 && Math.abs(value) < 1 ? 4 : 2 });
/** Whole dollars stay whole ("$20", "$20.5"): the hourly cost as the merchant set it. */
export const usdRate = (format: Formatters, value: number) =>
  format.money(value, 'USD', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
const money = (format: Formatters, value: number, currency: string) => {
  try {
    return format.money(value, currency, { maximumFractionDigits: 2 });
  } catch {
    return `${format.number(value, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false })} ${currency}`;
  }
};

interface Kpi {
  id: string;
  label: string;
  value: string;
  change: number | null;
  /** A rise is bad news (the model's cost). */
  lowerIsBetter?: boolean;
  hint?: string;
}

/** The fixed height every card has, with or without data: the grid never moves (CLS 0). */
export const KPI_CARD_CLASS = 'h-28 rounded-xl border bg-card p-4 shadow-sm';

export function Change({ change, lowerIsBetter }: { change: number | null; lowerIsBetter?: boolean }) {
  const { t } = useTranslation('analytics');
  const format = useFormat();
  if (change == null) return <span className="text-muted-foreground text-xs">{t('kpi.noEarlierData')}</span>;
  const up = change >= 0;
  const good = lowerIsBetter ? !up : up;
  const Icon = up ? ArrowUpRightIcon : ArrowDownRightIcon;
  return (
    <span className={cn('inline-flex items-center gap-0.5 text-xs tabular-nums', good ? 'text-emerald-600' : 'text-destructive')}>
      <Icon className="size-3.5" aria-hidden="true" />
      {t('kpi.change', { change: format.percent(change, { maximumFractionDigits: 0, signDisplay: up ? 'always' : 'exceptZero' }) })}
    </span>
  );
}

/** Customers helped, interactions, time and cost saved, model cost, automation and assisted revenue. */
export function KpiCards({ summary }: { summary: DashboardSummary }) {
  const { t } = useTranslation('analytics');
  const format = useFormat();
  const count = (value: number) => format.number(value);
  const percent = (value: number | null) => (value == null ? '—' : format.percent(value));
  const { current, previous } = summary;
  const kpis: Kpi[] = [
    {
      id: 'customers-helped',
      label: t('kpi.customersHelped'),
      value: count(current.customersHelped),
      change: changeOf(current.customersHelped, previous.customersHelped),
    },
    {
      id: 'interactions',
      label: t('kpi.interactions'),
      value: count(current.totalInteractions),
      change: changeOf(current.totalInteractions, previous.totalInteractions),
    },
    {
      id: 'time-saved',
      label: t('kpi.timeSaved'),
      value: t('kpi.hours', { hours: format.number(current.estimatedTimeSaved, { maximumFractionDigits: 1 }) }),
      change: changeOf(current.estimatedTimeSaved, previous.estimatedTimeSaved),
      hint: t('kpi.minutesPerConversation', { minutes: summary.minutesPerConversation }),
    },
    {
      id: 'cost-saved',
      label: t('kpi.costSaved'),
      value: usd(format, current.estimatedCostSavings),
      change: changeOf(current.estimatedCostSavings, previous.estimatedCostSavings),
      hint: t('kpi.hourlyRate', { rate: usdRate(format, summary.hourlyCostUsd) }),
    },
    {
      id: 'model-cost',
      label: t('kpi.modelCost'),
      value: usd(format, current.actualCost),
      change: changeOf(current.actualCost, previous.actualCost),
      lowerIsBetter: true,
    },
    {
      id: 'automation-rate',
      label: t('kpi.automationRate'),
      value: percent(current.automationRate),
      change: changeOf(current.automationRate, previous.automationRate),
    },
    {
      id: 'assisted-revenue',
      label: t('kpi.assistedRevenue'),
      value: money(format, current.assistedRevenue, summary.revenueCurrency),
      change: changeOf(current.assistedRevenue, previous.assistedRevenue),
      hint:
        current.assistedOrders === 0
          ? t('kpi.noOrders')
          : `${t('kpi.orders', { orders: count(current.assistedOrders) })}${
              current.actualCost > 0
                ? ` · ${t('kpi.revenuePerCost', {
                    amount: money(format, current.assistedRevenue / current.actualCost, summary.revenueCurrency),
                    unit: usdRate(format, 1),
                  })}`
                : ''
            }`,
    },
  ];
  return (
    <ul className="grid grid-cols-2 gap-3 md:grid-cols-4" aria-label={t('kpi.keyFigures')}>
      {kpis.map((kpi) => (
        <li key={kpi.id} className={KPI_CARD_CLASS} data-testid={`kpi-${kpi.id}`}>
          <p className="text-muted-foreground text-sm">{kpi.label}</p>
          <p className="mt-1 font-semibold text-2xl tabular-nums" data-testid={`kpi-${kpi.id}-value`}>
            {kpi.value}
          </p>
          <div className="flex flex-wrap items-center gap-x-2">
            <Change change={kpi.change} lowerIsBetter={kpi.lowerIsBetter} />
            {kpi.hint ? (
              <span className="truncate text-muted-foreground text-xs" title={kpi.hint} data-testid={`kpi-${kpi.id}-hint`}>
                {kpi.hint}
              </span>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
