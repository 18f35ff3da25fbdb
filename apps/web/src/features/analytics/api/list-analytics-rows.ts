import { STARTUP_PAGE_SIZE } from '@/config/constants';
import { graphql, type ResultOf } from '@/graphql/graphql';
import { type DataClient, required } from '@/lib/graphql-client';

const AnalyticsRowFields = graphql(`
  fragment AnalyticsRowFields on CustomerValueAnalytics {
    id timeWindow periodStart periodEnd lastRefreshed aggregationType assistantId assistantName channel customersHelped
    totalInteractions customerInteractions assistantResponses estimatedTimeSaved estimatedCostSavings avgResponseTime totalTokens
    actualCost automationRate conversationCompletionRate returningCustomers newCustomers assistedOrders assistedRevenue modelBreakdown channelBreakdown peakHours
    pricingSnapshot
  }
`);

const LIST = graphql(
  `query DashboardRows($filter: ModelCustomerValueAnalyticsFilterInput, $limit: Int, $nextToken: String) {
  listCustomerValueAnalytics(filter: $filter, limit: $limit, nextToken: $nextToken) { items { ...AnalyticsRowFields } nextToken }
}`,
  [AnalyticsRowFields],
);

type RawRow = ResultOf<typeof AnalyticsRowFields>;

/** The counts and sums a row always holds (the server stores 0 for none). */
const totals = [
  'customersHelped',
  'totalInteractions',
  'customerInteractions',
  'assistantResponses',
  'estimatedTimeSaved',
  'estimatedCostSavings',
  'totalTokens',
  'actualCost',
  'returningCustomers',
  'newCustomers',
  'assistedOrders',
  'assistedRevenue',
] as const;
type TotalField = (typeof totals)[number];

/** One day's `CustomerValueAnalytics` row, as the dashboard reads it (spec §3): its JSON fields parsed. */
export type AnalyticsRow = Omit<
  RawRow,
  TotalField | 'periodStart' | 'modelBreakdown' | 'channelBreakdown' | 'peakHours' | 'pricingSnapshot'
> &
  Record<TotalField, number> & {
    /** Always present on the rows read (the query filters on it). */
    periodStart: string;
    modelBreakdown: Record<string, { responses: number; totalTokens: number; cost: number }> | null;
    channelBreakdown: Record<string, { interactions: number; customerInteractions: number; cost: number }> | null;
    peakHours: number[] | null;
    pricingSnapshot: { minutesPerConversation?: number; hourlyCostUsd?: number; timeZone?: string; revenueCurrency?: string | null } | null;
  };

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

function toAnalyticsRow(raw: RawRow): AnalyticsRow {
  const counted = Object.fromEntries(totals.map((field) => [field, raw[field] ?? 0])) as Record<TotalField, number>;
  return {
    ...raw,
    ...counted,
    periodStart: raw.periodStart ?? '',
    modelBreakdown: json(raw.modelBreakdown),
    channelBreakdown: json(raw.channelBreakdown),
    peakHours: json(raw.peakHours),
    pricingSnapshot: json(raw.pricingSnapshot),
  };
}

/** The owner's day rows (every aggregate) from `since` (ISO) on: the window shown and the one before. */
export async function listAnalyticsRows(client: DataClient, since: string): Promise<AnalyticsRow[]> {
  const rows: AnalyticsRow[] = [];
  let nextToken: string | null = null;
  const filter = { timeWindow: { eq: 'day' }, analyticsType: { eq: 'customer_value' }, periodStart: { ge: since } };
  do {
    const data: ResultOf<typeof LIST> = await client.request(LIST, { filter, limit: STARTUP_PAGE_SIZE, nextToken });
    const page = required(data.listCustomerValueAnalytics, 'listCustomerValueAnalytics');
    for (const raw of page.items) if (raw) rows.push(toAnalyticsRow(raw));
    nextToken = page.nextToken;
  } while (nextToken);
  return rows;
}
