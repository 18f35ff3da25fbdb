import { AppError } from '../../lib/app-error';
import { shopifyMessages } from './shopify-messages';

/**
 * Shopify no longer accepts the shop's token (revoked, expired beyond refresh, scopes withdrawn).
 * The Shopify routes answer it with the headers Shopify's embedded auth strategy reads
 * (`X-Shopify-API-Request-Failure-Reauthorize`), so the embedded app reconnects the store; the
 * connection is marked, so the next embedded session exchanges a fresh token.
 */
export class ShopReauthorizeError extends AppError {
  constructor(
    readonly shop: string,
    options: { cause?: unknown } = {},
  ) {
    super('UNAUTHORIZED', shopifyMessages.reauthorize, { bodyCode: 'shopify_reauthorize', cause: options.cause });
  }
}

export const REAUTHORIZE_HEADER = 'X-Shopify-API-Request-Failure-Reauthorize';
export const REAUTHORIZE_URL_HEADER = 'X-Shopify-API-Request-Failure-Reauthorize-Url';

/**
 * Where the embedded client sends the merchant to reconnect: the web app's public install page
 * (spec §2 `/sh/install`), which opens the app again from the Shopify admin; opening it runs the
 * embedded session validation, whose token exchange replaces the refused token.
 */
export function reauthorizeUrl(publicUrl: string, shop: string): string {
  return `${publicUrl}/sh/install?shop=${encodeURIComponent(shop)}`;
}
