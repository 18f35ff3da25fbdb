import { createHmac, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import type { Db } from '../../db/database';
import { shopConnections } from '../../db/schema';
import type { FakeShopify } from './fake-shopify';

/**
 * Helpers around the fake Shopify that tests (and the setup wizard's tests) share: the server's
 * configuration for it, App Bridge id tokens, signed webhooks, and the two ways a shop signs in.
 */
export function shopifyEnv(fake: FakeShopify): Record<string, string> {
  return {
    SHOPIFY_API_KEY: fake.apiKey,
    SHOPIFY_API_SECRET: fake.apiSecret,
    SHOPIFY_ADMIN_API_ORIGIN: fake.originTemplate,
  };
}

/** An App Bridge session token (id token) as Shopify mints it: HS256 with the app secret. */
export async function mintIdToken(
  fake: Pick<FakeShopify, 'apiKey' | 'apiSecret'>,
  shop: string,
  overrides: Record<string, unknown> & { secret?: string } = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const { secret, ...claims } = overrides;
  return new SignJWT({
    iss: `https://${shop}/admin`,
    dest: `https://${shop}`,
    aud: fake.apiKey,
    sub: '42',
    exp: now + 60,
    nbf: now - 5,
    iat: now - 5,
    jti: randomUUID(),
    sid: randomUUID(),
    ...claims,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(secret ?? fake.apiSecret));
}

export interface WebhookInput {
  topic: string;
  shop: string;
  payload: unknown;
  /** X-Shopify-Event-Id (the deduplication key); a fresh one by default. */
  eventId?: string | null;
  webhookId?: string;
  /** Sign with another secret (a forgery). */
  secret?: string;
  apiVersion?: string;
}

/** A webhook delivery as Shopify sends it: the raw JSON body and its headers, HMAC over the exact bytes. */
export function signedWebhook(fake: Pick<FakeShopify, 'apiSecret'>, input: WebhookInput) {
  const body = JSON.stringify(input.payload);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-shopify-topic': input.topic,
    'x-shopify-shop-domain': input.shop,
    'x-shopify-api-version': input.apiVersion ?? '2026-10',
    'x-shopify-webhook-id': input.webhookId ?? randomUUID(),
    'x-shopify-triggered-at': new Date().toISOString(),
    'x-shopify-hmac-sha256': createHmac('sha256', input.secret ?? fake.apiSecret)
      .update(body, 'utf8')
      .digest('base64'),
  };
  if (input.eventId !== null) headers['x-shopify-event-id'] = input.eventId ?? randomUUID();
  return { url: `/api/sh/webhooks/${input.topic}`, headers, body };
}

export async function injectWebhook(app: FastifyInstance, fake: Pick<FakeShopify, 'apiSecret'>, input: WebhookInput) {
  const request = signedWebhook(fake, input);
  const res = await app.inject({ method: 'POST', url: request.url, headers: request.headers, payload: request.body });
  return { status: res.statusCode, body: res.body ? (JSON.parse(res.body) as Record<string, unknown>) : null };
}

/** The embedded sign-in: GET sh/validate_session/ with a fresh id token. */
export async function embeddedSignIn(app: FastifyInstance, fake: FakeShopify, shop: string) {
  fake.shop(shop);
  const token = await mintIdToken(fake, shop);
  const res = await app.inject({ method: 'GET', url: `/api/sh/validate_session/?shopify_token=${encodeURIComponent(token)}` });
  if (res.statusCode !== 200) throw new Error(`validate_session answered ${res.statusCode}: ${res.body}`);
  const body = JSON.parse(res.body) as { internal_token: string; user: { email: string; is_staff: boolean; tier: string } };
  return { access: body.internal_token, email: body.user.email, user: body.user };
}

/** The library turns away bots at install (410): tests call as a browser does. */
export const BROWSER = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
};

/** A signed install query, as Shopify opens the app's install URL. */
export function signedInstallQuery(fake: FakeShopify, shop: string, extra: Record<string, string> = {}) {
  return new URLSearchParams(fake.signQuery({ shop, timestamp: String(Math.floor(Date.now() / 1000)), ...extra })).toString();
}

/**
 * The whole OAuth install as a browser makes it: install/ (signed by Shopify) → the grant page
 * (the fake approves at once) → the web app's callback page → GET sh/callback/ with its query and
 * the state cookie. Answers the callback's response.
 */
export async function installThroughOAuth(app: FastifyInstance, fake: FakeShopify, shop: string) {
  fake.shop(shop);
  const install = await app.inject({ method: 'GET', url: `/api/sh/install/?${signedInstallQuery(fake, shop)}`, headers: BROWSER });
  if (install.statusCode !== 302) throw new Error(`install answered ${install.statusCode}: ${install.body}`);
  const cookies = ([] as string[])
    .concat(install.headers['set-cookie'] ?? [])
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
  const grant = await fetch(String(install.headers.location), { redirect: 'manual' });
  const back = new URL(String(grant.headers.get('location')));
  const res = await app.inject({ method: 'GET', url: `/api/sh/callback/${back.search}`, headers: { ...BROWSER, cookie: cookies } });
  return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, unknown>, callbackQuery: back.search, cookies, install };
}

/**
 * Connects a shop to an existing account (as the setup wizard does for a signed-in merchant): the
 * account's connection row comes first, then the embedded sign-in fills it with a token obtained
 * by token exchange. Answers the shop's sign-in.
 */
export async function connectShopToAccount(
  t: { app: FastifyInstance; services: { db: Db } },
  fake: FakeShopify,
  ownerEmail: string,
  shop: string,
) {
  await t.services.db.insert(shopConnections).values({ ownerEmail, shopDomain: shop, platform: 'shopify' }).onConflictDoNothing();
  return embeddedSignIn(t.app, fake, shop);
}
