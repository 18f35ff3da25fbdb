import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { useAuth } from '@/app/auth/auth-provider';
import { isTokenExpired } from '@/app/auth/token-expiry';
import { createDataClient, type DataClient } from '@/lib/graphql-client';
import { readAgainAfterConnecting } from './read-again';

export interface AppSyncValue {
  client: DataClient | null;
  loading: boolean;
}

const AppSyncContext = createContext<AppSyncValue | null>(null);

/**
 * Keeps a data client for the signed-in user (spec §4 "Access token for the data client"): none
 * while the session loads; a refresh first when the token is missing, expired or about to expire;
 * a new client whenever the token changes, the old one closed.
 */
export function AppSyncProvider({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const { sessionStore } = auth;
  const token = auth.accessToken;
  const queryClient = useQueryClient();
  const [value, setValue] = useState<AppSyncValue>({ client: null, loading: true });

  useEffect(() => {
    if (auth.loading) {
      setValue({ client: null, loading: true });
      return;
    }
    if (!auth.isAuthenticated || !token) {
      setValue({ client: null, loading: false });
      return;
    }
    if (isTokenExpired(token)) {
      // The refresh changes the token (this effect runs again) or ends the session.
      // Spec §4: no token after the refresh (offline, say) means no client and loading ends.
      let current = true;
      setValue({ client: null, loading: true });
      void sessionStore.refreshAccessToken().then((fresh) => {
        if (current && !fresh) setValue({ client: null, loading: false });
      });
      return () => {
        current = false;
      };
    }
    const client = createDataClient({
      token,
      getToken: sessionStore.getValidAccessToken,
      onConnected: (again) => readAgainAfterConnecting(queryClient, again),
    });
    setValue({ client, loading: false });
    return () => client.dispose();
  }, [auth.loading, auth.isAuthenticated, token, sessionStore, queryClient]);

  return <AppSyncContext.Provider value={value}>{children}</AppSyncContext.Provider>;
}

export function useAppSync(): AppSyncValue {
  const value = useContext(AppSyncContext);
  // Spec §8 names this developer error.
  if (!value) throw new Error('useAppSync must be used within an AppSyncProvider');
  return value;
}
