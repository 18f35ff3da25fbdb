import { channelLabels, isChannelName } from '@aisle/contracts/channels';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useFormat } from '@/i18n/format';
import { i18n } from '@/i18n/i18n';
import type { DashboardSummary } from '../dashboard-summary';
import { usd } from './kpi-cards';
import { PeakHoursHeatMap } from './peak-hours-heat-map';

/**
 * The charts' legend: each series' colour and name. Recharts' own legend labels its icons in
 * English ("… legend icon") for screen readers; here the swatch is decoration and the name is read.
 */
export function chartLegend({ payload }: { payload?: readonly { value?: unknown; color?: string }[] }) {
  return (
    <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1 pt-1 text-xs">
      {payload?.map((entry) => (
        <li key={String(entry.value)} className="flex items-center gap-1.5">
          <span aria-hidden="true" className="size-2.5 rounded-sm" style={{ background: entry.color }} />
          {String(entry.value ?? '')}
        </li>
      ))}
    </ul>
  );
}

/** A model as the merchant knows it: the built-in one by its name in their language, others by id. */
const modelName = (id: string) => (id === 'local:extractive' ? i18n.t('analytics:charts.builtInModel') : id);

/** Every chart's frame has this height, loaded or not, so nothing below it moves. */
export const CHART_FRAME_CLASS = 'h-72 rounded-xl border bg-card p-4 shadow-sm';

export function ChartFrame({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <figure className={`${CHART_FRAME_CLASS} flex flex-col`} aria-label={title} data-testid={testId}>
      <figcaption className="mb-2 font-medium text-sm">{title}</figcaption>
      <div className="min-h-0 flex-1">{children}</div>
    </figure>
  );
}

const axis = { fontSize: 11, tickLine: false } as const;
/** Aisle's own channels by key; the messaging platforms by their names. */
const CHANNEL_KEYS = { web: 'channel.web', widget: 'channel.widget' } as const;

/** A channel's name in the interface's language ("Web chat", "Instagram"); an unknown one as itself. */
export function useChannelLabel() {
  const { t } = useTranslation('analytics');
  return (channel: string) =>
    channel === 'web' || channel === 'widget' ? t(CHANNEL_KEYS[channel]) : isChannelName(channel) ? channelLabels[channel] : channel;
}

/** Interactions over time, cost against savings, breakdowns, peak hours, new against returning. */
export function DashboardCharts({ summary }: { summary: DashboardSummary }) {
  const { t } = useTranslation('analytics');
  const format = useFormat();
  const channelLabel = useChannelLabel();
  const { days } = summary;
  // Days are UTC dates ("2026-11-23"): month and day on the axis, the whole date in tooltips.
  const shortDay = (day: string) => format.dateParts(day, { month: 'numeric', day: 'numeric', timeZone: 'UTC' });
  const longDay = (day: unknown) => format.date(String(day), { dateStyle: 'medium', timeZone: 'UTC' });
  const count = (value: unknown) => format.number(Number(value));
  const dollars = (value: unknown) => usd(format, Number(value));
  return (
    <div className="grid gap-3 lg:grid-cols-2">
      <ChartFrame title={t('charts.interactionsOverTime')} testId="chart-interactions">
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart data={days} margin={{ top: 4, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid vertical={false} strokeDasharray="3 3" className="stroke-muted" />
            <XAxis dataKey="day" tickFormatter={shortDay} {...axis} interval="preserveStartEnd" />
            <YAxis allowDecimals={false} tickFormatter={count} {...axis} width={36} axisLine={false} />
            <Tooltip labelFormatter={longDay} formatter={count} />
            <Legend content={chartLegend} />
            <Area
              name={t('charts.allInteractions')}
              dataKey="totalInteractions"
              stroke="var(--color-primary)"
              fill="var(--color-primary)"
              fillOpacity={0.15}
              isAnimationActive={false}
            />
            <Area
              name={t('charts.customerMessages')}
              dataKey="customerInteractions"
              stroke="#0ea5e9"
              fill="#0ea5e9"
              fillOpacity={0.1}
              isAnimationActive={false}
            />
          </AreaChart>
        </ResponsiveContainer>
      </ChartFrame>
      <ChartFrame title={t('charts.costAgainstSaved')} testId="chart-cost">
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={days} margin={{ top: 4, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid vertical={false} strokeDasharray="3 3" className="stroke-muted" />
            <XAxis dataKey="day" tickFormatter={shortDay} {...axis} interval="preserveStartEnd" />
            <YAxis tickFormatter={dollars} {...axis} width={64} axisLine={false} />
            <Tooltip labelFormatter={longDay} formatter={dollars} />
            <Legend content={chartLegend} />
            <Bar name={t('charts.modelCost')} dataKey="actualCost" fill="#f97316" radius={[3, 3, 0, 0]} isAnimationActive={false} />
            <Line
              name={t('charts.costSaved')}
              dataKey="estimatedCostSavings"
              stroke="#10b981"
              dot={false}
              strokeWidth={2}
              isAnimationActive={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </ChartFrame>
      <ChartFrame title={t('charts.channels')} testId="chart-channels">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            data={summary.channels.map((c) => ({ ...c, name: channelLabel(c.channel) }))}
            layout="vertical"
            margin={{ left: 8, right: 8 }}
          >
            <XAxis type="number" allowDecimals={false} tickFormatter={count} {...axis} />
            <YAxis type="category" dataKey="name" {...axis} width={96} />
            <Tooltip formatter={count} />
            <Bar
              name={t('charts.interactions')}
              dataKey="interactions"
              fill="var(--color-primary)"
              radius={[0, 3, 3, 0]}
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      </ChartFrame>
      <ChartFrame title={t('charts.models')} testId="chart-models">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={summary.models} layout="vertical" margin={{ left: 8, right: 8 }}>
            <XAxis type="number" allowDecimals={false} tickFormatter={count} {...axis} />
            <YAxis type="category" dataKey="model" {...axis} width={140} tickFormatter={modelName} />
            <Tooltip formatter={count} />
            <Legend content={chartLegend} />
            <Bar name={t('charts.answers')} dataKey="responses" fill="#8b5cf6" radius={[0, 3, 3, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </ChartFrame>
      <ChartFrame title={t('charts.peakHours')} testId="chart-peak-hours">
        <PeakHoursHeatMap heat={summary.heat} />
      </ChartFrame>
      <ChartFrame title={t('charts.customers')} testId="chart-customers">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={days} margin={{ top: 4, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid vertical={false} strokeDasharray="3 3" className="stroke-muted" />
            <XAxis dataKey="day" tickFormatter={shortDay} {...axis} interval="preserveStartEnd" />
            <YAxis allowDecimals={false} tickFormatter={count} {...axis} width={36} axisLine={false} />
            <Tooltip labelFormatter={longDay} formatter={count} />
            <Legend content={chartLegend} />
            <Bar name={t('charts.newCustomers')} dataKey="newCustomers" stackId="c" fill="#0ea5e9" isAnimationActive={false} />
            <Bar name={t('charts.returningCustomers')} dataKey="returningCustomers" stackId="c" fill="#10b981" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </ChartFrame>
    </div>
  );
}
