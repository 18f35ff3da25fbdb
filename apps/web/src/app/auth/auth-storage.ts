import { DEFAULT_TIER } from '@/config/constants';
import { browserStorage } from '@/lib/browser-storage';

/** The signed-in user as the client keeps it (spec §3 "User (client side)"). */
export interface AuthUser {
  email: string;
  admin: boolean;
  tier: string;
  user_avatar_url: string | null;
}

export interface StoredSession {
  accessToken: string;
  refreshToken: string | null;
  user: AuthUser;
}

/** Browser storage keys of spec §3. */
export const STORAGE_KEYS = { accessToken: 'access_token', refreshToken: 'refresh_token', user: 'user' } as const;

function parseUser(raw: string | null): AuthUser | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<AuthUser> | null;
    if (!value || typeof value.email !== 'string') return null;
    return {
      email: value.email,
      admin: value.admin === true,
      tier: typeof value.tier === 'string' && value.tier ? value.tier : DEFAULT_TIER,
      user_avatar_url: typeof value.user_avatar_url === 'string' ? value.user_avatar_url : null,
    };
  } catch {
    return null;
  }
}

/** Spec §4: a stored session counts only when both the access token and the user are stored. */
export function readStoredSession(storage: Storage = browserStorage): StoredSession | null {
  const accessToken = storage.getItem(STORAGE_KEYS.accessToken);
  const user = parseUser(storage.getItem(STORAGE_KEYS.user));
  if (!accessToken || !user) return null;
  return { accessToken, refreshToken: storage.getItem(STORAGE_KEYS.refreshToken), user };
}

export function writeStoredSession(session: StoredSession, storage: Storage = browserStorage): void {
  storage.setItem(STORAGE_KEYS.accessToken, session.accessToken);
  if (session.refreshToken) storage.setItem(STORAGE_KEYS.refreshToken, session.refreshToken);
  else storage.removeItem(STORAGE_KEYS.refreshToken);
  storage.setItem(STORAGE_KEYS.user, JSON.stringify(session.user));
}

export function clearStoredSession(storage: Storage = browserStorage): void {
  for (const key of Object.values(STORAGE_KEYS)) storage.removeItem(key);
}

/**
 * Spec §4: sign-in through the query string (`access_token`, `refresh_token`, `email`, `tier`).
 * Such users are never admin. Returns the session and the URL without those parameters.
 */
export function sessionFromQueryString(href: string): { session: StoredSession; cleanUrl: string } | null {
  const url = new URL(href);
  const accessToken = url.searchParams.get('access_token');
  const email = url.searchParams.get('email');
  if (!accessToken || !email) return null;
  const session: StoredSession = {
    accessToken,
    refreshToken: url.searchParams.get('refresh_token'),
    user: { email, admin: false, tier: url.searchParams.get('tier') || DEFAULT_TIER, user_avatar_url: null },
  };
  for (const key of ['access_token', 'refresh_token', 'email', 'tier']) url.searchParams.delete(key);
  return { session, cleanUrl: `${url.pathname}${url.search}${url.hash}` };
}

/** Spec §4: an e-mail holding the platform's store-domain marker switches the app to embedded mode. */
export const STORE_DOMAIN_MARKER = '.myshopify.com';

export function isEmbeddedUser(user: AuthUser | null): boolean {
  return !!user && user.email.toLowerCase().includes(STORE_DOMAIN_MARKER);
}
