import { STARTUP_PAGE_SIZE } from '@/config/constants';
import type { DataClient } from '@/lib/graphql-client';

/** One day's `CustomerValueAnalytics` row, as the dashboard reads it (spec §3). */
export interface AnalyticsRow {
  id: string;
  timeWindow: string;
  periodStart: string;
  periodEnd: string;
  lastRefreshed: string | null;
  aggregationType: 'all' | 'assistant' | 'channel';
  assistantId: string | null;
  assistantName: string | null;
  channel: string | null;
  customersHelped: number;
  totalInteractions: number;
  customerInteractions: number;
  assistantResponses: number;
  estimatedTimeSaved: number;
  estimatedCostSavings: number;
  avgResponseTime: number | null;
  totalTokens: number;
  actualCost: number;
  automationRate: number | null;
  conversationCompletionRate: number | null;
  returningCustomers: number;
  newCustomers: number;
  assistedOrders: number;
  assistedRevenue: number;
  modelBreakdown: Record<string, { responses: number; totalTokens: number; cost: number }> | null;
  channelBreakdown: Record<string, { interactions: number; customerInteractions: number; cost: number }> | null;
  peakHours: number[] | null;
  pricingSnapshot: { minutesPerConversation?: number; hourlyCostUsd?: number; timeZone?: string; revenueCurrency?: string | null } | null;
}

const FIELDS = `id timeWindow periodStart periodEnd lastRefreshed aggregationType assistantId assistantName channel customersHelped
  totalInteractions customerInteractions assistantResponses estimatedTimeSaved estimatedCostSavings avgResponseTime totalTokens
  actualCost automationRate conversationCompletionRate returningCustomers newCustomers assistedOrders assistedRevenue modelBreakdown channelBreakdown peakHours
  pricingSnapshot`;

const LIST = `query DashboardRows($filter: ModelCustomerValueAnalyticsFilterInput, $limit: Int, $nextToken: String) {
  listCustomerValueAnalytics(filter: $filter, limit: $limit, nextToken: $nextToken) { items { ${FIELDS} } nextToken }
}`;

/** AWSJSON fields arrive as JSON text. */
const json = <T>(value: unknown): T | null => {
  if (value == null) return null;
  if (typeof value !== 'string') return value as T;
  try {
    return JSON.parse(value) as T;
  } catch {
    return null;
  }
};

/** The owner's day rows (every aggregate) from `since` (ISO) on: the window shown and the one before. */
export async function listAnalyticsRows(client: DataClient, since: string): Promise<AnalyticsRow[]> {
  const rows: AnalyticsRow[] = [];
  let nextToken: string | null = null;
  const filter = { timeWindow: { eq: 'day' }, analyticsType: { eq: 'customer_value' }, periodStart: { ge: since } };
  do {
    const data: { listCustomerValueAnalytics: { items: (Record<string, unknown> | null)[]; nextToken: string | null } } =
      await client.request(LIST, { filter, limit: STARTUP_PAGE_SIZE, nextToken });
    for (const raw of data.listCustomerValueAnalytics.items) {
      if (!raw) continue;
      rows.push({
        ...(raw as unknown as AnalyticsRow),
        modelBreakdown: json(raw.modelBreakdown),
        channelBreakdown: json(raw.channelBreakdown),
        peakHours: json(raw.peakHours),
        pricingSnapshot: json(raw.pricingSnapshot),
      });
    }
    nextToken = data.listCustomerValueAnalytics.nextToken;
  } while (nextToken);
  return rows;
}
