import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import AnnouncementsRoute from './announcements';

const auth = vi.hoisted(() => ({ admin: false }));
vi.mock('@/app/auth/auth-provider', () => ({ useAuth: () => ({ user: { email: 'ann@shop.test', admin: auth.admin } }) }));
// The screen has its own tests; here only who reaches it matters.
vi.mock('@/features/announcements/components/announcements-screen', () => ({ AnnouncementsScreen: () => <h1>Announcements</h1> }));

const renderRoute = () =>
  render(
    <MemoryRouter>
      <AnnouncementsRoute />
    </MemoryRouter>,
  );

describe('/announcements', () => {
  it('is a not-found page for a user who is not staff', () => {
    auth.admin = false;
    renderRoute();
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Announcements' })).not.toBeInTheDocument();
  });

  it('is the announcements screen for staff', () => {
    auth.admin = true;
    renderRoute();
    expect(screen.getByRole('heading', { name: 'Announcements' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Page not found' })).not.toBeInTheDocument();
  });
});
