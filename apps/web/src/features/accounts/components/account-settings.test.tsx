import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n, LANGUAGE_STORAGE_KEY } from '@/i18n/i18n';
import { LanguageSettings } from './language-settings';
import { SecuritySettings } from './security-settings';

const session = vi.hoisted(() => ({
  signIn: vi.fn(),
  signOut: vi.fn(),
  getValidAccessToken: async () => 'T',
  getState: () => ({ session: { user: { email: 'ann@shop.test', admin: false, tier: 'basic', user_avatar_url: null } } }),
}));
vi.mock('@/app/auth/auth-provider', () => ({
  useAuth: () => ({ user: { email: 'ann@shop.test' }, isEmbedded: false, sessionStore: session }),
}));

const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server's answers by path; every call is recorded with its body. */
function serve(answers: Record<string, () => Response>) {
  const calls: { path: string; body: unknown }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
    const path = String(url);
    calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : null });
    const answer = answers[path];
    if (!answer) throw new Error(`unexpected ${path}`);
    return answer();
  });
  return calls;
}

const renderWith = (ui: React.ReactNode) =>
  render(<QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>{ui}</QueryClientProvider>);

describe('Account Settings', () => {
  it('switches the app to the chosen language, remembers it here and on the account (for e-mails)', async () => {
    const calls = serve({ '/api/users/update-language/': () => json(200, { language: 'ja' }) });
    renderWith(<LanguageSettings />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), '日本語');
    expect(await screen.findByRole('heading', { name: '言語' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('ja');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ja');
    expect(calls).toEqual([{ path: '/api/users/update-language/', body: { language: 'ja' } }]);
    expect(await screen.findByText('保存しました。Aisle からのメールもこの言語でお送りします。')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
  });

  it('changes the password: a wrong current one is said on its field; success keeps this browser signed in', async () => {
    let wrong = true;
    const calls = serve({
      '/api/users/change-password/': () =>
        wrong
          ? json(400, { current_password: ['Your current password is not correct.'] })
          : json(200, {
              access: 'A2',
              refresh: 'R2',
              user: { email: 'ann@shop.test', is_staff: false, tier: 'basic', user_avatar_url: null, language: 'en' },
            }),
    });
    renderWith(<SecuritySettings />);
    const form = screen.getByRole('form', { name: 'Change password' });
    await userEvent.type(within(form).getByLabelText('Current password'), 'not it');
    await userEvent.type(within(form).getByLabelText('New password'), 'a much longer one');
    await userEvent.type(within(form).getByLabelText('Confirm new password'), 'a much longer one');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('Your current password is not correct.')).toBeInTheDocument();
    expect(session.signIn).not.toHaveBeenCalled();

    wrong = false;
    await userEvent.clear(within(form).getByLabelText('Current password'));
    await userEvent.type(within(form).getByLabelText('Current password'), 'the right one');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('Password changed. You were signed out on your other devices.')).toBeInTheDocument();
    expect(calls.at(-1)).toEqual({
      path: '/api/users/change-password/',
      body: { current_password: 'the right one', new_password: 'a much longer one' },
    });
    expect(session.signIn).toHaveBeenCalledWith(expect.objectContaining({ accessToken: 'A2', refreshToken: 'R2' }));
  });

  it('refuses a confirmation that differs without asking the server', async () => {
    const calls = serve({});
    renderWith(<SecuritySettings />);
    const form = screen.getByRole('form', { name: 'Change password' });
    await userEvent.type(within(form).getByLabelText('Current password'), 'the right one');
    await userEvent.type(within(form).getByLabelText('New password'), 'a much longer one');
    await userEvent.type(within(form).getByLabelText('Confirm new password'), 'a much longer two');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(within(form).getByText('Passwords do not match')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('sends a confirmation link to a new e-mail address', async () => {
    const calls = serve({ '/api/users/change-email/': () => json(200, { detail: 'sent' }) });
    renderWith(<SecuritySettings />);
    const form = screen.getByRole('form', { name: 'Change e-mail address' });
    await userEvent.type(within(form).getByLabelText('New e-mail address'), 'ann@new-shop.test');
    await userEvent.type(within(form).getByLabelText('Password'), 'the right one');
    await userEvent.click(within(form).getByRole('button', { name: 'Send confirmation link' }));
    expect(await within(form).findByText(/We sent a link to ann@new-shop\.test/)).toBeInTheDocument();
    expect(calls).toEqual([{ path: '/api/users/change-email/', body: { password: 'the right one', new_email: 'ann@new-shop.test' } }]);
  });

  it('deletes the account with its data only after the password, then signs out', async () => {
    const calls = serve({ '/api/users/delete-account/': () => json(204, null) });
    renderWith(<SecuritySettings />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete account…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account and all its data?' });
    expect(calls).toEqual([]);
    await userEvent.type(within(dialog).getByLabelText('Password'), 'the right one');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    await vi.waitFor(() => expect(session.signOut).toHaveBeenCalled());
    expect(calls).toEqual([{ path: '/api/users/delete-account/', body: { password: 'the right one' } }]);
  });
});
