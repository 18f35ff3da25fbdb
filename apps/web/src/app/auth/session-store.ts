import { showAlert } from '@/components/alerts/alert-store';
import { DEFAULT_TIER } from '@/config/constants';
import { ApiError } from '@/lib/api-client';
import { browserStorage } from '@/lib/browser-storage';
import { refreshRequest } from './auth-api';
import { authMessages } from './auth-messages';
import {
  type AuthUser,
  clearStoredSession,
  isEmbeddedUser,
  readStoredSession,
  type StoredSession,
  sessionFromQueryString,
  writeStoredSession,
} from './auth-storage';
import { rememberReturnPath } from './return-path';
import { isTokenExpired } from './token-expiry';

export interface SessionState {
  /** Spec §4: true until the stored or query-string session has been read. */
  loading: boolean;
  session: StoredSession | null;
}

type Listener = () => void;

export interface SessionStoreOptions {
  storage?: Storage;
  refresh?: typeof refreshRequest;
  now?: () => number;
  /**
   * The commerce platform's embedded sign-in (features/shopify): used when the admin opens the app
   * (`launched`), and in place of the refresh token for platform sessions, which have none. It
   * throws an Error whose message is the spec §8 text to show; null means there was no bridge.
   */
  embedded?: {
    launched(href: string): boolean;
    signIn(): Promise<StoredSession | null>;
  };
}

/**
 * The signed-in session outside React (spec §4 "Authentication", "Access token for the data
 * client"): the authentication provider renders it, and the data client asks it for a valid
 * access token before every use. Refreshes are shared: many callers, one request.
 */
export function createSessionStore(options: SessionStoreOptions = {}) {
  const storage = options.storage ?? browserStorage;
  const refresh = options.refresh ?? refreshRequest;
  const now = options.now ?? Date.now;
  let state: SessionState = { loading: true, session: null };
  let refreshing: Promise<string | null> | null = null;
  const listeners = new Set<Listener>();

  const set = (next: SessionState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  const signIn = (session: StoredSession) => {
    writeStoredSession(session, storage);
    set({ loading: false, session });
  };

  /**
   * The signed-in user changed on the server (a new tier, a new avatar): the stored session `user`
   * follows, so the user menu and a reload show the same.
   */
  const updateUser = (patch: Partial<AuthUser>) => {
    const current = state.session;
    if (!current) return;
    const user = { ...current.user, ...patch };
    if (JSON.stringify(user) === JSON.stringify(current.user)) return;
    signIn({ ...current, user });
  };

  const signOut = () => {
    clearStoredSession(storage);
    set({ loading: false, session: null });
  };

  /**
   * Signs in again through the platform bridge (embedded launch, refresh, the periodic
   * re-validation). Shared like refreshes; a failure signs out with the spec §8 text.
   */
  const embeddedSignIn = (): Promise<string | null> => {
    const embedded = options.embedded;
    if (!embedded) return Promise.resolve(null);
    refreshing ??= (async () => {
      try {
        const session = await embedded.signIn();
        if (!session) {
          set({ loading: false, session: state.session });
          return null;
        }
        signIn(session);
        return session.accessToken;
      } catch (error) {
        failRefresh(error instanceof Error ? error.message : authMessages.refreshFailed);
        return null;
      }
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  };

  /** Reads the session once at start-up: the query string first (then cleans the URL), else storage. */
  const initialise = (location: { href: string; replace: (url: string) => void }) => {
    if (!state.loading) return;
    // Opened by the platform's admin: its bridge signs the user in (loading until it has answered).
    if (options.embedded?.launched(location.href)) {
      void embeddedSignIn();
      return;
    }
    const fromQuery = sessionFromQueryString(location.href);
    if (fromQuery) {
      location.replace(fromQuery.cleanUrl);
      signIn(fromQuery.session);
      return;
    }
    set({ loading: false, session: readStoredSession(storage) });
  };

  const refreshAccessToken = (): Promise<string | null> => {
    // Platform sessions have no refresh token: the bridge gives a new one (spec §4 "Embedded mode").
    const signedIn = state.session;
    if (signedIn && !signedIn.refreshToken && options.embedded && isEmbeddedUser(signedIn.user)) return embeddedSignIn();
    refreshing ??= (async () => {
      const current = state.session;
      if (!current?.refreshToken) {
        if (current) failRefresh(authMessages.refreshFailed);
        return null;
      }
      try {
        const result = await refresh(current.refreshToken);
        if (!result.access) {
          failRefresh(authMessages.refreshNoAccess);
          return null;
        }
        // The session may have ended (logout) while the request ran.
        if (state.session?.refreshToken !== current.refreshToken) return state.session?.accessToken ?? null;
        const user: AuthUser = result.user?.email
          ? {
              email: result.user.email,
              // Platform and query-string sessions stay non-admin (spec §4); others follow the server.
              admin: current.user.admin && result.user.admin === true,
              tier: result.user.tier || DEFAULT_TIER,
              user_avatar_url: result.user.user_avatar_url ?? null,
            }
          : current.user;
        signIn({ accessToken: result.access, refreshToken: result.refresh ?? current.refreshToken, user });
        return result.access;
      } catch (error) {
        // Offline is not a reason to sign out (spec §8: a network error keeps the tokens).
        if (error instanceof ApiError && error.isNetworkError) {
          showAlert({ variant: 'destructive', message: authMessages.networkError });
          return null;
        }
        console.warn('token refresh failed', error);
        failRefresh(authMessages.refreshFailed);
        return null;
      }
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  };

  const failRefresh = (message: string) => {
    // The session ended by itself: signing in again returns here (return-path.ts).
    if (typeof window !== 'undefined') rememberReturnPath(window.location);
    signOut();
    showAlert({ variant: 'destructive', message });
  };

  /** A usable access token: refreshed first when missing, expired or about to expire (spec §4). */
  const getValidAccessToken = async (): Promise<string | null> => {
    const token = state.session?.accessToken;
    if (token && !isTokenExpired(token, now())) return token;
    if (!state.session) return null;
    return refreshAccessToken();
  };

  return {
    getState: () => state,
    subscribe: (listener: Listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    initialise,
    signIn,
    signOut,
    updateUser,
    refreshAccessToken,
    getValidAccessToken,
    embeddedSignIn,
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
