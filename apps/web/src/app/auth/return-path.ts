import { isPublicPath, paths } from '@/config/paths';
import { browserStorage } from '@/lib/browser-storage';

/**
 * Where a merchant was when their session ended by itself (the refresh token expired or was
 * revoked): signing in again takes them back there instead of to /account. An explicit sign-out
 * forgets it; it is kept for a day.
 */
const KEY = 'aisle.returnTo';
const KEPT_MS = 24 * 60 * 60 * 1000;

export function rememberReturnPath(location: { pathname: string; search: string; hash: string } = window.location) {
  if (isPublicPath(location.pathname) || location.pathname === paths.home || location.pathname === paths.account) return;
  browserStorage.setItem(KEY, JSON.stringify({ path: `${location.pathname}${location.search}${location.hash}`, at: Date.now() }));
}

export function forgetReturnPath() {
  browserStorage.removeItem(KEY);
}

/** The remembered path, once (it is forgotten as it is read); null when none, stale or not this app's. */
export function takeReturnPath(now = Date.now()): string | null {
  const raw = browserStorage.getItem(KEY);
  forgetReturnPath();
  if (!raw) return null;
  try {
    const { path, at } = JSON.parse(raw) as { path?: unknown; at?: unknown };
    if (typeof path !== 'string' || typeof at !== 'number' || now - at > KEPT_MS) return null;
    // Only a path of this app: never another origin ("//evil.example", "https://…").
    return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') ? path : null;
  } catch {
    return null;
  }
}
