import { limitReachedMessage, type TierTrack } from '@aisle/contracts/billing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlanSection } from './plan-section';

const updateUser = vi.fn();
vi.mock('@/app/auth/auth-provider', () => ({
  useAuth: () => ({ user: { email: 'sam@shop.test', tier: 'basic' }, sessionStore: { getValidAccessToken: async () => 'T', updateUser } }),
}));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
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
const full = limitReachedMessage({ limit: 'assistants', max: 2, tierName: 'Basic', topTier: false });
const track: TierTrack = {
  tier: 'basic',
  tier_name: 'Basic',
  period_start: '2026-11-01T00:00:00Z',
  period_end: '2026-12-01T00:00:00Z',
  usage: {
    assistants: { used: 2, limit: 2, message: full },
    knowledgeStores: { used: 1, limit: 2, message: null },
    storedMegabytes: { used: 12.5, limit: 50, message: null },
    messagesPerMonth: { used: 410, limit: 500, message: null },
    channels: { used: 0, limit: 1, message: null },
    functions: { used: 0, limit: 3, message: null },
    wizardRuns: { used: 1, limit: 3, message: null },
  },
};

function mockApi(provider: 'stripe' | null) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.startsWith('/api/users/tier-track/')) return json(track);
    if (url.startsWith('/api/users/tier-limits/'))
      return json({ count: 3, next: null, previous: null, results: [tier('Basic', 0, 0), tier('Pro', 1, 29), tier('Business', 2, 99)] });
    if (url.startsWith('/api/users/billing/'))
      return json({
        provider,
        unavailable_reason: provider ? null : 'Paid plans are not available on this server.',
        top_up_amounts_usd: [10],
      });
    if (url.startsWith('/api/stripe/checkout/') && init?.method === 'POST') return json({ detail: 'Stripe is down.' }, 502);
    return json({ detail: 'Not found.' }, 404);
  });
}

function renderPlan() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PlanSection />
    </QueryClientProvider>,
  );
  return screen.findByRole('list', { name: 'Plans' });
}

describe('/account: the plan', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows usage against each limit, with the server’s own words under a full bar', async () => {
    mockApi('stripe');
    await renderPlan();
    expect(screen.getByTestId('current-tier').textContent).toBe('Basic');
    expect(screen.getByTestId('usage-assistants').textContent).toBe('2 / 2');
    expect(screen.getByText(full)).toBeTruthy();
    expect(screen.getByRole('meter', { name: 'Messages this period' })).toHaveAttribute('value', '410');
    expect(updateUser).toHaveBeenCalledWith({ tier: 'basic' });
  });

  it('offers Upgrade to higher tiers and says why a checkout could not start', async () => {
    mockApi('stripe');
    const plans = await renderPlan();
    const pro = within(plans).getByRole('listitem', { name: 'Pro plan' });
    expect(within(pro).getByText('$29.00')).toBeTruthy();
    await userEvent.click(within(pro).getByRole('button', { name: 'Upgrade to Pro' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Stripe is down.');
  });

  it('shows paid plans as not available when the server takes no payments', async () => {
    mockApi(null);
    const plans = await renderPlan();
    expect(screen.getByRole('note')).toHaveTextContent('Paid plans are not available on this server.');
    expect(within(plans).getByRole('button', { name: 'Upgrade to Business' })).toBeDisabled();
  });
});
