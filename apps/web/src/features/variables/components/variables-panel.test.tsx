import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { fakeVariablesServer, jsonResponse, variableItem } from '@/testing/fake-variables-server';
import { SECRET_HELP } from './variable-form-dialog';
import { VariablesPanel } from './variables-panel';

vi.mock('@/app/auth/auth-provider', () => ({
  useAuth: () => ({ user: { email: 'ann@shop.test' }, sessionStore: { getValidAccessToken: async () => 'T' } }),
}));

function renderPanel() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <VariablesPanel />
    </QueryClientProvider>,
  );
}

const rowOf = async (name: string) => (await screen.findByRole('rowheader', { name })).closest('tr') as HTMLElement;

describe('the variables panel', () => {
  it('lists variables, a secret only masked behind a lock', async () => {
    fakeVariablesServer([variableItem('SHOP_URL', 'demo.shop'), variableItem('API_KEY', 'sk-live-abcdefghf3a9', true)]);
    renderPanel();
    expect(within(await rowOf('SHOP_URL')).getByText('demo.shop')).toBeInTheDocument();
    const secretRow = await rowOf('API_KEY');
    expect(within(secretRow).getByLabelText('Secret')).toBeInTheDocument();
    expect(within(secretRow).getByText('••••••••f3a9')).toBeInTheDocument();
    expect(screen.queryByText('sk-live-abcdefghf3a9')).not.toBeInTheDocument();
  });

  it('shows an empty state', async () => {
    fakeVariablesServer([]);
    renderPanel();
    expect(await screen.findByText('No variables yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a load failure with a retry', async () => {
    const server = fakeVariablesServer([variableItem('SHOP_URL', 'demo.shop')]);
    const answer = server.fetch.getMockImplementation();
    server.fetch.mockResolvedValueOnce(jsonResponse(403, { detail: 'You do not have permission to perform this action.' }));
    renderPanel();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You do not have permission to perform this action.');
    if (answer) server.fetch.mockImplementation(answer);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await rowOf('SHOP_URL')).toBeInTheDocument();
  });

  it('creates a secret variable, checking the name first', async () => {
    const server = fakeVariablesServer([]);
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'New variable' }));
    const form = await screen.findByRole('form', { name: 'New variable' });
    await userEvent.type(within(form).getByLabelText('Name'), '9lives');
    await userEvent.type(within(form).getByLabelText('Value'), 'sk-123');
    await userEvent.click(within(form).getByRole('button', { name: 'Create variable' }));
    expect(await within(form).findByText('Use letters, digits and underscores only, not starting with a digit.')).toBeInTheDocument();
    expect(server.calls('/api/variables/').filter((call) => call.method === 'POST')).toHaveLength(0);

    await userEvent.clear(within(form).getByLabelText('Name'));
    await userEvent.type(within(form).getByLabelText('Name'), 'STRIPE_KEY');
    const secret = within(form).getByRole('switch', { name: 'Secret' });
    expect(secret).toHaveAccessibleDescription(SECRET_HELP);
    await userEvent.click(secret);
    expect(within(form).getByLabelText('Value')).toHaveAttribute('type', 'password');
    await userEvent.click(within(form).getByRole('button', { name: 'Show value' }));
    expect(within(form).getByLabelText('Value')).toHaveAttribute('type', 'text');
    await userEvent.click(within(form).getByRole('button', { name: 'Create variable' }));

    expect(within(await rowOf('STRIPE_KEY')).getByLabelText('Secret')).toBeInTheDocument();
    expect(server.requests.find((call) => call.method === 'POST')?.body).toEqual({ name: 'STRIPE_KEY', value: 'sk-123', secret: true });
  });

  it('shows the server’s field error under its field', async () => {
    fakeVariablesServer([variableItem('SHOP_URL', 'demo.shop')]);
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'New variable' }));
    const form = await screen.findByRole('form', { name: 'New variable' });
    await userEvent.type(within(form).getByLabelText('Name'), 'SHOP_URL');
    await userEvent.type(within(form).getByLabelText('Value'), 'x');
    await userEvent.click(within(form).getByRole('button', { name: 'Create variable' }));
    expect(await within(form).findByText('A variable with this name already exists.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
  });

  it('edits a secret without ever showing its value, sending only a new one', async () => {
    const server = fakeVariablesServer([variableItem('API_KEY', 'sk-live-abcdefghf3a9', true)]);
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit API_KEY' }));
    const form = await screen.findByRole('form', { name: 'Edit variable' });
    const value = within(form).getByLabelText('Value');
    expect(value).toHaveValue('');
    expect(value).toHaveAttribute('placeholder', 'Enter a new value to replace it');
    await userEvent.type(value, 'sk-rotated');
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit variable' })).not.toBeInTheDocument());
    expect(server.requests.find((call) => call.method === 'PATCH')).toEqual({
      method: 'PATCH',
      path: '/api/variables/var-API_KEY/',
      body: { value: 'sk-rotated' },
    });
  });

  it('edits a plain value, pre-filled', async () => {
    const server = fakeVariablesServer([variableItem('SHOP_URL', 'demo.shop')]);
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit SHOP_URL' }));
    const value = within(await screen.findByRole('form', { name: 'Edit variable' })).getByLabelText('Value');
    expect(value).toHaveValue('demo.shop');
    await userEvent.clear(value);
    await userEvent.type(value, 'shop.example');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(within(await rowOf('SHOP_URL')).getByText('shop.example')).toBeInTheDocument();
    expect(server.requests.find((call) => call.method === 'PATCH')?.body).toEqual({ value: 'shop.example' });
  });

  it('deletes only after confirming', async () => {
    const server = fakeVariablesServer([variableItem('SHOP_URL', 'demo.shop')]);
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete SHOP_URL' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete variable?' });
    expect(server.requests.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete variable' }));
    expect(await screen.findByText('No variables yet')).toBeInTheDocument();
    expect(server.requests.find((call) => call.method === 'DELETE')?.path).toBe('/api/variables/var-SHOP_URL/');
  });
});

describe('the variables panel in Japanese', () => {
  it('lists, checks and deletes variables in Japanese', async () => {
    await act(() => i18n.changeLanguage('ja'));
    fakeVariablesServer([variableItem('SHOP_URL', 'demo.shop'), variableItem('API_KEY', 'sk-live-abcdefghf3a9', true)]);
    renderPanel();
    const table = await screen.findByRole('table', { name: '変数一覧' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['名前', '値', '操作']);
    expect(within(await rowOf('API_KEY')).getByLabelText('シークレット')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '変数を作成' }));
    const form = await screen.findByRole('form', { name: '変数を作成' });
    await userEvent.type(within(form).getByLabelText('名前'), '9lives');
    await userEvent.click(within(form).getByRole('button', { name: '変数を作成' }));
    expect(await within(form).findByText('英数字とアンダースコアのみを使用し、数字で始めないでください。')).toBeInTheDocument();
    expect(within(form).getByRole('switch', { name: 'シークレット' })).toHaveAccessibleDescription(
      '暗号化して保存されます。保存後は値を確認できません。',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'キャンセル' }));

    await userEvent.click(screen.getByRole('button', { name: 'SHOP_URLを削除' }));
    const dialog = await screen.findByRole('dialog', { name: '変数を削除しますか？' });
    expect(dialog).toHaveTextContent('SHOP_URLを削除します。');
    expect(within(dialog).getByRole('button', { name: '変数を削除' })).toBeInTheDocument();
  });
});
