import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { twMerge } from 'tailwind-merge';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { AlertArea } from '@/components/alerts/alert-area';
import { alertStore } from '@/components/alerts/alert-store';
import { i18n } from '@/i18n/i18n';
import { installClassMerge } from '@/lib/cn';
import { tokenExpiringIn } from '@/testing/jwt';
import { AuthProvider } from './auth-provider';
import { AuthScreen } from './auth-screen';
import { STORAGE_KEYS } from './auth-storage';

function renderScreen() {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <AuthProvider>
        <Routes>
          <Route path="/" element={<AuthScreen />} />
          <Route path="/account" element={<p>Account page</p>} />
        </Routes>
      </AuthProvider>
      <AlertArea />
    </MemoryRouter>,
  );
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('authentication screen (spec §2, §4, §5, §8)', () => {
  afterEach(() => act(() => alertStore.clear()));

  it('has no conflicting utility classes in any mode, so it looks the same without tailwind-merge (lib/cn.ts)', async () => {
    // As the first screen renders: before the data layer installs tailwind-merge.
    installClassMerge((classes) => classes);
    onTestFinished(() => installClassMerge(twMerge));
    const { container } = renderScreen();
    const conflicts = () =>
      [...container.querySelectorAll<HTMLElement>('[class]'), ...document.querySelectorAll<HTMLElement>('[role="alert"] [class]')]
        .map((element) => element.getAttribute('class') ?? '')
        .filter((classes) => twMerge(classes).split(' ').length !== classes.split(/\s+/).filter(Boolean).length);
    expect(conflicts()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Create your free account' }));
    expect(conflicts()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in to your account' }));
    await userEvent.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    expect(conflicts()).toEqual([]);
  });

  it('sends a new verification e-mail to the address typed, and asks for one first when none is', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(200, { detail: 'sent' }));
    renderScreen();
    await userEvent.click(screen.getByRole('button', { name: "Didn't get the verification e-mail? Send it again" }));
    expect(screen.getByText('Enter your e-mail address above first.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Email'), 'ann@shop.test');
    await userEvent.click(screen.getByRole('button', { name: "Didn't get the verification e-mail? Send it again" }));
    expect(await screen.findByText(/a new link is on its way/)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/users/resend-verification/', expect.objectContaining({ method: 'POST' }));
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ email: 'ann@shop.test' });
  });

  it('signs up in the language the merchant reads, so the verification e-mail comes in it', async () => {
    await act(() => i18n.changeLanguage('th'));
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(201, { email: 'malee@glow.test', tier: 'basic' }));
    renderScreen();
    await userEvent.click(screen.getByRole('button', { name: 'สร้างบัญชีฟรี' }));
    const [email, password, confirm] = screen
      .getAllByRole('textbox')
      .concat([...document.querySelectorAll<HTMLElement>('input[type="password"]')]);
    await userEvent.type(email as HTMLElement, 'malee@glow.test');
    await userEvent.type(password as HTMLElement, 'correct horse 1');
    await userEvent.type(confirm as HTMLElement, 'correct horse 1');
    await userEvent.click(screen.getByRole('button', { name: 'สร้างบัญชี' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      email: 'malee@glow.test',
      password: 'correct horse 1',
      language: 'th',
    });
  });

  it('switches between the three modes with their titles, subtitles and links', async () => {
    renderScreen();
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByText('Sign in to continue your AI journey')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Continue with Google \(Coming Soon\)/ })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Create your free account' }));
    expect(screen.getByRole('heading', { name: 'Join Us' })).toBeInTheDocument();
    expect(screen.getByText('Create your account and start building with AI')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm Password')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Sign in to your account' }));
    await userEvent.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    expect(screen.getByRole('heading', { name: 'Reset Password' })).toBeInTheDocument();
    expect(screen.getByText("We'll send you a secure link to reset your password")).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
  });

  it('shows "Passwords do not match" and sends nothing when the confirmation differs', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    renderScreen();
    await userEvent.click(screen.getByRole('button', { name: 'Create your free account' }));
    await userEvent.type(screen.getByLabelText('Email'), 'ann@shop.test');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse 1');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'correct horse 2');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('takes a merchant whose session ended by itself back where they were after signing in again', async () => {
    // On /conversations/42 the refresh token was refused: the session ends there.
    window.history.replaceState(null, '', '/conversations/42?tab=needs');
    localStorage.setItem(STORAGE_KEYS.accessToken, tokenExpiringIn(-60));
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'revoked');
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ email: 'ann@shop.test', admin: false, tier: 'basic', user_avatar_url: null }));
    const { createSessionStore } = await import('./session-store');
    const ended = createSessionStore({ refresh: async () => Promise.reject(new Error('401')) });
    ended.initialise({ href: window.location.href, replace: () => {} });
    await ended.getValidAccessToken();
    expect(ended.getState().session).toBeNull();
    window.history.replaceState(null, '', '/');

    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json(200, {
        access: tokenExpiringIn(300),
        refresh: 'R',
        user: { email: 'ann@shop.test', is_staff: false, tier: 'basic', user_avatar_url: null },
      }),
    );
    render(
      <MemoryRouter initialEntries={['/sign-in']}>
        <AuthProvider>
          <Routes>
            <Route path="/conversations/42" element={<p>The conversation</p>} />
            <Route path="/account" element={<p>Account page</p>} />
            <Route path="*" element={<AuthScreen />} />
          </Routes>
        </AuthProvider>
      </MemoryRouter>,
    );
    await userEvent.type(screen.getByLabelText('Email'), 'ann@shop.test');
    await userEvent.type(screen.getByLabelText('Password'), 'secret words');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('The conversation')).toBeInTheDocument();
  });

  it('disables the submit button reading "Processing..." while signing in, then stores the session and opens /account', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    renderScreen();
    await userEvent.type(screen.getByLabelText('Email'), 'ann@shop.test');
    await userEvent.type(screen.getByLabelText('Password'), 'secret words');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    const busy = screen.getByRole('button', { name: 'Processing...' });
    expect(busy).toBeDisabled();
    expect(fetchMock).toHaveBeenCalledWith('/api/token/', expect.objectContaining({ method: 'POST' }));
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ email: 'ann@shop.test', password: 'secret words' });

    const access = tokenExpiringIn(300);
    await act(async () =>
      answer(json(200, { access, refresh: 'R', user: { email: 'ann@shop.test', is_staff: false, tier: 'basic', user_avatar_url: null } })),
    );
    expect(await screen.findByText('Account page')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe(access);
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('R');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}')).toEqual({
      email: 'ann@shop.test',
      admin: false,
      tier: 'basic',
      user_avatar_url: null,
    });
  });

  it('warns "Email Verification Required" for an unverified account and stays on the form', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(401, { detail: 'Email is not verified.' }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderScreen();
    await userEvent.type(screen.getByLabelText('Email'), 'ann@shop.test');
    await userEvent.type(screen.getByLabelText('Password'), 'secret words');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email Verification Required')).toBeInTheDocument();
    expect(screen.getByText('Your email is not verified. Please check your inbox for the verification email.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  });

  it('takes its "Unauthorized" alert away once the next sign-in succeeds', async () => {
    const access = tokenExpiringIn(300);
    vi.spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(json(401, { detail: 'No active account found with the given credentials' }))
      .mockResolvedValueOnce(
        json(200, { access, refresh: 'R', user: { email: 'ann@shop.test', is_staff: false, tier: 'basic', user_avatar_url: null } }),
      );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderScreen();
    await userEvent.type(screen.getByLabelText('Email'), 'ann@shop.test');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong words');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Unauthorized. Please login again.')).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.type(screen.getByLabelText('Password'), 'secret words');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Account page')).toBeInTheDocument();
    expect(screen.queryByText('Unauthorized. Please login again.')).not.toBeInTheDocument();
  });

  it('reports a login response without tokens or user', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(200, { access: 'x' }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderScreen();
    await userEvent.type(screen.getByLabelText('Email'), 'ann@shop.test');
    await userEvent.type(screen.getByLabelText('Password'), 'secret words');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Login response missing access token or user data.')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  });

  it('returns to sign-in with the success message after signing up', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(201, { email: 'ann@shop.test', tier: 'basic' }));
    renderScreen();
    await userEvent.click(screen.getByRole('button', { name: 'Create your free account' }));
    await userEvent.type(screen.getByLabelText('Email'), 'ann@shop.test');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse 1');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'correct horse 1');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Signup successful. Please verify your email to log in.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
  });

  it('leaves reset mode after the reset e-mail is sent', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(200, { detail: 'Password reset e-mail has been sent.' }));
    renderScreen();
    await userEvent.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    await userEvent.type(screen.getByLabelText('Email'), 'ann@shop.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Password reset email has been sent. Please check your inbox.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ data: { email: 'ann@shop.test' } });
  });
});
