import { cleanShopDomain } from './shop-domain';
import type { ShopifyContext } from './shopify-context';

export interface ShopifyDelivery {
  /** `X-Shopify-Event-Id` (one event, however many subscriptions and retries), else `X-Shopify-Webhook-Id`. */
  deliveryId: string;
  topic: string;
  shop: string;
  payload: unknown;
}

/**
 * A Shopify webhook's authenticity, checked by the library: the base64 HMAC-SHA256 of the raw body
 * with the app secret (`X-Shopify-Hmac-Sha256`) and the required headers (topic, shop, API version,
 * webhook id). Null for anything forged, altered, incomplete or not JSON, or from a shop outside
 * `myshopify.com`.
 */
export async function verifyShopifyWebhook(
  ctx: ShopifyContext,
  input: { rawBody: Buffer; headers: Record<string, string | string[] | undefined> },
): Promise<ShopifyDelivery | null> {
  const api = ctx.api;
  if (!api || input.rawBody.length === 0) return null;
  const headers = new Headers();
  for (const [name, value] of Object.entries(input.headers)) {
    if (typeof value === 'string') headers.set(name, value);
  }
  const rawBody = input.rawBody.toString('utf8');
  const validation = await api.webhooks.validate({
    rawBody,
    rawRequest: new Request(`${ctx.env.PUBLIC_URL}/api/sh/webhooks`, { method: 'POST', headers }),
  });
  if (!validation.valid) return null;
  const shop = cleanShopDomain(api, validation.domain);
  if (!shop) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(rawBody);
  } catch {
    return null;
  }
  // The shop header is not signed: where the signed body names its shop (the privacy topics'
  // `shop_domain`, app/uninstalled's shop object), the two must agree, so a captured body cannot be
  // aimed at another shop (shop/redact erases everything of the shop it names).
  const signedShop = shopNamedIn(payload);
  if (signedShop !== null && signedShop !== shop) return null;
  const eventId = 'eventId' in validation ? validation.eventId : undefined;
  // The library names topics in its storage form (APP_UNINSTALLED); routes use Shopify's own (app/uninstalled).
  const topic = (headers.get('x-shopify-topic') ?? '').trim().toLowerCase();
  return { deliveryId: eventId || validation.webhookId, topic, shop, payload };
}

/** The shop a webhook body names itself, lower-cased; null when it names none. */
function shopNamedIn(payload: unknown): string | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const body = payload as Record<string, unknown>;
  const named = body.shop_domain ?? body.myshopify_domain;
  return typeof named === 'string' && named.trim() ? named.trim().toLowerCase() : null;
}
