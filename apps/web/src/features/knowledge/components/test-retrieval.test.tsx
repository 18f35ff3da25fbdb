import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TestRetrieval } from './test-retrieval';

vi.mock('@/app/auth/auth-provider', () => ({
  useAuth: () => ({ sessionStore: { getValidAccessToken: async () => 'T' } }),
}));

const answer = (status: number, body: unknown) =>
  vi
    .spyOn(globalThis, 'fetch')
    .mockResolvedValue(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

function renderBox() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <TestRetrieval storeId="00000000-0000-4000-8000-000000000001" storeName="Help center" />
    </QueryClientProvider>,
  );
}

const ask = async (question: string) => {
  await userEvent.type(screen.getByLabelText('Question'), question);
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
};

describe('Test retrieval', () => {
  it('sends the question for this store and shows ranked passages with matched words marked', async () => {
    const fetch = answer(200, {
      mode: 'lexical',
      results: [
        {
          fileId: 'f1',
          fileName: 'faq.md',
          score: 4.2,
          heading: 'FAQ › Returns',
          text: 'Return any item within 30 days.',
          matchedTerms: ['return', 'days'],
        },
        { fileId: 'f2', fileName: 'policy.txt', score: 1.5, heading: '', text: 'Refunds take 5 days.', matchedTerms: ['days'] },
      ],
    });
    renderBox();
    await ask('How many days to return?');
    const list = await screen.findByRole('list', { name: 'Retrieval results' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Rank 1');
    expect(first).toHaveTextContent('faq.md');
    expect(first).toHaveTextContent('FAQ › Returns');
    expect(first).toHaveTextContent('score 4.20');
    expect([...(first as HTMLElement).querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['Return', 'days']);
    expect(second).toHaveTextContent('policy.txt');
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/store/search/');
    expect(JSON.parse(init.body as string)).toEqual({
      storeIds: ['00000000-0000-4000-8000-000000000001'],
      query: 'How many days to return?',
      k: 8,
    });
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer T');
  });

  it('says so when nothing matches', async () => {
    answer(200, { mode: 'lexical', results: [] });
    renderBox();
    await ask('zebra');
    expect(await screen.findByText(/No passages match “zebra”/)).toBeInTheDocument();
  });

  it('shows the server’s error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    answer(404, { detail: 'Store not found.' });
    renderBox();
    await ask('returns');
    expect(await screen.findByRole('alert')).toHaveTextContent('Store not found.');
  });

  it('does not search for blank questions', async () => {
    const fetch = answer(200, { mode: 'lexical', results: [] });
    renderBox();
    expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Question'), '   ');
    expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled();
    expect(fetch).not.toHaveBeenCalled();
  });
});
