import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { SidebarInset, SidebarProvider, SidebarTrigger } from '@/components/ui/sidebar';
import { SIDEBAR_COOKIE_NAME } from '@/config/constants';
import { AnnouncementBanner } from '@/features/announcements/announcement-banner';
import { NotificationsDialog } from '@/features/notifications/notifications-dialog';
import { AppSidebar } from './app-sidebar';
import { ThemeToggle } from './theme-toggle';

/** Spec §2: collapsed by default; the cookie remembers the user's choice. */
export function sidebarOpenFromCookie(cookie: string): boolean {
  const value = cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${SIDEBAR_COOKIE_NAME}=`))
    ?.slice(SIDEBAR_COOKIE_NAME.length + 1);
  return value === 'true';
}

/** The signed-in layout: sidebar, header with the bell and theme toggle, the announcement, the page. */
export default function AppShell() {
  return (
    <SidebarProvider defaultOpen={sidebarOpenFromCookie(document.cookie)}>
      <AppSidebar />
      <SidebarInset>
        <header className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur">
          <SidebarTrigger />
          <div className="ml-auto flex items-center gap-1">
            <ThemeToggle />
            <NotificationsDialog />
          </div>
        </header>
        <AnnouncementBanner />
        <Suspense fallback={<div className="flex-1" />}>
          <Outlet />
        </Suspense>
      </SidebarInset>
    </SidebarProvider>
  );
}
