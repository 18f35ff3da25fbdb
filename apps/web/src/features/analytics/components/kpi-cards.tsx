import { ArrowDownRightIcon, ArrowUpRightIcon } from 'lucide-react';
import { cn } from '@/lib/cn';
import { changeOf, type DashboardSummary } from '../dashboard-summary';

export const usd = (value: number) =>
  `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: value !== 0 && Math.abs(value) < 1 ? 4 : 2 })}`;
const money = (value: number, currency: string) => {
  try {
    return value.toLocaleString('en-US', { style: 'currency', currency, maximumFractionDigits: 2 });
  } catch {
    return `${value.toFixed(2)} ${currency}`;
  }
};
const count = (value: number) => value.toLocaleString('en-US');
const hours = (value: number) => `${value.toLocaleString('en-US', { maximumFractionDigits: 1 })} h`;
const percent = (value: number | null) => (value == null ? '—' : `${Math.round(value * 100)}%`);

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

function Change({ change, lowerIsBetter }: { change: number | null; lowerIsBetter?: boolean }) {
  if (change == null) return <span className="text-muted-foreground text-xs">No earlier data</span>;
  const up = change >= 0;
  const good = lowerIsBetter ? !up : up;
  const Icon = up ? ArrowUpRightIcon : ArrowDownRightIcon;
  return (
    <span className={cn('inline-flex items-center gap-0.5 text-xs tabular-nums', good ? 'text-emerald-600' : 'text-destructive')}>
      <Icon className="size-3.5" aria-hidden="true" />
      {`${up ? '+' : ''}${Math.round(change * 100)}% vs previous period`}
    </span>
  );
}

/** Customers helped, interactions, time and cost saved, model cost, automation and assisted revenue. */
export function KpiCards({ summary }: { summary: DashboardSummary }) {
  const { current, previous } = summary;
  const kpis: Kpi[] = [
    {
      id: 'customers-helped',
      label: 'Customers helped',
      value: count(current.customersHelped),
      change: changeOf(current.customersHelped, previous.customersHelped),
    },
    {
      id: 'interactions',
      label: 'Interactions',
      value: count(current.totalInteractions),
      change: changeOf(current.totalInteractions, previous.totalInteractions),
    },
    {
      id: 'time-saved',
      label: 'Time saved',
      value: hours(current.estimatedTimeSaved),
      change: changeOf(current.estimatedTimeSaved, previous.estimatedTimeSaved),
      hint: `${summary.minutesPerConversation} min per conversation`,
    },
    {
      id: 'cost-saved',
      label: 'Cost saved',
      value: usd(current.estimatedCostSavings),
      change: changeOf(current.estimatedCostSavings, previous.estimatedCostSavings),
      hint: `at $${summary.hourlyCostUsd}/h`,
    },
    {
      id: 'model-cost',
      label: 'Model cost',
      value: usd(current.actualCost),
      change: changeOf(current.actualCost, previous.actualCost),
      lowerIsBetter: true,
    },
    {
      id: 'automation-rate',
      label: 'Automation rate',
      value: percent(current.automationRate),
      change: changeOf(current.automationRate, previous.automationRate),
    },
    {
      id: 'assisted-revenue',
      label: 'Assisted revenue',
      value: money(current.assistedRevenue, summary.revenueCurrency),
      change: changeOf(current.assistedRevenue, previous.assistedRevenue),
      hint:
        current.assistedOrders === 0
          ? 'Orders after a chat, from your connected shop'
          : `${count(current.assistedOrders)} orders${
              current.actualCost > 0
                ? ` · ${money(current.assistedRevenue / current.actualCost, summary.revenueCurrency)} per $1 of model cost`
                : ''
            }`,
    },
  ];
  return (
    <ul className="grid grid-cols-2 gap-3 md:grid-cols-4" aria-label="Key figures">
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
