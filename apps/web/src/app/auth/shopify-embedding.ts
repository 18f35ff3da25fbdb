import { embeddedLaunch } from '@/features/shopify/app-bridge';
import type { SessionStoreOptions } from './session-store';

/**
 * The Shopify admin's sign-in, as the session store uses it (spec §4 "Embedded mode"). The sign-in
 * itself (App Bridge, session validation, its messages) loads only inside the admin.
 */
export const shopifyEmbedding: NonNullable<SessionStoreOptions['embedded']> = {
  launched: (href) => embeddedLaunch(href) !== null,
  signIn: async () => {
    const { embeddedSignIn } = await import('@/features/shopify/embedded-session');
    const session = await embeddedSignIn();
    return session ? { accessToken: session.accessToken, refreshToken: null, user: session.user } : null;
  },
};
