import type { Shopify } from '@shopify/shopify-api';
import { AppError } from '../../lib/app-error';
import { shopifyMessages } from './shopify-messages';

const MYSHOPIFY = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

/**
 * A shop domain as Shopify names it, or null: the library's sanitizer (which also accepts admin
 * URLs and Shopify's other domains) narrowed to `*.myshopify.com`, lower-cased. Anything else is
 * not a shop we talk to, whatever a signature says.
 */
export function cleanShopDomain(api: Shopify, shop: unknown): string | null {
  if (typeof shop !== 'string' || shop.length > 255) return null;
  const sanitized = api.utils.sanitizeShop(shop.trim());
  const lower = sanitized?.toLowerCase() ?? null;
  return lower && MYSHOPIFY.test(lower) ? lower : null;
}

export function requireShopDomain(api: Shopify, shop: unknown): string {
  const clean = cleanShopDomain(api, shop);
  if (!clean) throw AppError.fields({ shop: [shopifyMessages.invalidShop] });
  return clean;
}
