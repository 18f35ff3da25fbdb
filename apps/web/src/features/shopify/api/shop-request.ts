import { ApiError, type ApiRequestOptions, apiRequest } from '@/lib/api-client';
import { shopifyMessages } from '../shopify-messages';

/** Shopify's embedded-auth headers on a call whose store token Shopify refused (server: reauthorize-error.ts). */
export const REAUTHORIZE_HEADER = 'X-Shopify-API-Request-Failure-Reauthorize';
export const REAUTHORIZE_URL_HEADER = 'X-Shopify-API-Request-Failure-Reauthorize-Url';

export interface ShopRequestSession {
  getValidAccessToken(): Promise<string | null>;
  /** A fresh authorisation: the bridge's session token through validate_session (the server exchanges a new store token). */
  embeddedSignIn(): Promise<string | null>;
}

export const needsReauthorization = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.headers.get(REAUTHORIZE_HEADER) === '1';

/**
 * A call of the Shopify integration (spec §7 "Embedded flows"): when the answer carries the
 * reauthorize header, the client gets a fresh authorisation and retries the request once. Inside
 * the admin that is the bridge's sign-in; outside it, the browser goes to the install page the
 * header names. A failed reauthorisation reads "Failed to authorize request." (spec §8).
 */
export async function shopRequest<T>(
  session: ShopRequestSession,
  path: string,
  options: Omit<ApiRequestOptions, 'token'> = {},
): Promise<T> {
  const token = await session.getValidAccessToken();
  try {
    return await apiRequest<T>(path, { ...options, token });
  } catch (error) {
    if (!needsReauthorization(error)) throw error;
    const fresh = await session.embeddedSignIn().catch(() => null);
    if (!fresh) {
      const url = error.headers.get(REAUTHORIZE_URL_HEADER);
      if (url && window.top === window.self) window.location.assign(url);
      throw new ApiError(error.status, { detail: shopifyMessages.authorizeFailed }, shopifyMessages.authorizeFailed, error.headers);
    }
    try {
      return await apiRequest<T>(path, { ...options, token: fresh });
    } catch (retried) {
      if (needsReauthorization(retried)) {
        throw new ApiError(retried.status, { detail: shopifyMessages.authorizeFailed }, shopifyMessages.authorizeFailed, retried.headers);
      }
      throw retried;
    }
  }
}
