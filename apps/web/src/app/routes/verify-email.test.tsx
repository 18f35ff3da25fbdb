import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/app/auth/auth-provider';
import { STORAGE_KEYS } from '@/app/auth/auth-storage';
import { AlertArea } from '@/components/alerts/alert-area';
import { tokenExpiringIn } from '@/testing/jwt';
import VerifyEmailRoute from './verify-email';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/users/verify-email?key=k1']}>
      <AuthProvider>
        <Routes>
          <Route path="/users/verify-email" element={<VerifyEmailRoute />} />
        </Routes>
      </AuthProvider>
      <AlertArea />
    </MemoryRouter>,
  );

describe('/users/verify-email', () => {
  it('offers a new link when this one has expired, for the address typed', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (url) =>
        String(url).startsWith('/api/accounts/confirm-email/')
          ? json(400, { detail: 'Invalid or expired token.' })
          : json(200, { detail: 'If this address is waiting for verification, a new link is on its way.' }),
      );
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Get a new link' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), 'ann@shop.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByText(/a new link is on its way/)).toBeInTheDocument();
    const resend = fetchMock.mock.calls.find(([url]) => String(url) === '/api/users/resend-verification/');
    expect(JSON.parse(String(resend?.[1]?.body))).toEqual({ email: 'ann@shop.test' });
  });

  it('confirms a new address: says so and signs this browser out, to sign in with the new one', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, tokenExpiringIn(300));
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'R');
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ email: 'ann@shop.test', admin: false, tier: 'basic', user_avatar_url: null }));
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json(200, { detail: 'Your e-mail address has been changed. Sign in with the new address.', email_changed: true }),
    );
    renderPage();
    expect(await screen.findByRole('heading', { name: 'E-mail address changed' })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  });
});
