import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { alertStore } from '@/components/alerts/alert-store';
import { ApiError } from '@/lib/api-client';
import { tokenExpiringIn } from '@/testing/jwt';
import { STORAGE_KEYS } from './auth-storage';
import { createSessionStore } from './session-store';

const user = { email: 'ann@shop.test', admin: true, tier: 'pro', user_avatar_url: null };
const noLocation = { href: 'http://app.test/store', replace: () => {} };

function storeWith(session: { access: string; refresh?: string }, refresh = vi.fn()) {
  localStorage.setItem(STORAGE_KEYS.accessToken, session.access);
  if (session.refresh) localStorage.setItem(STORAGE_KEYS.refreshToken, session.refresh);
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  const store = createSessionStore({ refresh });
  store.initialise(noLocation);
  return store;
}

describe('session (spec §4)', () => {
  afterEach(() => act(() => alertStore.clear()));

  it('starts loading, then reads the stored session only when both token and user are stored', () => {
    const store = createSessionStore();
    expect(store.getState()).toEqual({ loading: true, session: null });
    localStorage.setItem(STORAGE_KEYS.accessToken, 'token');
    store.initialise(noLocation);
    expect(store.getState()).toEqual({ loading: false, session: null });

    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    const second = createSessionStore();
    second.initialise(noLocation);
    expect(second.getState().session?.user).toEqual(user);
  });

  it('signs in from the query string as a non-admin, stores it and cleans the URL', () => {
    const replace = vi.fn();
    const store = createSessionStore();
    store.initialise({
      href: 'http://app.test/store?access_token=AT&refresh_token=RT&email=owner%40x.myshopify.com&tier=pro&tab=files',
      replace,
    });
    expect(replace).toHaveBeenCalledWith('/store?tab=files');
    expect(store.getState().session).toEqual({
      accessToken: 'AT',
      refreshToken: 'RT',
      user: { email: 'owner@x.myshopify.com', admin: false, tier: 'pro', user_avatar_url: null },
    });
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('AT');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}').admin).toBe(false);
  });

  it('returns a valid token without refreshing', async () => {
    const refresh = vi.fn();
    const access = tokenExpiringIn(300);
    const store = storeWith({ access, refresh: 'R1' }, refresh);
    expect(await store.getValidAccessToken()).toBe(access);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('refreshes a token about to expire once for concurrent callers and stores the new pair', async () => {
    const fresh = tokenExpiringIn(300);
    const refresh = vi.fn().mockResolvedValue({ access: fresh, refresh: 'R2', user: { ...user, admin: true } });
    const store = storeWith({ access: tokenExpiringIn(5), refresh: 'R1' }, refresh);
    const tokens = await Promise.all([store.getValidAccessToken(), store.getValidAccessToken(), store.getValidAccessToken()]);
    expect(tokens).toEqual([fresh, fresh, fresh]);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(refresh).toHaveBeenCalledWith('R1');
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe(fresh);
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('R2');
  });

  it('logs out with "Token refresh failed. Please login again." when the refresh is refused', async () => {
    const refresh = vi.fn().mockRejectedValue(new ApiError(401, { detail: 'Token is invalid or expired' }));
    const store = storeWith({ access: 'not-a-jwt', refresh: 'R1' }, refresh);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await store.getValidAccessToken()).toBeNull();
    expect(store.getState().session).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(alertStore.getSnapshot().map((alert) => [alert.variant, alert.message])).toEqual([
      ['destructive', 'Token refresh failed. Please login again.'],
    ]);
  });

  it('logs out when there is no refresh token to use', async () => {
    const refresh = vi.fn();
    const store = storeWith({ access: tokenExpiringIn(-10) }, refresh);
    expect(await store.getValidAccessToken()).toBeNull();
    expect(refresh).not.toHaveBeenCalled();
    expect(store.getState().session).toBeNull();
  });

  it('keeps the session when the refresh fails for lack of network', async () => {
    const refresh = vi.fn().mockRejectedValue(new ApiError(0, null));
    const store = storeWith({ access: tokenExpiringIn(-10), refresh: 'R1' }, refresh);
    expect(await store.getValidAccessToken()).toBeNull();
    expect(store.getState().session?.refreshToken).toBe('R1');
    expect(alertStore.getSnapshot().map((alert) => alert.message)).toEqual(['A network error has occurred.']);
  });

  it('keeps query-string sessions non-admin across refreshes', async () => {
    const fresh = tokenExpiringIn(300);
    const refresh = vi.fn().mockResolvedValue({ access: fresh, refresh: 'R2', user: { ...user, admin: true } });
    const store = createSessionStore({ refresh });
    store.initialise({ href: `http://app.test/?access_token=${tokenExpiringIn(1)}&refresh_token=R1&email=a%40b.test`, replace: () => {} });
    await store.getValidAccessToken();
    expect(store.getState().session?.user.admin).toBe(false);
  });
});
