import {
  BotIcon,
  DatabaseIcon,
  LayoutDashboardIcon,
  LayoutTemplateIcon,
  type LucideIcon,
  MegaphoneIcon,
  MessageSquareIcon,
  MessagesSquareIcon,
  Share2Icon,
} from 'lucide-react';
import { paths } from '@/config/paths';

/** A navigation item's name: its key in `common:nav`. */
export type NavTitle =
  | 'nav.store'
  | 'nav.assistants'
  | 'nav.chat'
  | 'nav.conversations'
  | 'nav.dashboard'
  | 'nav.templates'
  | 'nav.social'
  | 'nav.preferences'
  | 'nav.announcements';

export interface NavItem {
  title: NavTitle;
  url: string;
  icon: LucideIcon;
}

/** The main navigation, in the order of spec §2's route table. */
export const navItems: NavItem[] = [
  { title: 'nav.store', url: paths.store, icon: DatabaseIcon },
  { title: 'nav.assistants', url: paths.assistants, icon: BotIcon },
  { title: 'nav.chat', url: paths.chat, icon: MessageSquareIcon },
  { title: 'nav.conversations', url: paths.conversations, icon: MessagesSquareIcon },
  { title: 'nav.dashboard', url: paths.dashboard, icon: LayoutDashboardIcon },
  { title: 'nav.templates', url: paths.templates, icon: LayoutTemplateIcon },
  { title: 'nav.social', url: paths.social, icon: Share2Icon },
];

/** Staff's own screens, shown in the sidebar only to staff (the routes refuse everyone else). */
export const staffNavItems: NavItem[] = [{ title: 'nav.announcements', url: paths.announcements, icon: MegaphoneIcon }];

/** Spec §2: the home item is active only on "/"; the others while the path starts with their url. */
export function isNavItemActive(url: string, pathname: string): boolean {
  return url === paths.home ? pathname === paths.home : pathname.startsWith(url);
}
