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

export interface NavItem {
  title: string;
  url: string;
  icon: LucideIcon;
}

/** The main navigation, in the order of spec §2's route table. */
export const navItems: NavItem[] = [
  { title: 'Store', url: paths.store, icon: DatabaseIcon },
  { title: 'Assistants', url: paths.assistants, icon: BotIcon },
  { title: 'Chat', url: paths.chat, icon: MessageSquareIcon },
  { title: 'Conversations', url: paths.conversations, icon: MessagesSquareIcon },
  { title: 'Dashboard', url: paths.dashboard, icon: LayoutDashboardIcon },
  { title: 'Templates', url: paths.templates, icon: LayoutTemplateIcon },
  { title: 'Social', url: paths.social, icon: Share2Icon },
];

/** Staff's own screens, shown in the sidebar only to staff (the routes refuse everyone else). */
export const staffNavItems: NavItem[] = [{ title: 'Announcements', url: paths.announcements, icon: MegaphoneIcon }];

/** Spec §2: the home item is active only on "/"; the others while the path starts with their url. */
export function isNavItemActive(url: string, pathname: string): boolean {
  return url === paths.home ? pathname === paths.home : pathname.startsWith(url);
}
