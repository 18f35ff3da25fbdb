import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionStore } from '@/app/auth/session-store';
import { shopifyEmbedding } from '@/app/auth/shopify-embedding';
import { alertStore } from '@/components/alerts/alert-store';
import { ApiError } from '@/lib/api-client';
import { shopRequest } from './api/shop-request';
import { BRIDGE_WAIT, embeddedLaunch, waitForAppBridge } from './app-bridge';
import { themeEditorLink } from './theme-editor-link';

const SHOP = 'ann-shop.myshopify.com';
const launch = `http://app.test/?embedded=1&host=YWRtaW4&shop=${SHOP}`;
const answer = (token: string) =>
  new Response(
    JSON.stringify({ internal_token: token, user: { email: `owner@${SHOP}`, is_staff: true, tier: 'basic', user_avatar_url: null } }),
    {
      status: 200,
      headers: { 'content-type': 'application/json' },
    },
  );

describe('embedded in the Shopify admin (spec §4, §7, §9)', () => {
  afterEach(() => {
    act(() => alertStore.clear());
    vi.unstubAllGlobals();
    vi.useRealTimers();
    delete window.shopify;
  });

  it('knows the admin’s launch by embedded=1 with host and a Shopify shop', () => {
    expect(embeddedLaunch(launch)).toEqual({ shop: SHOP, host: 'YWRtaW4' });
    expect(embeddedLaunch(`http://app.test/?host=x&shop=${SHOP}`)).toBeNull();
    expect(embeddedLaunch('http://app.test/?embedded=1&host=x&shop=evil.example.com')).toBeNull();
  });

  it('waits for the bridge up to 10 tries, 500 ms apart', async () => {
    vi.useFakeTimers();
    const waiting = waitForAppBridge();
    await vi.advanceTimersByTimeAsync(BRIDGE_WAIT.intervalMs * 3);
    window.shopify = { idToken: async () => 'id-token' };
    await vi.advanceTimersByTimeAsync(BRIDGE_WAIT.intervalMs);
    expect(await waiting).toBe(window.shopify);

    delete window.shopify;
    const never = waitForAppBridge();
    await vi.advanceTimersByTimeAsync(BRIDGE_WAIT.intervalMs * 10);
    expect(await never).toBeNull();
  });

  it('signs in with the bridge’s session token through validate_session, never as admin, and refreshes the same way', async () => {
    const fetchMock = vi.fn(async (url: string) => {
      expect(url).toMatch(/^\/api\/sh\/validate_session\/\?shopify_token=id-token-\d$/);
      return answer(`access-${fetchMock.mock.calls.length}`);
    });
    vi.stubGlobal('fetch', fetchMock);
    let n = 0;
    window.shopify = { idToken: async () => `id-token-${++n}` };
    const store = createSessionStore({ storage: sessionStorage, embedded: shopifyEmbedding });
    store.initialise({ href: launch, replace: () => {} });
    expect(store.getState().loading).toBe(true);
    await vi.waitFor(() => expect(store.getState().loading).toBe(false));
    expect(store.getState().session).toMatchObject({
      accessToken: 'access-1',
      refreshToken: null,
      user: { email: `owner@${SHOP}`, admin: false },
    });

    // A platform session has no refresh token: a refresh asks the bridge again.
    expect(await store.refreshAccessToken()).toBe('access-2');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('signs out with the spec’s text when the session cannot be validated', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"detail":"no"}', { status: 401 })),
    );
    window.shopify = { idToken: async () => 'id-token' };
    const store = createSessionStore({ storage: sessionStorage, embedded: shopifyEmbedding });
    store.initialise({ href: launch, replace: () => {} });
    await vi.waitFor(() => expect(store.getState().loading).toBe(false));
    expect(store.getState().session).toBeNull();
    expect(alertStore.getSnapshot().map((a) => a.message)).toContain('Failed to refresh Shopify access token. Please login again.');
  });

  it('retries a call once after a fresh authorisation when Shopify asked for reauthorisation', async () => {
    const reauthorize = new Headers({ 'X-Shopify-API-Request-Failure-Reauthorize': '1' });
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(new Response('{"detail":"x"}', { status: 401, headers: reauthorize }))
      .mockResolvedValueOnce(new Response('{"shop":"ok"}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const session = { getValidAccessToken: vi.fn(async () => 'old'), embeddedSignIn: vi.fn(async () => 'fresh') };
    expect(await shopRequest(session, '/api/sh/shop/')).toEqual({ shop: 'ok' });
    expect(session.embeddedSignIn).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[1]?.[1]?.headers.authorization).toBe('Bearer fresh');

    // Refused again: "Failed to authorize request." (spec §8), and no third try.
    fetchMock.mockReset();
    fetchMock.mockImplementation(async () => new Response('{}', { status: 401, headers: reauthorize }));
    const failure = await shopRequest(session, '/api/sh/shop/').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toBe('Failed to authorize request.');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('links to the theme editor with the app embed turned on', () => {
    expect(themeEditorLink(SHOP, 'client-id')).toBe(
      `https://${SHOP}/admin/themes/current/editor?context=apps&activateAppId=client-id/aisle-chat`,
    );
  });
});
