/** Every client route of spec §2, in one place. */
export const paths = {
  home: '/',
  store: '/store',
  assistants: '/assistants',
  chat: '/chat',
  conversations: '/conversations',
  dashboard: '/dashboard',
  templates: '/templates',
  social: '/social',
  account: '/account',
  shopPreferences: '/sh/preferences/',
  resetPassword: '/users/reset-password',
  verifyEmail: '/users/verify-email',
  sharedChat: '/shared/chat',
  shopInstall: '/sh/install',
  shopCallback: '/sh/callback',
  appWrapper: '/_app',
  /** Staff only (not in spec §2): writing the announcements users see as a banner. */
  staffAnnouncements: '/staff/announcements',
} as const;

/** Pages that render without signing in (spec §2 "Layout states"). */
export const publicPaths: readonly string[] = [
  paths.resetPassword,
  paths.verifyEmail,
  paths.sharedChat,
  paths.shopInstall,
  paths.shopCallback,
];

const normalise = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

export function isPublicPath(pathname: string): boolean {
  return publicPaths.includes(normalise(pathname));
}

/**
 * The commerce platform's install and callback pages (`/{platform}/install`, `/{platform}/callback`):
 * start-up data loading is skipped there (spec §2, §4).
 */
export function isPlatformAuthPath(pathname: string): boolean {
  return /^\/[^/]+\/(install|callback)$/.test(normalise(pathname));
}
