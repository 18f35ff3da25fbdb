import { DEFAULT_TIER } from '@/config/constants';
import { ApiError } from '@/lib/api-client';
import { validateSessionRequest } from './api/validate-session';
import { type AppBridge, waitForAppBridge } from './app-bridge';
import { shopifyMessages } from './shopify-messages';

export interface EmbeddedSession {
  accessToken: string;
  user: { email: string; admin: false; tier: string; user_avatar_url: string | null };
}

/** A sign-in through the bridge that failed, with the spec §8 text to show. */
export class EmbeddedSessionError extends Error {}

/**
 * The embedded sign-in (spec §4, §7 "Embedded flows"): waits for App Bridge, asks it for a session
 * token, and exchanges that at validate_session for our access token. Platform sessions are never
 * admin. Throws EmbeddedSessionError with the spec's text, or answers null without a bridge.
 */
export async function embeddedSignIn(options: { bridge?: AppBridge | null; failure?: string } = {}): Promise<EmbeddedSession | null> {
  const bridge = options.bridge ?? (await waitForAppBridge());
  if (!bridge) return null;
  try {
    const answer = await validateSessionRequest(await bridge.idToken());
    if (!answer.internal_token) throw new EmbeddedSessionError(shopifyMessages.refreshWithoutToken);
    return {
      accessToken: answer.internal_token,
      user: {
        email: answer.user.email,
        admin: false,
        tier: answer.user.tier || DEFAULT_TIER,
        user_avatar_url: answer.user.user_avatar_url ?? null,
      },
    };
  } catch (error) {
    if (error instanceof EmbeddedSessionError) throw error;
    if (error instanceof ApiError && error.isNetworkError) throw new EmbeddedSessionError(shopifyMessages.networkError, { cause: error });
    throw new EmbeddedSessionError(options.failure ?? shopifyMessages.refreshFailed, { cause: error });
  }
}
