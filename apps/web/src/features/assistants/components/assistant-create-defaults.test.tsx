import { ASSISTANT_NAME_MAX_LENGTH } from '@aisle/contracts/assistants';
import type { Store } from '@aisle/contracts/knowledge';
import type { ModelOption } from '@aisle/contracts/models';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { fakeDataClient } from '@/testing/fake-data-client';
import { AssistantsScreen } from './assistants-screen';

const state = vi.hoisted(() => ({
  client: null as ReturnType<typeof fakeDataClient> | null,
  collections: {} as Record<string, unknown[]>,
}));
vi.mock('@/app/auth/auth-provider', () => ({
  useAuth: () => ({ user: { email: 'ann@shop.test' }, sessionStore: { getValidAccessToken: async () => 'T' } }),
}));
vi.mock('@/app/data-client/app-sync-provider', () => ({ useAppSync: () => ({ client: state.client?.client ?? null }) }));
vi.mock('@/app/startup-data/startup-data-provider', () => ({
  useCollection: (name: string) => ({ status: { state: 'initialised' }, items: state.collections[name] ?? [] }),
  startupQueryKey: (name: string, email?: string) => ['startup', name, email ?? ''],
}));

const models: ModelOption[] = [
  {
    id: 'local:extractive',
    provider: 'local',
    name: 'Built-in',
    pricing: { inputPerMillion: 0, outputPerMillion: 0, cachedInputPerMillion: 0, asOf: '2026-01-01', priced: true },
    default: true,
  },
];

const store = (id: string, name: string): Store => ({
  id,
  ownerEmail: 'ann@shop.test',
  name,
  totalSize: 2048,
  fileCount: 1,
  status: 'ready',
  retrievalMode: 'lexical',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
});

/** The Assistants screen of a merchant with `stores` and no assistant yet, with the new-assistant sheet open. */
async function openNewAssistant(stores: Store[]) {
  state.collections = { stores };
  const page = { items: [], nextToken: null };
  state.client = fakeDataClient({
    listAssistantStores: () => page,
    listAssistantFunctions: () => page,
    listAssistantTemplates: () => page,
  });
  vi.spyOn(globalThis, 'fetch').mockImplementation(
    async () => new Response(JSON.stringify({ models }), { status: 200, headers: { 'content-type': 'application/json' } }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <AssistantsScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await userEvent.click(screen.getByRole('button', { name: 'New assistant' }));
  return screen.findByRole('dialog', { name: 'New assistant' });
}

describe('creating an assistant', () => {
  it('links the merchant’s only store from the start', async () => {
    const sheet = await openNewAssistant([store('s1', 'Help center')]);
    expect(within(sheet).getByRole('checkbox', { name: 'Link Help center' })).toBeChecked();
  });

  it('links none of several stores until the merchant picks', async () => {
    const sheet = await openNewAssistant([store('s1', 'Help center'), store('s2', 'Size guides')]);
    expect(within(sheet).getByRole('checkbox', { name: 'Link Help center' })).not.toBeChecked();
    expect(within(sheet).getByRole('checkbox', { name: 'Link Size guides' })).not.toBeChecked();
  });

  it('takes a name up to the contract’s limit and says when it is reached', async () => {
    const sheet = await openNewAssistant([]);
    const name = within(sheet).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveAttribute('maxLength', String(ASSISTANT_NAME_MAX_LENGTH));
    // 250 characters: most pasted, the rest typed on top.
    await userEvent.click(name);
    await userEvent.paste('b'.repeat(240));
    await userEvent.type(name, 'b'.repeat(10));
    expect(name).toHaveValue('b'.repeat(200));
    expect(within(sheet).getByText('Limit reached: 200 characters')).toBeInTheDocument();
  });
});
