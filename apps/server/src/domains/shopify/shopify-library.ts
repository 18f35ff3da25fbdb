import { AsyncLocalStorage } from 'node:async_hooks';
import type * as ShopifyApiPackage from '@shopify/shopify-api';
import type { ApiVersion, Shopify } from '@shopify/shopify-api';
import type * as ShopifyRuntime from '@shopify/shopify-api/runtime';
import type { Logger } from 'pino';
import type { Env } from '../../env';
import { loadOnUse } from '../../lib/load-on-use';

/**
 * The library, loaded when the integration is on (SHOPIFY_API_KEY and SHOPIFY_API_SECRET set) and
 * first used, not at start-up. Before it: the Web API adapter (the library takes a `Request` and
 * answers a `Response`, which the Fastify routes send themselves; the Node adapter would write to
 * the raw socket behind Fastify's back), and the fetch hook below. Error classes for `instanceof`
 * come from here too, so they are the ones the library throws.
 */
export const shopifyLibrary = loadOnUse<typeof ShopifyApiPackage>('@shopify/shopify-api');
const adapter = loadOnUse<unknown>('@shopify/shopify-api/adapters/web-api');
const runtime = loadOnUse<typeof ShopifyRuntime>('@shopify/shopify-api/runtime');
let fetchHooked = false;

/**
 * The one `@shopify/shopify-api` instance of a process's services: HMAC and webhook validation,
 * OAuth, session-token decoding, token exchange and refresh all go through it (never our own
 * crypto). Null when SHOPIFY_API_KEY and SHOPIFY_API_SECRET are not set: the integration is off.
 */
export function shopifyApiFor(env: Env, logger: Pick<Logger, 'warn' | 'error'>): Shopify | null {
  if (!env.SHOPIFY_API_KEY || !env.SHOPIFY_API_SECRET) return null;
  // One per configuration: every context built from the same services shares it.
  let api = instances.get(env);
  if (!api) {
    api = createShopifyApi(env, env.SHOPIFY_API_KEY, env.SHOPIFY_API_SECRET, logger);
    instances.set(env, api);
  }
  return api;
}

const instances = new WeakMap<Env, Shopify>();

function createShopifyApi(env: Env, apiKey: string, apiSecretKey: string, logger: Pick<Logger, 'warn' | 'error'>): Shopify {
  const publicUrl = new URL(env.PUBLIC_URL);
  adapter();
  hookFetch();
  const { shopifyApi, LogSeverity } = shopifyLibrary();
  return shopifyApi({
    apiKey,
    apiSecretKey,
    scopes: env.SHOPIFY_SCOPES.split(',').map((scope) => scope.trim()),
    hostName: publicUrl.host,
    hostScheme: publicUrl.protocol === 'http:' ? 'http' : 'https',
    apiVersion: env.SHOPIFY_API_VERSION as ApiVersion,
    isEmbeddedApp: true,
    // The library's own log lines go to ours; it never logs token endpoint bodies (secrets).
    logger: {
      level: LogSeverity.Warning,
      log: (severity, message) => {
        if (severity === LogSeverity.Error) logger.error({ shopifyApi: true }, message);
        else logger.warn({ shopifyApi: true }, message);
      },
    },
    _logDisabledFutureFlags: false,
  });
}

/**
 * SHOPIFY_ADMIN_API_ORIGIN for a shop: `{shop}` replaced by its domain (`https://{shop}` in
 * production, a fake store on loopback in tests). No trailing slash.
 */
export function adminOriginFor(template: string, shop: string): string {
  return template.replaceAll('{shop}', shop);
}

/**
 * The library builds `https://{shop}/admin/...` URLs itself (OAuth grant, token endpoint). Its
 * fetch is a process-wide hook, so the origin to use travels with the call: `withAdminOrigin`
 * runs a library call with the template of the services that made it, and the hook rewrites
 * `https://<shop>/` to that origin. Outside such a call, URLs are fetched as built.
 */
const originTemplate = new AsyncLocalStorage<string>();

export function withAdminOrigin<T>(template: string, work: () => Promise<T>): Promise<T> {
  return originTemplate.run(template, work);
}

/** `https://<shop>/path` as the configured origin sees it. */
export function rewriteShopUrl(url: string, template: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' || template === 'https://{shop}') return url;
  return `${adminOriginFor(template, parsed.host)}${parsed.pathname}${parsed.search}`;
}

/** The library's fetch (process-wide, once): `https://<shop>/` to the configured origin, with a deadline. */
function hookFetch() {
  if (fetchHooked) return;
  fetchHooked = true;
  runtime().setAbstractFetchFunc(async (input: RequestInfo | URL, init?: RequestInit) => {
    const template = originTemplate.getStore();
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    // Token endpoint calls get a deadline: the library sets none, and a stuck shop must not hang a request.
    const signal = init?.signal ?? AbortSignal.timeout(15_000);
    return fetch(template ? rewriteShopUrl(url, template) : url, { ...init, signal });
  });
}
