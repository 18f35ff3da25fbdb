import { DEFAULT_HOURLY_COST_USD, DEFAULT_MINUTES_PER_CONVERSATION } from '@aisle/contracts/analytics';
import { i18n } from '@/i18n/i18n';
import type { AnalyticsRow } from './api/list-analytics-rows';

/**
 * What the dashboard shows, from the day rows: the window's totals against the window before,
 * its days, and its breakdowns. Windows are whole UTC days ending today (the rows' periods).
 */

export const dashboardWindows = [7, 30, 90] as const;
export type DashboardWindow = (typeof dashboardWindows)[number];

/** One filter at a time: the rows aggregate all conversations, one assistant's, or one channel's. */
export type DashboardFilter = { kind: 'all' } | { kind: 'assistant'; id: string } | { kind: 'channel'; channel: string };

const DAY_MS = 86_400_000;

/** Midnight UTC of the first day of the window before the shown one (what the query reads from). */
export function windowBounds(days: DashboardWindow, now = new Date()) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const start = today - (days - 1) * DAY_MS;
  return { previousStart: new Date(start - days * DAY_MS).toISOString(), start: new Date(start).toISOString(), today };
}

export function rowsOfFilter(rows: AnalyticsRow[], filter: DashboardFilter) {
  return rows.filter((row) =>
    filter.kind === 'all'
      ? row.aggregationType === 'all'
      : filter.kind === 'assistant'
        ? row.aggregationType === 'assistant' && row.assistantId === filter.id
        : row.aggregationType === 'channel' && row.channel === filter.channel,
  );
}

/**
 * The assistants and channels that had conversations in the rows read: the filters' options. An
 * assistant without a name is called "Assistant" in the interface's language (at the time of the call).
 */
export function filterOptions(rows: AnalyticsRow[]) {
  const assistants = new Map<string, string>();
  const channels = new Set<string>();
  for (const row of rows) {
    if (row.aggregationType === 'assistant' && row.assistantId)
      assistants.set(row.assistantId, row.assistantName ?? i18n.t('analytics:dashboard.unnamedAssistant'));
    if (row.aggregationType === 'channel' && row.channel) channels.add(row.channel);
  }
  return {
    assistants: [...assistants].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name, i18n.language)),
    channels: [...channels].sort(),
  };
}

export interface Totals {
  customersHelped: number;
  totalInteractions: number;
  customerInteractions: number;
  estimatedTimeSaved: number;
  estimatedCostSavings: number;
  actualCost: number;
  /** Weighted by each day's interactions; null without any answered conversation. */
  automationRate: number | null;
  newCustomers: number;
  returningCustomers: number;
  assistedOrders: number;
  assistedRevenue: number;
}

function totalsOf(rows: AnalyticsRow[]): Totals {
  const sum = (pick: (row: AnalyticsRow) => number) => rows.reduce((total, row) => total + pick(row), 0);
  const rated = rows.filter((row) => row.automationRate != null && row.totalInteractions > 0);
  const weight = rated.reduce((total, row) => total + row.totalInteractions, 0);
  return {
    customersHelped: sum((r) => r.customersHelped),
    totalInteractions: sum((r) => r.totalInteractions),
    customerInteractions: sum((r) => r.customerInteractions),
    estimatedTimeSaved: sum((r) => r.estimatedTimeSaved),
    estimatedCostSavings: sum((r) => r.estimatedCostSavings),
    actualCost: sum((r) => r.actualCost),
    automationRate: weight > 0 ? rated.reduce((total, row) => total + (row.automationRate ?? 0) * row.totalInteractions, 0) / weight : null,
    newCustomers: sum((r) => r.newCustomers),
    returningCustomers: sum((r) => r.returningCustomers),
    assistedOrders: sum((r) => r.assistedOrders ?? 0),
    assistedRevenue: sum((r) => r.assistedRevenue ?? 0),
  };
}

/** Change against the previous window, as a fraction; null when there was nothing to compare with. */
export const changeOf = (current: number | null, previous: number | null) =>
  current == null || previous == null || previous === 0 ? null : (current - previous) / previous;

export interface DayPoint {
  day: string;
  weekday: number;
  totalInteractions: number;
  customerInteractions: number;
  customersHelped: number;
  actualCost: number;
  estimatedCostSavings: number;
  estimatedTimeSaved: number;
  newCustomers: number;
  returningCustomers: number;
  automationRate: number | null;
  assistedOrders: number;
  assistedRevenue: number;
  peakHours: number[];
}

export interface DashboardSummary {
  current: Totals;
  previous: Totals;
  days: DayPoint[];
  channels: { channel: string; interactions: number; cost: number }[];
  models: { model: string; responses: number; cost: number }[];
  /** Customer messages by weekday (0 = Monday) and hour, UTC. */
  heat: number[][];
  hasActivity: boolean;
  minutesPerConversation: number;
  hourlyCostUsd: number;
  lastRefreshed: string | null;
  /** The shops' currency of the assisted revenue (USD when no order says otherwise). */
  revenueCurrency: string;
}

/** When the newest of the rows was last computed (ISO), or null without any. */
export const newestRefresh = (rows: readonly AnalyticsRow[]): string | null =>
  rows.reduce<string | null>(
    (latest, row) => (row.lastRefreshed && (!latest || row.lastRefreshed > latest) ? row.lastRefreshed : latest),
    null,
  );

export function summarize(rows: AnalyticsRow[], filter: DashboardFilter, days: DashboardWindow, now = new Date()): DashboardSummary {
  const { start, previousStart, today } = windowBounds(days, now);
  const selected = rowsOfFilter(rows, filter);
  const inWindow = selected.filter((row) => row.periodStart >= start && Date.parse(row.periodStart) <= today);
  const before = selected.filter((row) => row.periodStart >= previousStart && row.periodStart < start);
  const byDay = new Map(inWindow.map((row) => [row.periodStart.slice(0, 10), row]));
  const points: DayPoint[] = [];
  for (let at = Date.parse(start); at <= today; at += DAY_MS) {
    const day = new Date(at).toISOString().slice(0, 10);
    const row = byDay.get(day);
    points.push({
      day,
      weekday: (new Date(at).getUTCDay() + 6) % 7,
      totalInteractions: row?.totalInteractions ?? 0,
      customerInteractions: row?.customerInteractions ?? 0,
      customersHelped: row?.customersHelped ?? 0,
      actualCost: row?.actualCost ?? 0,
      estimatedCostSavings: row?.estimatedCostSavings ?? 0,
      estimatedTimeSaved: row?.estimatedTimeSaved ?? 0,
      newCustomers: row?.newCustomers ?? 0,
      returningCustomers: row?.returningCustomers ?? 0,
      automationRate: row?.automationRate ?? null,
      assistedOrders: row?.assistedOrders ?? 0,
      assistedRevenue: row?.assistedRevenue ?? 0,
      peakHours: row?.peakHours ?? [],
    });
  }
  const channels = new Map<string, { interactions: number; cost: number }>();
  const models = new Map<string, { responses: number; cost: number }>();
  const heat = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  for (const row of inWindow) {
    for (const [channel, entry] of Object.entries(row.channelBreakdown ?? {})) {
      const total = channels.get(channel) ?? { interactions: 0, cost: 0 };
      channels.set(channel, { interactions: total.interactions + entry.interactions, cost: total.cost + entry.cost });
    }
    for (const [model, entry] of Object.entries(row.modelBreakdown ?? {})) {
      const total = models.get(model) ?? { responses: 0, cost: 0 };
      models.set(model, { responses: total.responses + entry.responses, cost: total.cost + entry.cost });
    }
  }
  for (const point of points) {
    const week = heat[point.weekday] as number[];
    point.peakHours.forEach((count, hour) => {
      week[hour] = (week[hour] ?? 0) + count;
    });
  }
  const newest = newestRefresh(rows);
  const snapshot = rows.find((row) => row.pricingSnapshot)?.pricingSnapshot;
  const current = totalsOf(inWindow);
  return {
    current,
    previous: totalsOf(before),
    days: points,
    channels: [...channels].map(([channel, v]) => ({ channel, ...v })).sort((a, b) => b.interactions - a.interactions),
    models: [...models].map(([model, v]) => ({ model, ...v })).sort((a, b) => b.responses - a.responses),
    heat,
    hasActivity: rows.some((row) => row.totalInteractions > 0),
    minutesPerConversation: snapshot?.minutesPerConversation ?? DEFAULT_MINUTES_PER_CONVERSATION,
    hourlyCostUsd: snapshot?.hourlyCostUsd ?? DEFAULT_HOURLY_COST_USD,
    lastRefreshed: newest,
    revenueCurrency: rows.find((row) => row.pricingSnapshot?.revenueCurrency)?.pricingSnapshot?.revenueCurrency ?? 'USD',
  };
}

const CSV_COLUMNS: [string, (point: DayPoint) => string | number][] = [
  ['date', (p) => p.day],
  ['customers_helped', (p) => p.customersHelped],
  ['interactions', (p) => p.totalInteractions],
  ['customer_messages', (p) => p.customerInteractions],
  ['time_saved_hours', (p) => p.estimatedTimeSaved.toFixed(2)],
  ['cost_saved_usd', (p) => p.estimatedCostSavings.toFixed(2)],
  ['model_cost_usd', (p) => p.actualCost.toFixed(6)],
  ['automation_rate', (p) => (p.automationRate == null ? '' : p.automationRate.toFixed(4))],
  ['new_customers', (p) => p.newCustomers],
  ['returning_customers', (p) => p.returningCustomers],
  ['assisted_orders', (p) => p.assistedOrders],
  ['assisted_revenue', (p) => p.assistedRevenue.toFixed(2)],
];

/** The shown days as CSV (RFC 4180; no field needs quoting: dates and numbers only). */
export function summaryCsv(summary: DashboardSummary): string {
  const lines = [CSV_COLUMNS.map(([name]) => name).join(',')];
  for (const point of summary.days) lines.push(CSV_COLUMNS.map(([, value]) => String(value(point))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
