import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/app/auth/auth-provider';
import { STORAGE_KEYS } from '@/app/auth/auth-storage';
import { createSessionStore } from '@/app/auth/session-store';
import { tokenExpiringIn } from '@/testing/jwt';
import { RootLayout } from './root-layout';

const frame = vi.hoisted(() => ({ inFrame: false }));
vi.mock('./is-in-frame', () => ({ isInFrame: () => frame.inFrame }));
// The shell itself is covered by the browser tests; here it only has to show up.
vi.mock('./app-shell', () => ({ default: () => <p>the shell</p> }));

function renderAt(path: string, sessionStore = createSessionStore()) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AuthProvider sessionStore={sessionStore}>
        <Routes>
          <Route element={<RootLayout />}>
            <Route path="/users/verify-email" element={<p>verify page</p>} />
            <Route path="*" element={<p>app page</p>} />
          </Route>
        </Routes>
      </AuthProvider>
    </MemoryRouter>,
  );
}

describe('layout states (spec §2)', () => {
  beforeEach(() => {
    frame.inFrame = false;
  });

  it('is blank while authentication loads', () => {
    const store = createSessionStore();
    store.initialise = () => {}; // never finishes loading
    const { container } = renderAt('/store', store);
    expect(container).toBeEmptyDOMElement();
  });

  it('renders a public page alone, signed out', () => {
    renderAt('/users/verify-email?key=k');
    expect(screen.getByText('verify page')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Welcome Back' })).not.toBeInTheDocument();
  });

  it('shows the authentication screen when signed out', () => {
    renderAt('/store');
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
  });

  it('tells a signed-out user inside a frame to open the app from Apps', () => {
    frame.inFrame = true;
    renderAt('/store');
    expect(screen.getByRole('heading', { name: 'Open the App from Apps' })).toBeInTheDocument();
    expect(screen.getByText(/click the app name under Apps/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Welcome Back' })).not.toBeInTheDocument();
  });

  it('shows the shell when signed in', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, tokenExpiringIn(300));
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ email: 'ann@shop.test', admin: false, tier: 'basic', user_avatar_url: null }));
    renderAt('/store');
    expect(await screen.findByText('the shell')).toBeInTheDocument();
  });
});
