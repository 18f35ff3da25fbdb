import { ChevronsUpDownIcon, LogOutIcon, MegaphoneIcon, SettingsIcon, SparklesIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuth } from '@/app/auth/auth-provider';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { SidebarMenu, SidebarMenuButton, SidebarMenuItem, useSidebar } from '@/components/ui/sidebar';
import { DEFAULT_TIER } from '@/config/constants';
import { paths } from '@/config/paths';

/** "ann.lee@shop.com" → "AL", "ann@shop.com" → "A": the local part's first two words. */
export const initialsOf = (email: string) =>
  email
    .split('@')[0]
    ?.split(/[._-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('') || '?';

/** The sidebar footer's user menu (spec §2). */
export function NavUser() {
  const { user, isEmbedded, logout } = useAuth();
  const { isMobile } = useSidebar();
  const navigate = useNavigate();
  const { t } = useTranslation();
  if (!user) return null;
  const tier = user.tier || DEFAULT_TIER;

  const identity = (
    <>
      <Avatar className="size-8 rounded-lg">
        {/*
         * Spec §2: the user's avatar, or a default image with the initials. The default is drawn
         * here (the initials on the brand's tint), so it always shows them; it also stands in
         * while an avatar loads or when it fails.
         */}
        {user.user_avatar_url ? <AvatarImage src={user.user_avatar_url} alt="" /> : null}
        <AvatarFallback className="rounded-lg bg-violet-100 font-semibold text-violet-700 text-xs dark:bg-violet-900/50 dark:text-violet-100">
          {initialsOf(user.email)}
        </AvatarFallback>
      </Avatar>
      <div className="grid flex-1 text-left text-sm leading-tight">
        <span className="truncate font-medium">{user.email}</span>
        <span className="truncate text-xs text-muted-foreground">{t('userMenu.tier', { tier })}</span>
      </div>
    </>
  );

  return (
    <SidebarMenu>
      <SidebarMenuItem>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <SidebarMenuButton size="lg" aria-label={t('userMenu.label')} className="data-[state=open]:bg-sidebar-accent">
              {identity}
              <ChevronsUpDownIcon className="ml-auto size-4" />
            </SidebarMenuButton>
          </DropdownMenuTrigger>
          <DropdownMenuContent
            className="w-(--radix-dropdown-menu-trigger-width) min-w-56 rounded-lg"
            side={isMobile ? 'bottom' : 'right'}
            align="end"
            sideOffset={4}
          >
            <DropdownMenuLabel className="p-0 font-normal">
              <div className="flex items-center gap-2 px-1 py-1.5">{identity}</div>
            </DropdownMenuLabel>
            <DropdownMenuSeparator />
            <DropdownMenuGroup>
              {tier === DEFAULT_TIER ? (
                <DropdownMenuItem onSelect={() => navigate(paths.account)}>
                  <SparklesIcon />
                  {t('userMenu.upgrade')}
                </DropdownMenuItem>
              ) : null}
              <DropdownMenuItem onSelect={() => navigate(paths.account)}>
                <SettingsIcon />
                {t('userMenu.accountSettings')}
              </DropdownMenuItem>
              {user?.admin ? (
                <DropdownMenuItem onSelect={() => navigate(paths.announcements)}>
                  <MegaphoneIcon />
                  {t('userMenu.announcements')}
                </DropdownMenuItem>
              ) : null}
            </DropdownMenuGroup>
            {!isEmbedded ? (
              <>
                <DropdownMenuSeparator />
                <DropdownMenuItem onSelect={logout}>
                  <LogOutIcon />
                  {t('userMenu.logOut')}
                </DropdownMenuItem>
              </>
            ) : null}
          </DropdownMenuContent>
        </DropdownMenu>
      </SidebarMenuItem>
    </SidebarMenu>
  );
}
