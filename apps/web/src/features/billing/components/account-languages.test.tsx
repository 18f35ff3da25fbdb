import type { TierTrack } from '@aisle/contracts/billing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { CreditSection } from './credit-section';
import { PlanSection } from './plan-section';

vi.mock('@/app/auth/auth-provider', () => ({
  useAuth: () => ({
    user: { email: 'sam@shop.test', tier: 'basic' },
    sessionStore: { getValidAccessToken: async () => 'T', updateUser: vi.fn() },
  }),
}));

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const limits = (n: number) => ({
  assistants: 2 * n,
  knowledgeStores: 2 * n,
  storedMegabytes: 50 * n,
  messagesPerMonth: 500 * n,
  channels: n,
  functions: 3 * n,
  wizardRuns: 3 * n,
});
const tier = (name: string, rank: number, price: number) => ({
  tier: name.toLowerCase(),
  name,
  rank,
  monthly_price_usd: price,
  version: 1,
  effective_from: '2026-01-01T00:00:00Z',
  limits: limits(rank * 5 || 1),
});
const usage = (used: number, limit: number) => ({ used, limit, message: null });
const track: TierTrack = {
  tier: 'basic',
  tier_name: 'Basic',
  period_start: '2026-11-10T12:00:00Z',
  period_end: '2026-12-10T12:00:00Z',
  usage: {
    assistants: usage(1, 2),
    knowledgeStores: usage(1, 2),
    storedMegabytes: usage(12.5, 50),
    messagesPerMonth: usage(1410, 2500),
    channels: usage(0, 1),
    functions: usage(0, 3),
    wizardRuns: usage(1, 3),
  },
};
const ledger = {
  count: 1,
  next: null,
  previous: null,
  results: [
    {
      id: 'tx1',
      kind: 'top_up',
      amount_usd: 25,
      created_at: '2026-11-12T09:30:00Z',
      reference: 'cs_test_1',
      description: null,
    },
  ],
};

function mockApi() {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url.startsWith('/api/users/tier-track/')) return json(track);
    if (url.startsWith('/api/users/tier-limits/'))
      return json({ count: 2, next: null, previous: null, results: [tier('Basic', 0, 0), tier('Pro', 1, 29)] });
    if (url.startsWith('/api/users/billing/')) return json({ provider: 'stripe', unavailable_reason: null, top_up_amounts_usd: [10, 25] });
    if (url.startsWith('/api/users/available-usd/')) return json({ available_usd: 1234.5, tier: 'basic' });
    if (url.startsWith('/api/users/daily-usage/')) return json({ results: [] });
    if (url.startsWith('/api/users/transactions/')) return json(ledger);
    throw new Error(`unexpected ${url}`);
  });
}

const wrap = (children: ReactNode) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{children}</QueryClientProvider>
);
const speak = (language: string) => act(async () => void (await i18n.changeLanguage(language)));
const numericDate = (language: string, iso: string) => new Intl.DateTimeFormat(language).format(new Date(iso));

describe('/account in Japanese', () => {
  it('shows the plan, its period and its limits in Japanese', async () => {
    await speak('ja');
    mockApi();
    render(wrap(<PlanSection />));
    const plans = await screen.findByRole('list', { name: 'プラン' });
    expect(screen.getByRole('heading', { name: 'プラン' })).toBeInTheDocument();
    expect(screen.getAllByText('現在のプラン')).toHaveLength(2);
    const period = `今回の期間：${numericDate('ja', track.period_start)}～${numericDate('ja', track.period_end)}`;
    expect(screen.getByText(period)).toBeInTheDocument();
    expect(period).toMatch(/2026\/1[12]\/\d+/);
    expect(screen.getByRole('list', { name: '今回の期間の利用状況' })).toBeInTheDocument();
    expect(screen.getByRole('meter', { name: '今回の期間のメッセージ' })).toBeInTheDocument();
    expect(screen.getByTestId('usage-messagesPerMonth').textContent).toBe('1,410 / 2,500');
    const pro = within(plans).getByRole('listitem', { name: 'Proプラン' });
    expect(within(pro).getByText('月2,500件のメッセージ')).toBeInTheDocument();
    expect(within(pro).getByText('アシスタント10件')).toBeInTheDocument();
    expect(within(pro).getByRole('button', { name: 'Proにアップグレード' })).toHaveTextContent('アップグレード');
    expect(within(plans).getByText('無料')).toBeInTheDocument();
  });

  it('shows the balance, top-ups and the ledger in Japanese', async () => {
    await speak('ja');
    mockApi();
    render(wrap(<CreditSection />));
    expect(await screen.findByTestId('balance')).toHaveTextContent('$1,234.50');
    expect(screen.getByRole('button', { name: '$10をチャージ' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: '取引履歴' });
    expect(within(table).getByRole('columnheader', { name: '種類' })).toBeInTheDocument();
    expect(within(table).getByText('チャージ')).toBeInTheDocument();
    expect(within(table).getByText('+$25.00')).toBeInTheDocument();
    expect(within(table).getByText(/^2026\/11\/1[23] \d{1,2}:\d{2}:\d{2}$/)).toBeInTheDocument();
  });
});

describe('/account in Thai', () => {
  it('shows the plan in Thai, with Buddhist-era dates', async () => {
    await speak('th');
    mockApi();
    render(wrap(<PlanSection />));
    const plans = await screen.findByRole('list', { name: 'แพ็กเกจ' });
    expect(screen.getAllByText('แพ็กเกจปัจจุบัน')).toHaveLength(2);
    const period = `รอบนี้: ${numericDate('th', track.period_start)} – ${numericDate('th', track.period_end)}`;
    expect(screen.getByText(period)).toBeInTheDocument();
    expect(period).toContain('2569');
    const pro = within(plans).getByRole('listitem', { name: 'แพ็กเกจ Pro' });
    expect(within(pro).getByText('2,500 ข้อความต่อเดือน')).toBeInTheDocument();
    expect(within(pro).getByRole('button', { name: 'อัปเกรดเป็น Pro' })).toBeInTheDocument();
  });

  it('shows the credit section in Thai', async () => {
    await speak('th');
    mockApi();
    render(wrap(<CreditSection />));
    expect(await screen.findByRole('heading', { name: 'เครดิต' })).toBeInTheDocument();
    expect(screen.getByText('ยอดคงเหลือ')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'รายการธุรกรรม' });
    expect(within(table).getByText('เติมเงิน')).toBeInTheDocument();
    expect(within(table).getByText(/2569/)).toBeInTheDocument();
  });
});
