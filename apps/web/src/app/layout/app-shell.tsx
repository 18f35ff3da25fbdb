import { Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { HeaderSlotContext } from '@/components/layouts/header-slot';
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

/**
 * The signed-in layout: sidebar, header with the bell and theme toggle (and, on small screens, the
 * page's own controls), the announcement, the page.
 */
export default function AppShell() {
  // Where a screen's own bar goes on small screens (InAppHeader): one header, not two.
  const [headerSlot, setHeaderSlot] = useState<HTMLDivElement | null>(null);
  return (
    <SidebarProvider defaultOpen={sidebarOpenFromCookie(document.cookie)}>
      <AppSidebar />
      <SidebarInset>
        <header className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur">
          <SidebarTrigger />
          <div ref={setHeaderSlot} className="flex min-w-0 flex-1 items-center gap-1" />
          <div className="flex items-center gap-1">
            <ThemeToggle />
            <NotificationsDialog />
          </div>
        </header>
        <AnnouncementBanner />
        <HeaderSlotContext.Provider value={headerSlot}>
          <Suspense fallback={<div className="flex-1" />}>
            <Outlet />
          </Suspense>
        </HeaderSlotContext.Provider>
      </SidebarInset>
    </SidebarProvider>
  );
}
