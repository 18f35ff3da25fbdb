import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ReplySignatureSettings } from './reply-signature-settings';

vi.mock('@/app/auth/auth-provider', () => ({
  useAuth: () => ({ user: { email: 'sam@shop.test' }, sessionStore: { getValidAccessToken: async () => 'T' } }),
}));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const team = { signed_as: 'team', display_name: '', shop_name: '', signature: 'The shop’s team' };

function renderSettings() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ReplySignatureSettings />
    </QueryClientProvider>,
  );
  return screen.findByRole('region', { name: 'Replies are signed as' });
}

describe('/account: how replies are signed', () => {
  it('starts as the shop’s team, saves the owner’s name and says what shoppers will see', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(json(200, team))
      .mockResolvedValueOnce(json(200, { signed_as: 'name', display_name: 'Sam Lee', shop_name: '', signature: 'Sam Lee' }));
    const section = within(await renderSettings());
    expect(await section.findByRole('radio', { name: 'The shop’s team' })).toBeChecked();
    expect(section.getByRole('status')).toHaveTextContent('Shoppers see your replies signed “The shop’s team”.');
    expect(section.getByRole('button', { name: 'Save' })).toBeDisabled();

    // Typing a name chooses it.
    await userEvent.type(section.getByLabelText('Your display name'), 'Sam Lee');
    expect(section.getByRole('radio', { name: 'Your name' })).toBeChecked();
    await userEvent.click(section.getByRole('button', { name: 'Save' }));
    expect(await section.findByText('Shoppers see your replies signed “Sam Lee”.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenLastCalledWith('/api/users/update-reply-signature/', expect.objectContaining({ method: 'POST' }));
    expect(JSON.parse(String(fetchMock.mock.lastCall?.[1]?.body))).toEqual({ signed_as: 'name', display_name: 'Sam Lee', shop_name: '' });
  });

  it('shows the server’s message under the name it is about', async () => {
    vi.spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(json(200, team))
      .mockResolvedValueOnce(json(400, { shop_name: ['Enter your shop’s name to sign your replies with.'] }));
    const section = within(await renderSettings());
    await userEvent.click(await section.findByRole('radio', { name: 'Your shop’s name' }));
    await userEvent.click(section.getByRole('button', { name: 'Save' }));
    expect(await section.findByText('Enter your shop’s name to sign your replies with.')).toBeInTheDocument();
    expect(section.getByLabelText('Shop name')).toHaveAttribute('aria-invalid', 'true');
    expect(section.getByRole('status')).toHaveTextContent('“The shop’s team”');
  });
});
