import type { ReactNode } from 'react';
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
import type { DashboardSummary } from '../dashboard-summary';
import { usd } from './kpi-cards';
import { PeakHoursHeatMap } from './peak-hours-heat-map';

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

const shortDay = (day: string) => day.slice(5);
const axis = { fontSize: 11, tickLine: false } as const;
const CHANNEL_LABELS: Record<string, string> = {
  web: 'Web chat',
  widget: 'Store widget',
  instagram: 'Instagram',
  messenger: 'Messenger',
  whatsapp: 'WhatsApp',
  line: 'LINE',
};
export const channelLabel = (channel: string) => CHANNEL_LABELS[channel] ?? channel;

/** Interactions over time, cost against savings, breakdowns, peak hours, new against returning. */
export function DashboardCharts({ summary }: { summary: DashboardSummary }) {
  const { days } = summary;
  return (
    <div className="grid gap-3 lg:grid-cols-2">
      <ChartFrame title="Interactions over time" testId="chart-interactions">
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart data={days} margin={{ top: 4, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid vertical={false} strokeDasharray="3 3" className="stroke-muted" />
            <XAxis dataKey="day" tickFormatter={shortDay} {...axis} interval="preserveStartEnd" />
            <YAxis allowDecimals={false} {...axis} width={36} axisLine={false} />
            <Tooltip />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Area
              name="All interactions"
              dataKey="totalInteractions"
              stroke="var(--color-primary)"
              fill="var(--color-primary)"
              fillOpacity={0.15}
              isAnimationActive={false}
            />
            <Area
              name="Customer messages"
              dataKey="customerInteractions"
              stroke="#0ea5e9"
              fill="#0ea5e9"
              fillOpacity={0.1}
              isAnimationActive={false}
            />
          </AreaChart>
        </ResponsiveContainer>
      </ChartFrame>
      <ChartFrame title="Model cost against cost saved" testId="chart-cost">
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={days} margin={{ top: 4, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid vertical={false} strokeDasharray="3 3" className="stroke-muted" />
            <XAxis dataKey="day" tickFormatter={shortDay} {...axis} interval="preserveStartEnd" />
            <YAxis tickFormatter={usd} {...axis} width={64} axisLine={false} />
            <Tooltip formatter={(value) => usd(Number(value))} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Bar name="Model cost" dataKey="actualCost" fill="#f97316" radius={[3, 3, 0, 0]} isAnimationActive={false} />
            <Line name="Cost saved" dataKey="estimatedCostSavings" stroke="#10b981" dot={false} strokeWidth={2} isAnimationActive={false} />
          </ComposedChart>
        </ResponsiveContainer>
      </ChartFrame>
      <ChartFrame title="Channels" testId="chart-channels">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            data={summary.channels.map((c) => ({ ...c, name: channelLabel(c.channel) }))}
            layout="vertical"
            margin={{ left: 8, right: 8 }}
          >
            <XAxis type="number" allowDecimals={false} {...axis} />
            <YAxis type="category" dataKey="name" {...axis} width={96} />
            <Tooltip />
            <Bar name="Interactions" dataKey="interactions" fill="var(--color-primary)" radius={[0, 3, 3, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </ChartFrame>
      <ChartFrame title="Models" testId="chart-models">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={summary.models} layout="vertical" margin={{ left: 8, right: 8 }}>
            <XAxis type="number" allowDecimals={false} {...axis} />
            <YAxis type="category" dataKey="model" {...axis} width={140} />
            <Tooltip formatter={(value, name) => (name === 'Cost' ? usd(Number(value)) : value)} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Bar name="Answers" dataKey="responses" fill="#8b5cf6" radius={[0, 3, 3, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </ChartFrame>
      <ChartFrame title="Peak hours (UTC)" testId="chart-peak-hours">
        <PeakHoursHeatMap heat={summary.heat} />
      </ChartFrame>
      <ChartFrame title="New and returning customers" testId="chart-customers">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={days} margin={{ top: 4, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid vertical={false} strokeDasharray="3 3" className="stroke-muted" />
            <XAxis dataKey="day" tickFormatter={shortDay} {...axis} interval="preserveStartEnd" />
            <YAxis allowDecimals={false} {...axis} width={36} axisLine={false} />
            <Tooltip />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Bar name="New" dataKey="newCustomers" stackId="c" fill="#0ea5e9" isAnimationActive={false} />
            <Bar name="Returning" dataKey="returningCustomers" stackId="c" fill="#10b981" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </ChartFrame>
    </div>
  );
}
