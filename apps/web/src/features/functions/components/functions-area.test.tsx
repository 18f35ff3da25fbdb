import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n/i18n';
import type { fakeDataClient } from '@/testing/fake-data-client';
import { fakeRest, fnItem, functionsDataClient, Providers, sentBody } from '../testing/functions-fixtures';
import { FunctionsArea } from './functions-area';

const data = vi.hoisted(() => ({
  current: null as ReturnType<typeof fakeDataClient> | null,
  auth: {
    user: { email: 'ann@shop.test' },
    isAuthenticated: true,
    loading: false,
    logout: () => {},
    sessionStore: { getValidAccessToken: async () => 'T' },
  },
}));
vi.mock('@/app/auth/auth-provider', () => ({ useAuth: () => data.auth }));
vi.mock('@/app/data-client/app-sync-provider', () => ({
  useAppSync: () => ({ client: data.current?.client ?? null, loading: false }),
}));
vi.mock('@/hooks/use-variables', () => ({
  useVariables: () => ({ data: [{ name: 'SHOP_TOKEN' }, { name: 'WAREHOUSE_URL' }], isPending: false }),
}));
vi.mock('./code-mirror-editor', async () => ({ default: (await import('../testing/functions-fixtures')).EditorStandIn }));

function renderArea(functions = [fnItem()], handlers: Parameters<typeof functionsDataClient>[1] = {}) {
  data.current = functionsDataClient(functions, handlers);
  render(
    <Providers>
      <FunctionsArea />
    </Providers>,
  );
  return data.current;
}

describe('the functions list', () => {
  it('shows a loading placeholder until the functions arrive', async () => {
    renderArea([], { listFunctions: () => new Promise(() => {}) });
    expect(await screen.findByText('Loading functions…')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New function' })).not.toBeInTheDocument();
  });

  it('invites the first function when there is none', async () => {
    renderArea([]);
    expect(await screen.findByRole('heading', { name: 'No functions yet' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New function' }));
    expect(screen.getByRole('dialog', { name: 'New function' })).toBeInTheDocument();
  });

  it('lists each function with its status in words, description, hosts and flag', async () => {
    renderArea([
      fnItem({ name: 'order_status', status: 'ready', thirdPartyServices: ['api.shop.test', 'cdn.shop.test'] }),
      fnItem({ name: 'stock_check', status: 'violating', isViolatingRules: true, description: 'Checks stock.' }),
      fnItem({ name: 'new_one', status: 'draft', description: null }),
    ]);
    const list = await screen.findByRole('list', { name: 'Functions' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('[data-slot="function-status"]')?.textContent)).toEqual([
      'Ready',
      'Breaks rules',
      'No code yet',
    ]);
    const [first, second, third] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(first).toHaveTextContent('Calls: api.shop.testcdn.shop.test');
    expect(within(second).getByText('Flagged')).toBeInTheDocument();
    expect(within(second).getByText('Checks stock.')).toBeInTheDocument();
    expect(within(first).queryByText('Flagged')).not.toBeInTheDocument();
    expect(within(third).getByText('No description yet.')).toBeInTheDocument();
  });

  it('offers a search box from seven functions on', async () => {
    const names = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot'];
    renderArea(names.map((name) => fnItem({ name })));
    await screen.findByRole('list', { name: 'Functions' });
    expect(screen.queryByRole('searchbox', { name: 'Search functions' })).not.toBeInTheDocument();
  });

  it('filters by name, description or host', async () => {
    const names = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot'];
    renderArea([...names.map((name) => fnItem({ name })), fnItem({ name: 'golf', thirdPartyServices: ['weather.test'] })]);
    const search = await screen.findByRole('searchbox', { name: 'Search functions' });
    await userEvent.type(search, 'WEATHER');
    expect(within(screen.getByRole('list', { name: 'Functions' })).getAllByRole('listitem')).toHaveLength(1);
    await userEvent.clear(search);
    await userEvent.type(search, 'zulu');
    expect(screen.getByText('No functions match “zulu”.')).toBeInTheDocument();
  });
});

describe('creating a function', () => {
  const openDialog = async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'New function' }));
    return screen.getByRole('dialog', { name: 'New function' });
  };

  it('explains what is wrong with the fields before asking the server', async () => {
    renderArea();
    const fetch = fakeRest({});
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create function' }));
    expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription('This field may not be blank.');
    await userEvent.type(within(dialog).getByLabelText('Name'), '9lives');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create function' }));
    expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription(
      'Start with a letter; use letters, digits, underscores and hyphens only.',
    );
    await userEvent.type(within(dialog).getByLabelText('Variables'), 'bad-name{Enter}');
    expect(within(dialog).getByText('Use letters, digits and underscores only, not starting with a digit.')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('creates it with the chosen variables and opens it', async () => {
    const created = fnItem({ name: 'order_status', status: 'draft', code: '', description: 'Finds an order.' });
    renderArea([]);
    const fetch = fakeRest({ '/api/functions/create/': () => [201, created] });
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Name'), 'order_status');
    await userEvent.type(within(dialog).getByLabelText('Description'), 'Finds an order.');
    await userEvent.selectOptions(within(dialog).getByLabelText('Return type'), 'string');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add variable SHOP_TOKEN' }));
    await userEvent.type(within(dialog).getByLabelText('Variables'), 'API_KEY{Enter}');
    expect(within(dialog).queryByRole('button', { name: 'Add variable SHOP_TOKEN' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create function' }));

    expect(await screen.findByRole('heading', { name: 'order_status', level: 2 })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sentBody(fetch, '/api/functions/create/')).toEqual({
      name: 'order_status',
      description: 'Finds an order.',
      returnType: 'string',
      variables: ['SHOP_TOKEN', 'API_KEY'],
    });
    expect(await screen.findByRole('textbox', { name: 'Code' })).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'Back to functions' }));
    const list = screen.getByRole('list', { name: 'Functions' });
    expect(within(list).getByRole('button', { name: 'order_status' })).toBeInTheDocument();
  });

  it('shows the server’s field errors under the fields', async () => {
    renderArea();
    fakeRest({ '/api/functions/create/': () => [400, { name: ['You already have a function with this name.'] }] });
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Name'), 'get_order_status');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create function' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription('You already have a function with this name.'),
    );
  });
});

describe('the functions area in other languages', () => {
  it('lists functions and checks a new one’s fields in Thai', async () => {
    await act(() => i18n.changeLanguage('th'));
    renderArea([fnItem({ name: 'order_status', status: 'ready' }), fnItem({ name: 'new_one', status: 'draft', description: null })]);
    expect(await screen.findByRole('heading', { name: 'ฟังก์ชัน', level: 2 })).toBeInTheDocument();
    const rows = within(screen.getByRole('list', { name: 'ฟังก์ชัน' })).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('[data-slot="function-status"]')?.textContent)).toEqual(['พร้อมใช้งาน', 'ยังไม่มีโค้ด']);
    expect(within(rows[1] as HTMLElement).getByText('ยังไม่มีคำอธิบาย')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'สร้างฟังก์ชัน' }));
    const dialog = screen.getByRole('dialog', { name: 'สร้างฟังก์ชัน' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'สร้างฟังก์ชัน' }));
    expect(within(dialog).getByLabelText('ชื่อ')).toHaveAccessibleDescription('ช่องนี้ต้องไม่เว้นว่าง');
    expect(within(dialog).getByRole('button', { name: 'เพิ่มตัวแปร SHOP_TOKEN' })).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('ตัวแปร'), 'bad-name{Enter}');
    expect(within(dialog).getByText('ใช้ได้เฉพาะตัวอักษร ตัวเลข และขีดล่าง และห้ามขึ้นต้นด้วยตัวเลข')).toBeInTheDocument();
  });

  it('shows an empty state in Japanese', async () => {
    await act(() => i18n.changeLanguage('ja'));
    renderArea([]);
    expect(await screen.findByRole('heading', { name: '関数はまだありません' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '関数を作成' }));
    const dialog = screen.getByRole('dialog', { name: '関数を作成' });
    await userEvent.type(within(dialog).getByLabelText('名前'), '9lives');
    await userEvent.click(within(dialog).getByRole('button', { name: '関数を作成' }));
    expect(within(dialog).getByLabelText('名前')).toHaveAccessibleDescription(
      '英字で始め、英数字、アンダースコア、ハイフンのみを使用してください。',
    );
  });
});
