import type { GetStartedResponse } from '@aisle/contracts/onboarding';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { GET_STARTED_REREAD_MS } from '../api/get-started';
import { GetStarted } from './get-started';

const collections = vi.hoisted(() => ({ stores: [] as { id: string }[], assistants: [] as { id: string }[] }));
// The checklist also reads again when these change (live events); here the timer does.
vi.mock('@/app/auth/auth-provider', () => ({
  useAuth: () => ({ user: { email: 'new@shop.test' }, sessionStore: { getValidAccessToken: async () => 'T' } }),
}));
vi.mock('@/app/startup-data/startup-data-provider', () => ({
  useCollection: (name: 'stores' | 'assistants') => ({ status: { state: 'initialised' }, items: collections[name] }),
}));

const progress = (done: (keyof GetStartedResponse['steps'])[]): GetStartedResponse => {
  const steps = { store: false, files: false, assistant: false, tried: false, tested: false, shared: false, channel: false };
  for (const step of done) steps[step] = true;
  return { steps, complete: Object.values(steps).every(Boolean) };
};

/** The server as the checklist reads it: whatever `answer` holds at the time of each call. */
function serve(answer: { current: GetStartedResponse }) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
    expect(String(url)).toBe('/api/users/get-started/');
    return new Response(JSON.stringify(answer.current), { status: 200, headers: { 'content-type': 'application/json' } });
  });
}

const renderChecklist = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <GetStarted />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('Get started on /account', () => {
  it('follows the merchant’s real progress live, the next step one click away, and goes once all is done', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answer = { current: progress([]) };
    const fetchMock = serve(answer);
    renderChecklist();
    expect(await screen.findByRole('heading', { name: 'Get started' })).toBeInTheDocument();
    expect(screen.getByText('0 of 7 done')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByRole('link', { name: 'Create a store' })).toHaveAttribute('href', '/store');
    expect(screen.getByRole('link', { name: 'Connect' })).toHaveAttribute('href', '/social');

    // The merchant creates a store and uploads a file elsewhere: ticked without a reload.
    answer.current = progress(['store', 'files']);
    await act(() => vi.advanceTimersByTimeAsync(GET_STARTED_REREAD_MS + 100));
    expect(await screen.findByText('2 of 7 done')).toBeInTheDocument();
    const storeStep = screen.getByText('Create a knowledge store').closest('li') as HTMLElement;
    expect(within(storeStep).getByText(/done/)).toBeInTheDocument();
    expect(within(storeStep).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an assistant' })).toHaveAttribute('href', '/assistants');

    // Everything done: the checklist goes.
    answer.current = progress(['store', 'files', 'assistant', 'tried', 'tested', 'shared', 'channel']);
    await act(() => vi.advanceTimersByTimeAsync(GET_STARTED_REREAD_MS + 100));
    await vi.waitFor(() => expect(screen.queryByRole('heading', { name: 'Get started' })).not.toBeInTheDocument());
    // Done: nothing is read again.
    fetchMock.mockClear();
    await act(() => vi.advanceTimersByTimeAsync(GET_STARTED_REREAD_MS * 3));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('speaks Japanese', async () => {
    await act(() => i18n.changeLanguage('ja'));
    serve({ current: progress(['store']) });
    renderChecklist();
    expect(await screen.findByRole('heading', { name: 'はじめに' })).toBeInTheDocument();
    expect(screen.getByText('7件中1件完了')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ファイルをアップロード' })).toHaveAttribute('href', '/store');
  });
});
