import type { Assistant } from '@aisle/contracts/assistants';
import type { ModelOption } from '@aisle/contracts/models';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { formFromAssistant } from '../assistant-form';
import { noLinks } from '../link-kinds';
import { AssistantEditor, type EditorProps } from './assistant-editor';

const models: ModelOption[] = [
  {
    id: 'local:extractive',
    provider: 'local',
    name: 'Built-in',
    pricing: { inputPerMillion: 0, outputPerMillion: 0, cachedInputPerMillion: 0, asOf: '2026-01-01', priced: true },
    default: true,
  },
];

const allOn = { status: true, returns: true, addressChange: true, resendConfirmation: true };

/** An assistant as the start-up collection holds it: the data API's JSON fields as JSON text. */
const assistant = {
  id: '00000000-0000-4000-8000-000000000001',
  ownerEmail: 'ann@shop.test',
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  assistantName: 'Shop helper',
  model: 'local:extractive',
  isSafeGuardOn: false,
  orderHelp: JSON.stringify({ ...allOn, returns: false }),
} as unknown as Assistant;

function renderEditor(onSave: EditorProps['onSave'], shopConnected?: boolean) {
  render(
    <MemoryRouter>
      <AssistantEditor
        open
        onOpenChange={() => {}}
        assistant={assistant}
        initial={formFromAssistant(assistant, noLinks(), 'local:extractive')}
        models={models}
        modelsLoading={false}
        options={{ store: [], function: [], template: [] }}
        onSave={onSave}
        shopConnected={shopConnected}
      />
    </MemoryRouter>,
  );
  return screen.getByRole('dialog');
}

afterEach(() => act(() => i18n.changeLanguage('en')));

describe('the editor’s order help section', () => {
  it('shows each action’s switch as stored and saves the owner’s changes with the rest of the form', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    const sheet = renderEditor(onSave, true);
    const section = within(sheet).getByRole('region', { name: 'Order help' });
    const status = within(section).getByRole('switch', { name: 'Order status and tracking' });
    const returns = within(section).getByRole('switch', { name: 'Start returns' });
    const address = within(section).getByRole('switch', { name: 'Change shipping address before fulfilment' });
    const resend = within(section).getByRole('switch', { name: 'Resend order confirmation' });
    expect([status, returns, address, resend].map((s) => s.getAttribute('aria-checked'))).toEqual(['true', 'false', 'true', 'true']);
    expect(returns).toHaveAccessibleDescription('Requests a return within your store’s return window.');
    expect(within(section).getByText(/Shoppers verify with the order’s e-mail/)).toHaveTextContent(/one-time code/);
    // A connected store: nothing to connect.
    expect(within(section).queryByRole('link', { name: 'Connect a store' })).toBeNull();

    await userEvent.click(returns);
    await userEvent.click(resend);
    expect(returns).toHaveAttribute('aria-checked', 'true');
    expect(resend).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Save changes' }));

    expect(onSave).toHaveBeenCalledOnce();
    const [values, body] = onSave.mock.calls[0] ?? [];
    expect(body.orderHelp).toEqual({ ...allOn, resendConfirmation: false });
    expect(values.orderHelp).toEqual({ ...allOn, resendConfirmation: false });
  });

  it('says a Shopify store is needed, with a link to connect one, when none is connected', () => {
    const sheet = renderEditor(vi.fn(), false);
    const section = within(sheet).getByRole('region', { name: 'Order help' });
    expect(within(section).getByText(/Order help needs a connected Shopify store/)).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Connect a store' })).toHaveAttribute('href', '/sh/preferences/');
    // The switches still save: they apply once a store is connected.
    expect(within(section).getAllByRole('switch')).toHaveLength(4);
  });

  it('says nothing about the store while the connection is not known yet', () => {
    const sheet = renderEditor(vi.fn());
    expect(within(sheet).queryByText(/Order help needs a connected Shopify store/)).toBeNull();
  });

  it('reads in Japanese and saves a switch turned off', async () => {
    await act(() => i18n.changeLanguage('ja'));
    const onSave = vi.fn().mockResolvedValue(undefined);
    const sheet = renderEditor(onSave, false);
    const section = within(sheet).getByRole('region', { name: '注文サポート' });
    expect(within(section).getByRole('link', { name: 'ストアを接続' })).toHaveAttribute('href', '/sh/preferences/');
    expect(within(section).getByText(/ワンタイムコード/)).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('switch', { name: '注文状況と配送追跡' }));
    await userEvent.click(within(sheet).getByRole('button', { name: '変更を保存' }));
    const [, body] = onSave.mock.calls[0] ?? [];
    expect(body.orderHelp).toEqual({ ...allOn, status: false, returns: false });
  });
});
