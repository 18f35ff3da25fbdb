import type { CommerceDayCounts } from '@aisle/contracts/analytics';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { fakeDataClient } from '@/testing/fake-data-client';
import type { AnalyticsRow } from '../api/list-analytics-rows';
import { DashboardScreen } from './dashboard-screen';

const fake = vi.hoisted(() => ({ current: null as ReturnType<typeof fakeDataClient> | null }));
vi.mock('@/app/auth/auth-provider', () => ({
  useAuth: () => ({ user: { email: 'ann@shop.test' }, sessionStore: { getValidAccessToken: async () => 'T' } }),
}));
vi.mock('@/app/data-client/app-sync-provider', () => ({ useAppSync: () => ({ client: fake.current?.client ?? null }) }));

const dayStart = (daysAgo: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - daysAgo * 86_400_000).toISOString();
};

const row = (daysAgo: number, extra: Partial<AnalyticsRow> = {}): Record<string, unknown> => ({
  id: `${daysAgo}-${extra.aggregationType ?? 'all'}-${extra.channel ?? ''}`,
  timeWindow: 'day',
  periodStart: dayStart(daysAgo),
  periodEnd: dayStart(daysAgo - 1),
  lastRefreshed: dayStart(0),
  aggregationType: 'all',
  assistantId: null,
  assistantName: null,
  channel: null,
  customersHelped: 4,
  totalInteractions: 20,
  customerInteractions: 10,
  assistantResponses: 9,
  estimatedTimeSaved: 0.25,
  estimatedCostSavings: 5,
  avgResponseTime: 3,
  totalTokens: 1000,
  actualCost: 0.5,
  automationRate: 0.75,
  conversationCompletionRate: 1,
  returningCustomers: 1,
  newCustomers: 3,
  assistedOrders: 1,
  assistedRevenue: 40,
  modelBreakdown: JSON.stringify({ 'openai:gpt-4.1-mini': { responses: 9, totalTokens: 1000, cost: 0.5 } }),
  channelBreakdown: JSON.stringify({ web: { interactions: 20, customerInteractions: 10, cost: 0.5 } }),
  peakHours: JSON.stringify(Array.from({ length: 24 }, (_, h) => (h === 9 ? 10 : 0))),
  pricingSnapshot: JSON.stringify({ minutesPerConversation: 5, hourlyCostUsd: 20, timeZone: 'UTC' }),
  ...extra,
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * The dashboard's REST calls: the counts from chat (GET analytics/commerce/, per UTC day) and the
 * refresh (POST analytics/refresh/), answered by `refresh` (by default: nothing new).
 */
function stubRest(refresh: () => Response | Promise<Response> = () => json({ written: 0, removed: 0, rows: 0, refreshedAt: dayStart(0) })) {
  const state = { counts: [] as CommerceDayCounts[], countQueries: [] as URLSearchParams[] };
  const refreshCalls = vi.fn(refresh);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname === '/api/analytics/commerce/') {
        state.countQueries.push(url.searchParams);
        return json({ days: state.counts });
      }
      if (url.pathname === '/api/analytics/refresh/' && init?.method === 'POST') return refreshCalls();
      return json({ detail: 'Not found.' }, 404);
    }),
  );
  return Object.assign(state, { refreshCalls });
}

function renderScreen(initial: Record<string, unknown>[]) {
  const requests: Record<string, unknown>[] = [];
  let rows = initial;
  fake.current = fakeDataClient({
    listCustomerValueAnalytics: (variables) => {
      requests.push(variables);
      return { items: rows, nextToken: null };
    },
  });
  Object.assign(requests, { setRows: (next: Record<string, unknown>[]) => (rows = next) });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <DashboardScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return requests;
}

const kpi = (id: string) => screen.getByTestId(`kpi-${id}-value`).textContent;

afterEach(() => vi.unstubAllGlobals());

describe('the dashboard', () => {
  // Today and yesterday: all conversations; 10 days ago: the previous 7-day window; a widget row today.
  const history = [
    row(0),
    row(1, { customersHelped: 2, totalInteractions: 10, actualCost: 0.25, estimatedCostSavings: 2.5, estimatedTimeSaved: 0.125 }),
    row(10, { customersHelped: 3, totalInteractions: 15 }),
    row(0, {
      aggregationType: 'channel',
      channel: 'widget',
      customersHelped: 1,
      totalInteractions: 6,
      actualCost: 0.1,
      estimatedCostSavings: 1,
    }),
  ];

  it('shows the window’s key figures against the window before, and switches windows', async () => {
    stubRest();
    const requests = renderScreen(history);
    expect(screen.getByTestId('dashboard-loading')).toBeInTheDocument();
    await screen.findByTestId('kpi-customers-helped');
    // 30 days (the default): today, yesterday and 10 days ago; nothing before them.
    expect(kpi('customers-helped')).toBe('9');
    expect(kpi('interactions')).toBe('45');
    expect(kpi('time-saved')).toBe('0.6 h');
    expect(kpi('cost-saved')).toBe('$12.50');
    expect(kpi('model-cost')).toBe('$1.25');
    expect(kpi('automation-rate')).toBe('75%');
    expect(kpi('assisted-revenue')).toBe('$120.00');
    expect(screen.getByTestId('kpi-assisted-revenue-hint')).toHaveTextContent('3 orders · $96.00 per $1 of model cost');
    expect(screen.getByTestId('kpi-customers-helped')).toHaveTextContent('No earlier data');
    expect(screen.getByText('5 min per conversation')).toBeInTheDocument();
    expect(requests[0]?.filter).toMatchObject({ timeWindow: { eq: 'day' }, periodStart: { ge: dayStart(59) } });

    await userEvent.click(screen.getByRole('button', { name: '7 days' }));
    await waitFor(() => expect(requests.at(-1)?.filter).toMatchObject({ periodStart: { ge: dayStart(13) } }));
    // 7 days: today and yesterday, against the week before (10 days ago).
    await waitFor(() => expect(kpi('customers-helped')).toBe('6'));
    expect(screen.getByTestId('kpi-customers-helped')).toHaveTextContent('+100% vs previous period');
    expect(kpi('interactions')).toBe('30');
    expect(kpi('model-cost')).toBe('$0.75');
    expect(screen.getByTestId('kpi-model-cost')).toHaveTextContent('+50% vs previous period');
  });

  it('filters by channel, and exports the shown days as CSV', async () => {
    stubRest();
    renderScreen(history);
    await screen.findByTestId('kpi-customers-helped');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Channel' }), 'widget');
    expect(kpi('customers-helped')).toBe('1');
    expect(kpi('interactions')).toBe('6');

    let saved: Blob | undefined;
    const keep = (blob: Blob) => {
      saved = blob;
      return 'blob:csv';
    };
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: keep, revokeObjectURL: () => {} }));
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    const lines = (await (saved as Blob).text()).trim().split('\r\n');
    expect(lines[0]).toBe(
      'date,customers_helped,interactions,customer_messages,time_saved_hours,cost_saved_usd,model_cost_usd,automation_rate,new_customers,returning_customers,assisted_orders,assisted_revenue',
    );
    expect(lines).toHaveLength(31);
    expect(lines.at(-1)).toBe(`${dayStart(0).slice(0, 10)},1,6,10,0.25,1.00,0.100000,0.7500,3,1,1,40.00`);
  });

  it('asks the server to refresh, then reads the rows again', async () => {
    const rest = stubRest(() => json({ written: 1, removed: 0, rows: 1, refreshedAt: dayStart(0) }));
    const requests = renderScreen(history);
    await screen.findByTestId('kpi-customers-helped');
    const before = requests.length;
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(requests.length).toBeGreaterThan(before));
    expect(rest.refreshCalls).toHaveBeenCalled();
  });

  it('reads the rows again when the server writes new ones (live)', async () => {
    stubRest();
    const requests = renderScreen(history) as unknown as Record<string, unknown>[] & { setRows: (rows: unknown[]) => void };
    await screen.findByTestId('kpi-customers-helped');
    expect(kpi('customers-helped')).toBe('9');
    requests.setRows([...history.slice(1), row(0, { customersHelped: 10 })]);
    fake.current?.emit('onUpdateCustomerValueAnalytics', { id: 'x' });
    fake.current?.emit('onCreateCustomerValueAnalytics', { id: 'y' });
    await waitFor(() => expect(kpi('customers-helped')).toBe('15'));
  });

  it('computes the analytics once when there are none, then tells a new merchant what to do first', async () => {
    const rest = stubRest();
    const requests = renderScreen([]);
    await screen.findByText('No customer conversations yet');
    expect(rest.refreshCalls).toHaveBeenCalledTimes(1);
    expect(requests).toHaveLength(2); // read, computed, read again
    expect(screen.getByRole('link', { name: 'Connect your store' })).toHaveAttribute('href', '/store');
    expect(screen.getByRole('link', { name: 'Run the setup wizard' })).toHaveAttribute('href', '/store');
    expect(screen.getByRole('link', { name: 'Share an assistant' })).toHaveAttribute('href', '/assistants');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });
});

describe('the dashboard’s counts from chat', () => {
  const history = [row(0), row(10, { customersHelped: 3, totalInteractions: 15 })];
  const counted = (daysAgo: number, ordersHelped: number, returnsStarted: number, addedToCart: number): CommerceDayCounts => ({
    day: dayStart(daysAgo).slice(0, 10),
    ordersHelped,
    returnsStarted,
    addedToCart,
  });
  const fromChat = (id: string) => screen.getByTestId(`from-chat-${id}-value`).textContent;

  it('shows orders helped, returns started and cart additions for the period, against the one before', async () => {
    const rest = stubRest();
    rest.counts = [counted(10, 1, 0, 5), counted(1, 0, 1, 0), counted(0, 3, 0, 5)];
    renderScreen(history);
    const section = await screen.findByRole('region', { name: 'From chat' });
    await waitFor(() => expect(fromChat('orders-helped')).toBe('4'));
    expect(fromChat('returns-started')).toBe('1');
    expect(fromChat('added-to-cart')).toBe('10');
    expect(within(section).getByTestId('from-chat-orders-helped')).toHaveTextContent('Orders helped');
    expect(within(section).getByTestId('from-chat-orders-helped')).toHaveTextContent('No earlier data');
    expect(within(section).getByRole('figure', { name: 'From chat by day' })).toBeInTheDocument();
    expect(rest.countQueries[0]?.get('since')).toBe(dayStart(59));

    await userEvent.click(screen.getByRole('button', { name: '7 days' }));
    await waitFor(() => expect(rest.countQueries.at(-1)?.get('since')).toBe(dayStart(13)));
    await waitFor(() => expect(fromChat('orders-helped')).toBe('3'));
    expect(screen.getByTestId('from-chat-orders-helped')).toHaveTextContent('+200% vs previous period');
    expect(fromChat('added-to-cart')).toBe('5');
    expect(screen.getByTestId('from-chat-added-to-cart')).toHaveTextContent('+0% vs previous period');
  });

  it('asks for the chosen channel’s counts only', async () => {
    const rest = stubRest();
    renderScreen([...history, row(0, { aggregationType: 'channel', channel: 'widget' })]);
    await screen.findByRole('region', { name: 'From chat' });
    rest.counts = [counted(0, 0, 0, 2)];
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Channel' }), 'widget');
    await waitFor(() => expect(fromChat('added-to-cart')).toBe('2'));
    expect(rest.countQueries.at(-1)?.get('channel')).toBe('widget');
  });

  it('says what will be counted while there is nothing yet, and reads the counts again with the dashboard (live)', async () => {
    const rest = stubRest();
    renderScreen(history);
    const section = await screen.findByRole('region', { name: 'From chat' });
    expect(await within(section).findByText('Nothing from chat in this period')).toBeInTheDocument();
    expect(
      within(section).getByText(
        'When shoppers check an order, start a return or add a product to their cart from the chat, it is counted here.',
      ),
    ).toBeInTheDocument();
    expect(fromChat('orders-helped')).toBe('0');
    expect(within(section).queryByRole('figure')).toBeNull();

    rest.counts = [counted(0, 1, 0, 0)];
    fake.current?.emit('onUpdateCustomerValueAnalytics', { id: 'x' });
    await waitFor(() => expect(fromChat('orders-helped')).toBe('1'));
    expect(within(section).queryByText('Nothing from chat in this period')).toBeNull();
  });

  it('reads in Japanese, numbers and empty state alike', async () => {
    const rest = stubRest();
    await act(() => i18n.changeLanguage('ja'));
    try {
      renderScreen(history);
      const section = await screen.findByRole('region', { name: 'チャットからの成果' });
      expect(await within(section).findByText('この期間のチャットからの成果はありません')).toBeInTheDocument();
      cleanup();
      rest.counts = [counted(0, 1200, 2, 7)];
      renderScreen(history);
      await waitFor(() => expect(fromChat('orders-helped')).toBe('1,200'));
      expect(screen.getByTestId('from-chat-orders-helped')).toHaveTextContent('注文サポート件数');
      expect(screen.getByTestId('from-chat-added-to-cart')).toHaveTextContent('カート追加数');
      expect(screen.getByRole('figure', { name: 'チャットからの成果（日別）' })).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});

describe('the dashboard, current without a click', () => {
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
  const refreshed = (refreshedAt: string) =>
    new Response(JSON.stringify({ written: 1, removed: 0, rows: 3, refreshedAt }), { headers: { 'content-type': 'application/json' } });

  it('brings figures older than a minute up to date once when it opens, and says when', async () => {
    const stale = [row(0, { lastRefreshed: minutesAgo(120) }), row(1, { lastRefreshed: minutesAgo(120) })];
    const now = minutesAgo(0);
    let requests: ReturnType<typeof renderScreen> & { setRows?: (rows: unknown[]) => void };
    const rest = stubRest(() => {
      // The server recomputes: today's row counts the shopper who just wrote.
      requests.setRows?.([row(0, { customersHelped: 5, lastRefreshed: now }), row(1, { lastRefreshed: minutesAgo(120) })]);
      return refreshed(now);
    });
    const fetchMock = rest.refreshCalls;
    requests = renderScreen(stale);
    await screen.findByTestId('kpi-customers-helped');
    await waitFor(() => expect(kpi('customers-helped')).toBe('9'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.getByText(/^Updated /)).toHaveTextContent(
      `Updated ${new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(now))}`,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    // Once: the rows read again do not ask for another.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does not ask when the figures are fresh, and keeps quiet when an automatic refresh is refused', async () => {
    const fetchMock = stubRest(() => json({ detail: 'Request was throttled.' }, 429)).refreshCalls;
    renderScreen([row(0, { lastRefreshed: minutesAgo(0) })]);
    await screen.findByTestId('kpi-customers-helped');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchMock).not.toHaveBeenCalled();
    cleanup();

    renderScreen([row(0, { lastRefreshed: minutesAgo(5) })]);
    await screen.findByTestId('kpi-customers-helped');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(kpi('customers-helped')).toBe('4');
  });
});

describe('the dashboard in Japanese and Thai', () => {
  const history = [row(0), row(1, { customersHelped: 2, totalInteractions: 10, actualCost: 0.25, estimatedCostSavings: 2.5 }), row(10)];

  it('shows its figures, filters and notes in Japanese, with Japanese dates', async () => {
    stubRest();
    await act(() => i18n.changeLanguage('ja'));
    renderScreen(history);
    await screen.findByTestId('kpi-customers-helped');
    expect(screen.getByRole('heading', { level: 1, name: 'ダッシュボード' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '30日間' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'CSVをエクスポート' })).toBeEnabled();
    expect(screen.getByRole('combobox', { name: 'チャネル' })).toHaveDisplayValue('すべてのチャネル');
    expect(screen.getByTestId('kpi-customers-helped')).toHaveTextContent('対応した顧客数');
    expect(screen.getByTestId('kpi-customers-helped')).toHaveTextContent('比較データなし');
    expect(kpi('time-saved')).toBe('0.8時間');
    expect(kpi('cost-saved')).toBe('$12.50');
    expect(kpi('automation-rate')).toBe('75%');
    expect(screen.getByTestId('kpi-assisted-revenue-hint')).toHaveTextContent('注文3件 · モデル費用$1あたり$96.00');
    expect(screen.getByText('会話1件あたり5分')).toBeInTheDocument();
    expect(screen.getByText(/^削減時間は、.*会話1件につき5分、時給\$20として計算しています。/)).toBeInTheDocument();
    expect(screen.getByText(/^更新日時：\d{4}\/\d{2}\/\d{2} \d{1,2}:\d{2}$/)).toBeInTheDocument();
    expect(within(screen.getByTestId('chart-peak-hours')).getByText('月')).toBeInTheDocument();
  });

  it('shows its figures in Thai, with Thai (Buddhist era) dates', async () => {
    stubRest();
    await act(() => i18n.changeLanguage('th'));
    renderScreen(history);
    await screen.findByTestId('kpi-customers-helped');
    expect(screen.getByRole('heading', { level: 1, name: 'แดชบอร์ด' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '7 วัน' }));
    await waitFor(() => expect(screen.getByTestId('kpi-customers-helped')).toHaveTextContent('+50% เทียบกับช่วงก่อนหน้า'));
    expect(screen.getByTestId('kpi-customers-helped')).toHaveTextContent('ลูกค้าที่ได้รับความช่วยเหลือ');
    expect(kpi('model-cost')).toBe('US$0.75');
    expect(screen.getByTestId('kpi-cost-saved-hint')).toHaveTextContent('ที่อัตรา US$20/ชม.');
    expect(kpi('time-saved')).toBe('0.5 ชม.');
    const buddhistYear = new Date().getUTCFullYear() + 543;
    expect(screen.getByText(new RegExp(`^อัปเดตเมื่อ .*${buddhistYear}`))).toBeInTheDocument();
  });

  it('tells a new merchant what to do first, in Thai', async () => {
    stubRest();
    await act(() => i18n.changeLanguage('th'));
    renderScreen([]);
    expect(await screen.findByText('ยังไม่มีการสนทนากับลูกค้า')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'เชื่อมต่อร้านค้า' })).toHaveAttribute('href', '/store');
    expect(screen.getByRole('button', { name: 'ส่งออก CSV' })).toBeDisabled();
  });
});
