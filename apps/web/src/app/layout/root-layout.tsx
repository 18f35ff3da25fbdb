import { AppWindowIcon } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useAuth } from '@/app/auth/auth-provider';
import { AuthScreen } from '@/app/auth/auth-screen';
import { PublicCard } from '@/components/layouts/public-card';
import { isPublicPath } from '@/config/paths';
import { isInFrame } from './is-in-frame';

const DataLayer = lazy(() => import('../data-layer'));
const AppShell = lazy(() => import('./app-shell'));
const EmbeddedSetupWizard = lazy(() => import('./embedded-setup-wizard'));

function OpenFromApps() {
  const { t } = useTranslation();
  return (
    <PublicCard title={t('openFromApps.title')} description={t('openFromApps.body')}>
      <AppWindowIcon className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
    </PublicCard>
  );
}

/** The layout states of spec §2. */
export function RootLayout() {
  const auth = useAuth();
  const { pathname } = useLocation();
  if (auth.loading) return null;
  if (isPublicPath(pathname)) {
    return (
      <Suspense fallback={null}>
        {/* Public pages (the shopper's chat among them) use no toasts. */}
        <DataLayer toasts={false}>
          <Outlet />
        </DataLayer>
      </Suspense>
    );
  }
  if (!auth.isAuthenticated) return isInFrame() ? <OpenFromApps /> : <AuthScreen />;
  return (
    <Suspense fallback={null}>
      <DataLayer>{auth.isEmbedded ? <EmbeddedSetupWizard fallback={<AppShell />} /> : <AppShell />}</DataLayer>
    </Suspense>
  );
}
