import { embeddedLaunch } from '@/features/shopify/app-bridge';
import { embeddedSignIn } from '@/features/shopify/embedded-session';
import type { SessionStoreOptions } from './session-store';

/** The Shopify admin's sign-in, as the session store uses it (spec §4 "Embedded mode"). */
export const shopifyEmbedding: NonNullable<SessionStoreOptions['embedded']> = {
  launched: (href) => embeddedLaunch(href) !== null,
  signIn: async () => {
    const session = await embeddedSignIn();
    return session ? { accessToken: session.accessToken, refreshToken: null, user: session.user } : null;
  },
};
