import { SparklesIcon, StoreIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAuth } from '@/app/auth/auth-provider';
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupContent,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuBadge,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarRail,
  useSidebar,
} from '@/components/ui/sidebar';
import { paths } from '@/config/paths';
import { NEEDS_PERSON_COUNT_MAX } from '@/features/inbox/api/needs-person-api';
import { useNeedsPersonCount } from '@/features/inbox/hooks/use-needs-person-count';
import { useShowIntegrations } from '@/features/shopify/integration-state';
import { isNavItemActive, type NavItem, navItems, staffNavItems } from './nav-items';
import { NavUser } from './nav-user';

/** A count beside a navigation item: what waits there (conversations that need a person). */
interface NavBadge {
  count: number;
  /** Read after the item's name by screen readers: "2 need a person" (`number` is the count shown). */
  label: 'nav.needsPerson';
}

const countText = (count: number) => (count > NEEDS_PERSON_COUNT_MAX ? `${NEEDS_PERSON_COUNT_MAX}+` : String(count));

function NavLinks({ items, pathname, badges = {} }: { items: NavItem[]; pathname: string; badges?: Record<string, NavBadge> }) {
  const { isMobile, setOpenMobile } = useSidebar();
  const { t } = useTranslation();
  return (
    <SidebarMenu>
      {items.map((item) => {
        const badge = badges[item.url];
        return (
          <SidebarMenuItem key={item.url}>
            <SidebarMenuButton asChild tooltip={t(item.title)} isActive={isNavItemActive(item.url, pathname)}>
              {/* Spec §2: on mobile, choosing an item closes the sidebar. */}
              <Link to={item.url} onClick={() => isMobile && setOpenMobile(false)}>
                <item.icon />
                <span>{t(item.title)}</span>
                {badge?.count ? (
                  <>
                    <span className="sr-only">, {t(badge.label, { number: countText(badge.count) })}</span>
                    {/* The collapsed (icon) sidebar shows a dot; the open one, the count. */}
                    <span
                      aria-hidden="true"
                      data-slot="nav-badge-dot"
                      className="absolute top-1 right-1 hidden size-2 rounded-full bg-rose-500 group-data-[collapsible=icon]:block"
                    />
                  </>
                ) : null}
              </Link>
            </SidebarMenuButton>
            {badge?.count ? (
              <SidebarMenuBadge aria-hidden="true" className="bg-rose-500/15 text-rose-700 dark:text-rose-300">
                {countText(badge.count)}
              </SidebarMenuBadge>
            ) : null}
          </SidebarMenuItem>
        );
      })}
    </SidebarMenu>
  );
}

const integrationItems: NavItem[] = [{ title: 'nav.preferences', url: paths.shopPreferences, icon: StoreIcon }];

export function AppSidebar() {
  const { pathname } = useLocation();
  const showIntegrations = useShowIntegrations();
  const isStaff = useAuth().user?.admin === true;
  const waiting = useNeedsPersonCount();
  const { t } = useTranslation();
  const badges: Record<string, NavBadge> = { [paths.conversations]: { count: waiting, label: 'nav.needsPerson' } };
  return (
    <Sidebar collapsible="icon">
      <SidebarHeader>
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton size="lg" asChild tooltip="Aisle">
              <Link to={paths.dashboard}>
                <span className="flex aspect-square size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
                  <SparklesIcon className="size-4" />
                </span>
                <span className="grid flex-1 text-left leading-tight">
                  <span className="truncate font-semibold">Aisle</span>
                  <span className="truncate text-xs text-muted-foreground">{t('nav.tagline')}</span>
                </span>
              </Link>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarHeader>
      <SidebarContent>
        <SidebarGroup>
          <SidebarGroupLabel>{t('nav.platform')}</SidebarGroupLabel>
          <SidebarGroupContent>
            <NavLinks items={navItems} pathname={pathname} badges={badges} />
          </SidebarGroupContent>
        </SidebarGroup>
        {showIntegrations ? (
          <SidebarGroup>
            <SidebarGroupLabel>{t('nav.integrations')}</SidebarGroupLabel>
            <SidebarGroupContent>
              <NavLinks items={integrationItems} pathname={pathname} />
            </SidebarGroupContent>
          </SidebarGroup>
        ) : null}
        {isStaff ? (
          <SidebarGroup>
            <SidebarGroupLabel>{t('nav.staff')}</SidebarGroupLabel>
            <SidebarGroupContent>
              <NavLinks items={staffNavItems} pathname={pathname} />
            </SidebarGroupContent>
          </SidebarGroup>
        ) : null}
      </SidebarContent>
      <SidebarFooter>
        <NavUser />
      </SidebarFooter>
      <SidebarRail />
    </Sidebar>
  );
}
