import type { ShopCallbackResponse, ValidateSessionResponse } from '@aisle/contracts/shopify';
import { apiRequest } from '@/lib/api-client';

/** Spec §7 "Embedded flows": the bridge's session token for our access token (GET, query shopify_token). */
export const validateSessionRequest = (sessionToken: string) =>
  apiRequest<ValidateSessionResponse>(`/api/sh/validate_session/?shopify_token=${encodeURIComponent(sessionToken)}`, { retries: 1 });

/** Spec §7: the platform callback, called with the whole query the grant page redirected with (state included). */
export const shopCallbackRequest = (search: string) => apiRequest<ShopCallbackResponse>(`/api/sh/callback/${search}`, { retries: 0 });
