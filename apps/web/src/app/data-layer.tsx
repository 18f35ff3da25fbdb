import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { twMerge } from 'tailwind-merge';
import { useAuth } from '@/app/auth/auth-provider';
import { AppSyncProvider } from '@/app/data-client/app-sync-provider';
import { StartupDataProvider } from '@/app/startup-data/startup-data-provider';
import { Toaster } from '@/components/ui/sonner';
import { installClassMerge } from '@/lib/cn';

// Before any screen of this layer renders (lib/cn.ts).
installClassMerge(twMerge);

// One cache for the page's life, whichever screens mount and unmount this layer.
const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } });

/**
 * What every screen past sign-in reads data through: the query cache, the live data client and
 * the start-up collections, and the toasts. Loaded with the first such screen (root-layout.tsx),
 * so the sign-in screen, the first most people see, downloads none of it.
 */
export default function DataLayer({ children, toasts = true }: { children: ReactNode; toasts?: boolean }) {
  const owner = useAuth().user?.email ?? null;
  // Another person's data never stays in the cache: it goes when the account changes or signs out.
  useEffect(
    () => () => {
      // Cleared for `owner`: when it changes, or when this layer goes (signed out).
      if (owner !== undefined) queryClient.clear();
    },
    [owner],
  );
  return (
    <QueryClientProvider client={queryClient}>
      <AppSyncProvider>
        <StartupDataProvider>{children}</StartupDataProvider>
      </AppSyncProvider>
      {toasts ? <Toaster /> : null}
    </QueryClientProvider>
  );
}
