import { Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { AuthProvider } from '@/app/auth/auth-provider';
import { AlertArea } from '@/components/alerts/alert-area';
import { ThemeProvider } from '@/components/theme/theme-provider';
import { AppRoutes } from './router';

/**
 * Providers in dependency order: theme, router, session. The data layer (query cache, data
 * client, start-up data) comes with the first screen past sign-in (layout/root-layout.tsx).
 */
export function App() {
  return (
    // Screens suspend while their words load in the reader's language (src/i18n).
    <Suspense fallback={null}>
      <ThemeProvider>
        <BrowserRouter>
          <AuthProvider>
            <AppRoutes />
          </AuthProvider>
        </BrowserRouter>
        <AlertArea />
      </ThemeProvider>
    </Suspense>
  );
}
