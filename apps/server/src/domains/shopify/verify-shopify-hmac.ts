import type { Shopify } from '@shopify/shopify-api';
import { AppError } from '../../lib/app-error';
import { shopifyLibrary } from './shopify-library';
import { shopifyMessages } from './shopify-messages';

/**
 * Checks a request Shopify signed in its query (install, OAuth callback): the library recomputes
 * the HMAC over every parameter with the app secret and refuses a timestamp more than 90 seconds
 * off. A forged or altered query and a replayed old one are both 400s that change nothing.
 */
export async function verifyShopifyHmac(api: Shopify, query: Record<string, string>): Promise<void> {
  let valid: boolean;
  try {
    valid = await api.utils.validateHmac(query);
  } catch (error) {
    if (error instanceof shopifyLibrary().InvalidHmacError) {
      const missing = !query.hmac;
      throw new AppError('BAD_REQUEST', missing ? shopifyMessages.invalidHmac : shopifyMessages.staleRequest, { cause: error });
    }
    throw error;
  }
  if (!valid) throw new AppError('BAD_REQUEST', shopifyMessages.invalidHmac);
}
