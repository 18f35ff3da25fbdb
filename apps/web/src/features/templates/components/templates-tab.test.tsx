import { missingVariablesText } from '@aisle/contracts/functions';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { fakeDataClient } from '@/testing/fake-data-client';
import { fakeVariablesServer, jsonResponse, variableItem } from '@/testing/fake-variables-server';
import { assistant, faqTemplate, ordersTemplate, retiredTemplate, templateFunctionsByTemplateID } from '../testing/template-fixtures';
import { TemplatesTab } from './templates-tab';

const state = vi.hoisted(() => ({
  client: null as ReturnType<typeof fakeDataClient> | null,
  collections: {} as Record<string, { status: { state: string; error?: string }; items: unknown[] }>,
}));
vi.mock('@/app/auth/auth-provider', () => ({
  useAuth: () => ({ user: { email: 'ann@shop.test' }, sessionStore: { getValidAccessToken: async () => 'T' } }),
}));
vi.mock('@/app/data-client/app-sync-provider', () => ({ useAppSync: () => ({ client: state.client?.client ?? null }) }));
vi.mock('@/app/startup-data/startup-data-provider', () => ({
  useCollection: (name: string) => state.collections[name] ?? { status: { state: 'initialised' }, items: [] },
}));

const ready = (items: unknown[]) => ({ status: { state: 'initialised' }, items });

function renderTab({ templates = [faqTemplate, ordersTemplate, retiredTemplate], assistants = [assistant('a1', 'Shop helper')] } = {}) {
  state.collections = { templates: ready(templates), assistants: ready(assistants) };
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <TemplatesTab />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const templateAdd = (answer: (body: unknown) => Response) => ({
  routes: [
    ({ method, path, body }: { method: string; path: string; body: unknown }) =>
      method === 'POST' && path === '/api/assistant/template-add/' ? answer(body) : undefined,
  ],
});

beforeEach(() => {
  state.client = fakeDataClient({ templateFunctionsByTemplateID });
});

describe('the templates tab', () => {
  it('shows skeletons while templates load, then an empty state when there are none', async () => {
    fakeVariablesServer([]);
    state.collections = { templates: { status: { state: 'loading' }, items: [] }, assistants: ready([]) };
    const queryClient = new QueryClient();
    const view = render(
      <MemoryRouter>
        <QueryClientProvider client={queryClient}>
          <TemplatesTab />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    expect(screen.getByRole('status', { name: 'Loading templates' })).toBeInTheDocument();
    state.collections.templates = ready([retiredTemplate]);
    view.rerender(
      <MemoryRouter>
        <QueryClientProvider client={queryClient}>
          <TemplatesTab />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    expect(screen.getByRole('region', { name: 'No templates yet' })).toBeInTheDocument();
  });

  it('shows the collection’s error', () => {
    fakeVariablesServer([]);
    state.collections = { templates: { status: { state: 'error', error: 'An error occurred in templates subscription.' }, items: [] } };
    render(
      <MemoryRouter>
        <QueryClientProvider client={new QueryClient()}>
          <TemplatesTab />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('An error occurred in templates subscription.');
  });

  it('lists active templates with their functions and which variables are set', async () => {
    fakeVariablesServer([variableItem('SHOP_DOMAIN', 'demo.shop')]);
    renderTab();
    const list = screen.getByRole('list', { name: 'Templates' });
    expect(
      within(list)
        .getAllByRole('listitem', { name: /./ })
        .filter((item) => item.parentElement === list)
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['Order status lookup', 'Store FAQ']);
    const orders = within(list).getByRole('listitem', { name: 'Order status lookup' });
    expect(await within(orders).findByText('get_order_status')).toBeInTheDocument();
    expect(within(orders).getByText('Gives the carrier’s tracking link.')).toBeInTheDocument();
    expect(await within(orders).findByRole('listitem', { name: 'SHOP_DOMAIN: set' })).toBeInTheDocument();
    expect(within(orders).getByRole('listitem', { name: 'ORDERS_API_TOKEN: needed' })).toHaveTextContent('needed');
  });

  it('saves the missing variables, secret ones as secrets, then adds the template', async () => {
    const server = fakeVariablesServer(
      [variableItem('SHOP_DOMAIN', 'demo.shop')],
      templateAdd(() => jsonResponse(201, { id: 'link-1' })),
    );
    const success = vi.spyOn(toast, 'success');
    renderTab({ assistants: [assistant('a1', 'Shop helper'), assistant('a2', 'Returns desk')] });
    const orders = screen.getByRole('listitem', { name: 'Order status lookup' });
    await within(orders).findByRole('listitem', { name: 'SHOP_DOMAIN: set' });
    await userEvent.click(within(orders).getByRole('button', { name: 'Use template' }));

    const form = await screen.findByRole('form', { name: 'Add Order status lookup to an assistant' });
    expect(within(form).queryByLabelText('SHOP_DOMAIN')).not.toBeInTheDocument();
    const token = within(form).getByLabelText('ORDERS_API_TOKEN');
    expect(token).toHaveAttribute('type', 'password');
    expect(token).toHaveAccessibleDescription(/An admin API token with read access to orders\./);
    await userEvent.click(within(form).getByRole('button', { name: 'Add to assistant' }));
    expect(within(form).getByText('Enter a value for ORDERS_API_TOKEN.')).toBeInTheDocument();
    expect(within(form).getByText('Choose an assistant.')).toBeInTheDocument();

    await userEvent.type(token, 'shpat_123456789');
    await userEvent.selectOptions(within(form).getByLabelText('Assistant'), 'Returns desk');
    await userEvent.click(within(form).getByRole('button', { name: 'Add to assistant' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith('Order status lookup added to Returns desk'));
    const posts = server.requests.filter((call) => call.method === 'POST');
    expect(posts).toEqual([
      { method: 'POST', path: '/api/variables/', body: { name: 'ORDERS_API_TOKEN', value: 'shpat_123456789', secret: true } },
      { method: 'POST', path: '/api/assistant/template-add/', body: { assistantId: 'a2', templateId: 'tpl-orders' } },
    ]);
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
    expect(await within(orders).findByRole('listitem', { name: 'ORDERS_API_TOKEN: set' })).toBeInTheDocument();
  });

  it('shows the server’s missing-variables refusal in the sheet', async () => {
    const detail = missingVariablesText(['FAQ_URL']);
    fakeVariablesServer(
      [variableItem('FAQ_URL', 'https://demo.shop/faq')],
      templateAdd(() => jsonResponse(400, { detail })),
    );
    renderTab();
    const faq = screen.getByRole('listitem', { name: 'Store FAQ' });
    await within(faq).findByRole('listitem', { name: 'FAQ_URL: set' });
    await userEvent.click(within(faq).getByRole('button', { name: 'Use template' }));
    const form = await screen.findByRole('form', { name: 'Add Store FAQ to an assistant' });
    expect(within(form).getByText('Every variable it needs is set.')).toBeInTheDocument();
    // A single assistant is chosen already.
    expect(within(form).getByLabelText('Assistant')).toHaveValue('a1');
    await userEvent.click(within(form).getByRole('button', { name: 'Add to assistant' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(detail);
  });

  it('points to the Assistants screen when there is no assistant', async () => {
    fakeVariablesServer([]);
    renderTab({ assistants: [] });
    await userEvent.click(within(screen.getByRole('listitem', { name: 'Store FAQ' })).getByRole('button', { name: 'Use template' }));
    const form = await screen.findByRole('form', { name: 'Add Store FAQ to an assistant' });
    expect(within(form).getByRole('link', { name: 'Create an assistant' })).toHaveAttribute('href', '/assistants');
    expect(within(form).queryByLabelText('Assistant')).not.toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Add to assistant' })).toBeDisabled();
  });
});

describe('the templates tab in other languages', () => {
  it('speaks Japanese', async () => {
    await act(() => i18n.changeLanguage('ja'));
    fakeVariablesServer([variableItem('SHOP_DOMAIN', 'demo.shop')]);
    renderTab();
    expect(screen.getByRole('heading', { name: '既製のテンプレート' })).toBeInTheDocument();
    const orders = within(screen.getByRole('list', { name: 'テンプレート' })).getByRole('listitem', { name: 'Order status lookup' });
    expect(within(orders).getByRole('region', { name: '関数' })).toBeInTheDocument();
    expect(await within(orders).findByRole('listitem', { name: 'SHOP_DOMAIN：設定済み' })).toBeInTheDocument();
    expect(within(orders).getByRole('listitem', { name: 'ORDERS_API_TOKEN：未設定' })).toHaveTextContent('未設定');

    await userEvent.click(within(orders).getByRole('button', { name: 'テンプレートを使う' }));
    expect(await screen.findByRole('heading', { name: 'Order status lookupを使う' })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Order status lookupをアシスタントに追加' });
    expect(within(form).getByLabelText('ORDERS_API_TOKEN')).toHaveAccessibleDescription(/シークレットとして暗号化して保存されます。$/);
    await userEvent.click(within(form).getByRole('button', { name: 'アシスタントに追加' }));
    expect(within(form).getByText('ORDERS_API_TOKENの値を入力してください。')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'キャンセル' })).toBeInTheDocument();
  });

  it('speaks Thai, down to the link to the Assistants screen', async () => {
    await act(() => i18n.changeLanguage('th'));
    fakeVariablesServer([]);
    renderTab({ assistants: [] });
    expect(screen.getByRole('heading', { name: 'เทมเพลตสำเร็จรูป' })).toBeInTheDocument();
    const faq = screen.getByRole('listitem', { name: 'Store FAQ' });
    expect(await within(faq).findByRole('listitem', { name: 'FAQ_URL: ต้องตั้งค่า' })).toBeInTheDocument();
    await userEvent.click(within(faq).getByRole('button', { name: 'ใช้เทมเพลต' }));
    const form = await screen.findByRole('form', { name: 'เพิ่ม Store FAQ ให้ผู้ช่วย' });
    expect(within(form).getByRole('link', { name: 'สร้างผู้ช่วย' })).toHaveAttribute('href', '/assistants');
    expect(form).toHaveTextContent('คุณยังไม่มีผู้ช่วย สร้างผู้ช่วยก่อน แล้วจึงเพิ่มเทมเพลตนี้');
    expect(within(form).getByRole('button', { name: 'เพิ่มให้ผู้ช่วย' })).toBeDisabled();
  });
});
