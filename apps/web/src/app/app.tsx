import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { AuthProvider } from '@/app/auth/auth-provider';
import { AppSyncProvider } from '@/app/data-client/app-sync-provider';
import { StartupDataProvider } from '@/app/startup-data/startup-data-provider';
import { AlertArea } from '@/components/alerts/alert-area';
import { ThemeProvider } from '@/components/theme/theme-provider';
import { Toaster } from '@/components/ui/sonner';
import { AppRoutes } from './router';

/** Providers in dependency order: theme, query cache, router, session, data client, start-up data. */
export function App() {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } }));
  return (
    // Screens suspend while their words load in the reader's language (src/i18n).
    <Suspense fallback={null}>
      <ThemeProvider>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <AuthProvider>
              <AppSyncProvider>
                <StartupDataProvider>
                  <AppRoutes />
                </StartupDataProvider>
              </AppSyncProvider>
            </AuthProvider>
          </BrowserRouter>
          <AlertArea />
          <Toaster />
        </QueryClientProvider>
      </ThemeProvider>
    </Suspense>
  );
}
