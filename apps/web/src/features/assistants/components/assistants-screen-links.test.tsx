import type { Assistant } from '@aisle/contracts/assistants';
import { missingVariablesText } from '@aisle/contracts/functions';
import type { ModelOption } from '@aisle/contracts/models';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { fakeDataClient } from '@/testing/fake-data-client';
import { fakeVariablesServer, jsonResponse } from '@/testing/fake-variables-server';
import { AssistantsScreen } from './assistants-screen';

const state = vi.hoisted(() => ({
  client: null as ReturnType<typeof fakeDataClient> | null,
  collections: {} as Record<string, { status: { state: string }; items: unknown[] }>,
}));
vi.mock('@/app/auth/auth-provider', () => ({
  useAuth: () => ({ user: { email: 'ann@shop.test' }, sessionStore: { getValidAccessToken: async () => 'T' } }),
}));
vi.mock('@/app/data-client/app-sync-provider', () => ({ useAppSync: () => ({ client: state.client?.client ?? null }) }));
vi.mock('@/app/startup-data/startup-data-provider', () => ({
  useCollection: (name: string) => state.collections[name] ?? { status: { state: 'initialised' }, items: [] },
  startupQueryKey: (name: string, email?: string) => ['startup', name, email ?? ''],
}));

const models: ModelOption[] = [
  {
    id: 'local:extractive',
    provider: 'local',
    name: 'Built-in (answers from your stores, no AI provider)',
    pricing: { inputPerMillion: 0, outputPerMillion: 0, cachedInputPerMillion: 0, asOf: '2026-01-01', priced: true },
    default: true,
  },
];

const assistant = (id: string, assistantName: string): Assistant => ({
  id,
  ownerEmail: 'ann@shop.test',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  status: null,
  log: null,
  assistantName,
  tools: null,
  tool_resources: null,
  instructions: '',
  model: 'local:extractive',
  temperature: 1,
  topP: 1,
  inputTokens: 0,
  outputTokens: 0,
  isShared: false,
  storeRetrievalSettings: null,
  isSafeGuardOn: false,
  pauseOnHandoff: false,
  safeGuardInstruction: null,
  useCase: null,
  assistantAvatarUrl: null,
  userAvatarUrl: null,
  assistantUserQA: null,
});

const template = (id: string, name: string, required: { name: string; description: string; secret: boolean }[]) => ({
  id,
  name,
  description: `${name}, as seeded.`,
  active: true,
  requiredVariables: JSON.stringify(required),
});
const supportEmail = { name: 'SUPPORT_EMAIL', description: 'Where shoppers can write when the assistant cannot help.', secret: false };
const templates = [
  template('tpl-faq', 'Store FAQ', [supportEmail]),
  template('tpl-finder', 'Product finder', [{ name: 'STORE_URL', description: 'Your storefront’s address.', secret: false }]),
  template('tpl-orders', 'Order status lookup', [
    supportEmail,
    { name: 'ORDERS_API_TOKEN', description: 'An admin API token with read access to orders.', secret: true },
  ]),
];
const requiredOf = (id: string) => JSON.parse(templates.find((item) => item.id === id)?.requiredVariables ?? '[]') as { name: string }[];

/**
 * The REST backend as far as this screen goes: models, assistant create/edit, and template-add/
 * refusing (400 missing_variables, the server's words) until the template's variables are set.
 */
function fakeBackend() {
  const links: { assistantId: string; templateId: string }[] = [];
  const server = fakeVariablesServer([], {
    routes: [
      ({ method, path }) => (method === 'GET' && path === '/api/models/' ? jsonResponse(200, { models }) : undefined),
      ({ method, path, body }) =>
        method === 'POST' && path === '/api/assistant/create/'
          ? jsonResponse(201, { ...assistant('a-new', ''), ...(body as object) })
          : undefined,
      ({ method, path, body }) => {
        if (method !== 'POST' || path !== '/api/assistant/edit/') return undefined;
        const { id, ...changes } = body as { id: string };
        return jsonResponse(200, { ...assistant(id, ''), ...changes });
      },
      ({ method, path, body }) => {
        if (method !== 'POST' || path !== '/api/assistant/template-add/') return undefined;
        const { assistantId, templateId } = body as { assistantId: string; templateId: string };
        const missing = requiredOf(templateId)
          .map((entry) => entry.name)
          .filter((name) => !server.variables.some((variable) => variable.name === name));
        if (missing.length) return jsonResponse(400, { detail: missingVariablesText(missing), code: 'missing_variables' });
        links.push({ assistantId, templateId });
        return jsonResponse(201, { id: `link-${links.length}` });
      },
    ],
  });
  const page = (items: unknown[]) => ({ items, nextToken: null });
  state.client = fakeDataClient({
    listAssistantStores: () => page([]),
    listAssistantFunctions: () => page([]),
    listAssistantTemplates: () => page(links.map((link, index) => ({ id: `l${index}`, ...link }))),
  });
  return { server, links };
}

const ready = (items: unknown[]) => ({ status: { state: 'initialised' }, items });

function renderScreen(assistants: Assistant[]) {
  state.collections = { assistants: ready(assistants), stores: ready([]), functions: ready([]), templates: ready(templates) };
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AssistantsScreen />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  state.client = null;
});

describe('links the server refuses when an assistant is saved', () => {
  it('shows each refused link with the server’s reason, and sets the missing variable there to link it', async () => {
    const { server, links } = fakeBackend();
    renderScreen([assistant('a1', 'Shop helper')]);
    await userEvent.click(screen.getByRole('button', { name: 'Edit Shop helper' }));
    const sheet = await screen.findByRole('dialog');
    await userEvent.click(within(sheet).getByLabelText('Link Store FAQ'));
    await userEvent.click(within(sheet).getByLabelText('Link Product finder'));
    await userEvent.click(within(sheet).getByRole('button', { name: 'Save changes' }));

    const faq = await within(sheet).findByRole('group', { name: 'Store FAQ' });
    expect(faq).toHaveTextContent('Set the variable SUPPORT_EMAIL before adding this template.');
    const finder = within(sheet).getByRole('group', { name: 'Product finder' });
    expect(finder).toHaveTextContent('Set the variable STORE_URL before adding this template.');
    expect(sheet).not.toHaveTextContent(/please try again/i);
    // One field per missing variable, described as the template describes it.
    expect(within(finder).getByLabelText('STORE_URL')).toHaveAttribute('type', 'text');
    const email = within(faq).getByLabelText('SUPPORT_EMAIL');
    expect(email).toHaveAccessibleDescription('Where shoppers can write when the assistant cannot help.');

    await userEvent.click(within(faq).getByRole('button', { name: 'Save and link' }));
    expect(within(faq).getByText('Enter a value for SUPPORT_EMAIL.')).toBeInTheDocument();
    await userEvent.type(email, 'help@shop.test');
    await userEvent.click(within(faq).getByRole('button', { name: 'Save and link' }));

    expect(await within(faq).findByText('Store FAQ is linked.')).toBeInTheDocument();
    expect(server.variables.map((variable) => [variable.name, variable.value, variable.secret])).toEqual([
      ['SUPPORT_EMAIL', 'help@shop.test', false],
    ]);
    expect(links).toEqual([{ assistantId: 'a1', templateId: 'tpl-faq' }]);
    expect(within(sheet).getByLabelText('Link Store FAQ')).toBeChecked();
    // The other refusal stays, with its own field.
    expect(within(finder).getByLabelText('STORE_URL')).toBeInTheDocument();
  });

  it('keeps a new assistant open for editing, asks a secret variable hidden, and saves it without creating it twice', async () => {
    const { server, links } = fakeBackend();
    const success = vi.spyOn(toast, 'success');
    renderScreen([]);
    await userEvent.click(screen.getByRole('button', { name: 'New assistant' }));
    const sheet = await screen.findByRole('dialog');
    await userEvent.type(within(sheet).getByLabelText('Name'), 'Order desk');
    await userEvent.click(within(sheet).getByLabelText('Link Order status lookup'));
    await userEvent.click(within(sheet).getByRole('button', { name: 'Create assistant' }));

    const orders = await within(screen.getByRole('dialog')).findByRole('group', { name: 'Order status lookup' });
    expect(orders).toHaveTextContent('Set the variables SUPPORT_EMAIL, ORDERS_API_TOKEN before adding this template.');
    expect(screen.getByRole('heading', { name: 'Edit Order desk' })).toBeInTheDocument();
    expect(within(orders).getByLabelText('ORDERS_API_TOKEN')).toHaveAttribute('type', 'password');
    await userEvent.type(within(orders).getByLabelText('SUPPORT_EMAIL'), 'help@shop.test');
    await userEvent.type(within(orders).getByLabelText('ORDERS_API_TOKEN'), 'shpat_123456789');
    await userEvent.click(within(orders).getByRole('button', { name: 'Save and link' }));
    expect(await within(orders).findByText('Order status lookup is linked.')).toBeInTheDocument();
    expect(server.variables.map((variable) => [variable.name, variable.secret])).toEqual([
      ['SUPPORT_EMAIL', false],
      ['ORDERS_API_TOKEN', true],
    ]);

    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Assistant saved'));
    const posts = server.requests.filter((call) => call.method === 'POST').map((call) => call.path);
    expect(posts.filter((path) => path === '/api/assistant/create/')).toHaveLength(1);
    expect(posts).toContain('/api/assistant/edit/');
    expect(posts).not.toContain('/api/assistant/template-remove/');
    expect(links).toEqual([{ assistantId: 'a-new', templateId: 'tpl-orders' }]);
  });

  it('speaks Japanese', async () => {
    await act(() => i18n.changeLanguage('ja'));
    fakeBackend();
    renderScreen([assistant('a1', 'Shop helper')]);
    await userEvent.click(screen.getByRole('button', { name: 'Shop helperを編集' }));
    const sheet = await screen.findByRole('dialog');
    await userEvent.click(within(sheet).getByLabelText('Store FAQをリンク'));
    await userEvent.click(within(sheet).getByRole('button', { name: '変更を保存' }));
    const faq = await within(sheet).findByRole('group', { name: 'Store FAQ' });
    expect(faq).toHaveTextContent('このテンプレートを追加する前に、変数 SUPPORT_EMAIL を設定してください。');
    expect(within(faq).getByRole('button', { name: '保存してリンク' })).toBeInTheDocument();
  });
});
