import { SIGNATURE_NAME_MAX_LENGTH } from '@aisle/contracts/accounts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ReplySignatureSettings } from './reply-signature-settings';

vi.mock('@/app/auth/auth-provider', () => ({
  useAuth: () => ({ user: { email: 'sam@shop.test' }, sessionStore: { getValidAccessToken: async () => 'T' } }),
}));

describe('/account: the names replies are signed with', () => {
  it.each(['Your display name', 'Shop name'])('“%s” takes at most the contract’s limit and says when it is reached', async (label) => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ signed_as: 'team', display_name: '', shop_name: '', signature: 'The shop’s team' }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ReplySignatureSettings />
      </QueryClientProvider>,
    );
    const section = within(await screen.findByRole('region', { name: 'Replies are signed as' }));
    const name = await section.findByLabelText(label);
    expect(name).toHaveAttribute('maxLength', String(SIGNATURE_NAME_MAX_LENGTH));
    await userEvent.click(name);
    await userEvent.paste('s'.repeat(240));
    await userEvent.type(name, 's'.repeat(10));
    expect(name).toHaveValue('s'.repeat(SIGNATURE_NAME_MAX_LENGTH));
    expect(section.getByText(`Limit reached: ${SIGNATURE_NAME_MAX_LENGTH} characters`)).toBeInTheDocument();
  });
});
