import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
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
// The data layer (query cache, data client, start-up data) has its own tests.
vi.mock('../data-layer', () => ({ default: ({ children }: { children: ReactNode }) => children }));
const wizards = vi.hoisted(() => ({
  state: { status: { state: 'loading' }, items: [] as { id: string; completed: boolean; status: string | null }[] },
}));
vi.mock('@/app/startup-data/startup-data-provider', () => ({ useCollection: () => wizards.state }));
vi.mock('@/features/setup-wizard/components/setup-wizard', () => ({ SetupWizard: () => <p>the setup wizard</p> }));

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

  it('renders a public page alone, signed out', async () => {
    renderAt('/users/verify-email?key=k');
    expect(await screen.findByText('verify page')).toBeInTheDocument();
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

  it('shows the setup wizard instead of the app to an embedded user whose wizard is not completed, once the wizards are loaded', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, tokenExpiringIn(300));
    localStorage.setItem(
      STORAGE_KEYS.user,
      JSON.stringify({ email: 'owner@ann.myshopify.com', admin: false, tier: 'basic', user_avatar_url: null }),
    );
    wizards.state = { status: { state: 'initialised' }, items: [] };
    const first = renderAt('/store');
    expect(await screen.findByText('the setup wizard')).toBeInTheDocument();
    expect(screen.queryByText('the shell')).not.toBeInTheDocument();
    first.unmount();

    // Completed: the app.
    wizards.state = { status: { state: 'initialised' }, items: [{ id: 'w', completed: true, status: 'Completed' }] };
    const second = renderAt('/store');
    expect(await screen.findByText('the shell')).toBeInTheDocument();
    second.unmount();

    // Not an embedded user: never the wizard.
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ email: 'ann@shop.test', admin: false, tier: 'basic', user_avatar_url: null }));
    wizards.state = { status: { state: 'initialised' }, items: [] };
    renderAt('/store');
    expect(await screen.findByText('the shell')).toBeInTheDocument();
    expect(screen.queryByText('the setup wizard')).not.toBeInTheDocument();
  });
});
