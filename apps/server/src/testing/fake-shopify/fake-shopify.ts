import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { graphql } from 'graphql';
import { jwtVerify } from 'jose';
import { adminSchema } from './admin-schema';
import { adminRoot, type FakeInstallation } from './fake-admin-resolvers';
import { type FakeOrder, type FakeProduct, type FakeStoreContent, fakeStoreContent } from './fake-store-data';

export const FAKE_SHOPIFY_API_KEY = 'aisle-test-client-id';
export const FAKE_SHOPIFY_API_SECRET = 'aisle-test-client-secret-0123456789';

const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';

interface IssuedToken {
  shop: string;
  expiresAt: number;
}

export interface FakeShop {
  domain: string;
  content: FakeStoreContent;
  installation: FakeInstallation;
}

/** A failure the Admin GraphQL endpoint answers instead of the next query(ies). */
export type InjectedFailure = { status: 429; retryAfter?: string } | { status: 500 | 502 | 503 | 504 } | { status: 'throttled' };

export interface FakeShopifyOptions {
  /** Active products per shop (500 by default). */
  products?: number;
  /** Seconds an access token lasts (Shopify: 3600). Short ones make the server refresh. */
  accessTokenLifetime?: number;
}

/**
 * Shopify on loopback, for tests and benchmarks: the OAuth grant page and token endpoint (code
 * grant, token exchange, refresh), and the Admin GraphQL API of any number of shops, each query
 * validated against a real subset of the Admin schema (admin-schema.ts). Shops live under
 * `/{shop}/…` (SHOPIFY_ADMIN_API_ORIGIN = `originTemplate`); the bare `/admin/…` paths find the
 * shop by its token. It fails on request: 429 with Retry-After, 5xx, GraphQL throttling, revoked tokens.
 */
export class FakeShopify {
  readonly shops = new Map<string, FakeShop>();
  /** Every call, in order: `{shop, path, kind}`. */
  readonly calls: { shop: string | null; path: string; kind: 'authorize' | 'token' | 'graphql'; grant?: string; status: number }[] = [];
  readonly apiKey = FAKE_SHOPIFY_API_KEY;
  readonly apiSecret = FAKE_SHOPIFY_API_SECRET;
  private readonly accessTokens = new Map<string, IssuedToken>();
  private readonly refreshTokens = new Map<string, IssuedToken>();
  private readonly codes = new Map<string, { shop: string; used: boolean }>();
  private readonly failures: InjectedFailure[] = [];
  private server: Server | null = null;
  url = '';

  constructor(private readonly options: FakeShopifyOptions = {}) {}

  /** SHOPIFY_ADMIN_API_ORIGIN for the server under test. */
  get originTemplate(): string {
    return `${this.url}/{shop}`;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.route(req, res).catch((error: unknown) => send(res, 500, { errors: String(error) }));
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close() {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  addShop(domain: string, options: { products?: number } = {}): FakeShop {
    const shop: FakeShop = {
      domain,
      content: fakeStoreContent(domain, { products: options.products ?? this.options.products }),
      installation: {
        metafields: new Map(),
        // What the app asks for at install (env.ts DEFAULT_SHOPIFY_SCOPES); a test may take some away.
        scopes: ['read_products', 'read_inventory', 'read_content', 'read_themes', 'write_orders', 'write_returns', 'read_legal_policies'],
        charges: [],
      },
    };
    this.shops.set(domain, shop);
    return shop;
  }

  shop(domain: string): FakeShop {
    return this.shops.get(domain) ?? this.addShop(domain);
  }

  /** The next queries of the Admin API answer these instead (in order). */
  failNext(...failures: InjectedFailure[]) {
    this.failures.push(...failures);
  }

  /** The merchant revoked the app (or Shopify did): every token of the shop stops working. */
  revokeTokens(domain: string) {
    for (const map of [this.accessTokens, this.refreshTokens]) {
      for (const [token, issued] of map) if (issued.shop === domain) map.delete(token);
    }
  }

  /** Access tokens currently valid for a shop (tests check that none leaks). */
  tokensOf(domain: string): string[] {
    return [...this.accessTokens].filter(([, issued]) => issued.shop === domain).map(([token]) => token);
  }

  /**
   * The merchant answers Shopify's approval page for a charge: approved charges become ACTIVE (an
   * approved subscription replaces the shop's other active one, APPLY_IMMEDIATELY), declined ones
   * DECLINED. Answers the charge with the URL Shopify sends the merchant back to (`charge_id`).
   */
  answerCharge(domain: string, id: string, approve: boolean) {
    const installation = this.shop(domain).installation;
    const charge = installation.charges.find((c) => c.id === id);
    if (!charge) throw new Error(`no charge ${id} on ${domain}`);
    if (approve && charge.kind === 'subscription') {
      for (const other of installation.charges) if (other.kind === 'subscription' && other.status === 'ACTIVE') other.status = 'CANCELLED';
      charge.currentPeriodEnd = new Date(Date.now() + 30 * 86_400_000).toISOString();
    }
    charge.status = approve ? 'ACTIVE' : 'DECLINED';
    const back = new URL(charge.returnUrl);
    back.searchParams.set('charge_id', String(id.split('/').at(-1)));
    return { charge, returnUrl: back.toString() };
  }

  /** Changes (or adds) a product; returns it. */
  upsertProduct(domain: string, product: FakeProduct) {
    const list = this.shop(domain).content.products;
    const index = list.findIndex((p) => p.id === product.id);
    if (index === -1) list.push(product);
    else list[index] = product;
    return product;
  }

  /** Changes (or adds) an order; returns it. */
  upsertOrder(domain: string, order: FakeOrder) {
    const list = this.shop(domain).content.orders;
    const index = list.findIndex((o) => o.id === order.id);
    if (index === -1) list.push(order);
    else list[index] = order;
    return order;
  }

  /** The order as the store keeps it now (after the app's mutations). */
  orderNamed(domain: string, name: string): FakeOrder | undefined {
    return this.shop(domain).content.orders.find((o) => o.name === name);
  }

  removeProduct(domain: string, id: string) {
    const list = this.shop(domain).content.products;
    const index = list.findIndex((p) => p.id === id);
    if (index !== -1) list.splice(index, 1);
  }

  /** Shopify's query signature: hex HMAC-SHA256 of the sorted `key=value` pairs joined by `&`. */
  signQuery(params: Record<string, string>, secret = this.apiSecret): Record<string, string> {
    const message = Object.keys(params)
      .filter((key) => key !== 'hmac' && key !== 'signature')
      .sort((a, b) => a.localeCompare(b))
      .map((key) => `${key}=${params[key]}`)
      .join('&');
    return { ...params, hmac: createHmac('sha256', secret).update(message).digest('hex') };
  }

  private async route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', this.url);
    const match = /^(?:\/([a-z0-9][a-z0-9-]*\.myshopify\.com))?(\/admin\/.*)$/.exec(url.pathname);
    if (!match) return send(res, 404, { errors: 'Not Found' });
    const [, shopInPath, path = ''] = match;
    if (req.method === 'GET' && path === '/admin/oauth/authorize')
      return this.authorize(shopInPath ?? url.searchParams.get('shop'), url, res);
    const body = await readBody(req);
    if (req.method === 'POST' && path === '/admin/oauth/access_token') return this.token(shopInPath ?? null, body, res);
    if (req.method === 'POST' && /^\/admin\/api\/[\w-]+\/graphql\.json$/.test(path))
      return this.graphqlCall(shopInPath ?? null, req, body, res);
    return send(res, 404, { errors: 'Not Found' });
  }

  /** The grant page, approved at once: back to redirect_uri with a code, signed like Shopify. */
  private authorize(shop: string | null, url: URL, res: ServerResponse) {
    const clientId = url.searchParams.get('client_id');
    const redirectUri = url.searchParams.get('redirect_uri');
    const state = url.searchParams.get('state');
    if (!shop || !this.shops.has(shop) || clientId !== this.apiKey || !redirectUri || !state) {
      this.calls.push({ shop, path: url.pathname, kind: 'authorize', status: 400 });
      return send(res, 400, { errors: 'invalid authorize request' });
    }
    const code = randomBytes(12).toString('hex');
    this.codes.set(code, { shop, used: false });
    const params = this.signQuery({
      code,
      host: Buffer.from(`admin.shopify.com/store/${shop.replace('.myshopify.com', '')}`)
        .toString('base64')
        .replace(/=+$/, ''),
      shop,
      state,
      timestamp: String(Math.floor(Date.now() / 1000)),
    });
    const target = new URL(redirectUri);
    for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
    this.calls.push({ shop, path: url.pathname, kind: 'authorize', status: 302 });
    res.writeHead(302, { location: target.toString() });
    res.end();
  }

  /** `/admin/oauth/access_token`: the code grant, token exchange and refresh, each answering an expiring offline token. */
  private async token(shopInPath: string | null, text: string, res: ServerResponse) {
    let body: Record<string, string>;
    try {
      body = JSON.parse(text);
    } catch {
      return send(res, 400, { error: 'invalid_request' });
    }
    const refuse = (error: string, grant: string) => {
      this.calls.push({ shop: shopInPath, path: '/admin/oauth/access_token', kind: 'token', grant, status: 400 });
      return send(res, 400, { error, error_description: error });
    };
    if (body.client_id !== this.apiKey || body.client_secret !== this.apiSecret) return refuse('invalid_client', 'any');
    let shop: string | undefined;
    let grant: string;
    if (body.grant_type === TOKEN_EXCHANGE) {
      grant = 'token-exchange';
      try {
        const { payload } = await jwtVerify(String(body.subject_token), new TextEncoder().encode(this.apiSecret), {
          algorithms: ['HS256'],
        });
        shop = new URL(String(payload.dest)).host;
      } catch {
        return refuse('invalid_subject_token', grant);
      }
    } else if (body.grant_type === 'refresh_token') {
      grant = 'refresh';
      const issued = this.refreshTokens.get(String(body.refresh_token));
      if (!issued || issued.expiresAt < Date.now()) return refuse('invalid_grant', grant);
      // Refresh tokens rotate: the used one stops working.
      this.refreshTokens.delete(String(body.refresh_token));
      shop = issued.shop;
    } else {
      grant = 'code';
      const code = this.codes.get(String(body.code));
      if (!code || code.used) return refuse('invalid_grant', grant);
      code.used = true;
      shop = code.shop;
    }
    if (!shop || (shopInPath && shop !== shopInPath) || !this.shops.has(shop)) return refuse('invalid_request', grant);
    const lifetime = this.options.accessTokenLifetime ?? 3600;
    const accessToken = `shpat_${randomBytes(16).toString('hex')}`;
    const refreshToken = `shprt_${randomBytes(16).toString('hex')}`;
    this.accessTokens.set(accessToken, { shop, expiresAt: Date.now() + lifetime * 1000 });
    this.refreshTokens.set(refreshToken, { shop, expiresAt: Date.now() + 90 * 86_400_000 });
    this.calls.push({ shop, path: '/admin/oauth/access_token', kind: 'token', grant, status: 200 });
    const expiring = body.expiring === '1' || grant === 'refresh';
    return send(res, 200, {
      access_token: accessToken,
      scope: this.shop(shop).installation.scopes.join(','),
      ...(expiring ? { expires_in: lifetime, refresh_token: refreshToken, refresh_token_expires_in: 90 * 86_400 } : {}),
    });
  }

  private async graphqlCall(shopInPath: string | null, req: IncomingMessage, text: string, res: ServerResponse) {
    const token = req.headers['x-shopify-access-token'];
    const issued = typeof token === 'string' ? this.accessTokens.get(token) : undefined;
    const shop = shopInPath ?? issued?.shop ?? null;
    const record = (status: number) => this.calls.push({ shop, path: req.url ?? '', kind: 'graphql', status });
    if (!issued || issued.expiresAt < Date.now() || issued.shop !== shop) {
      record(401);
      return send(res, 401, { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' });
    }
    const failure = this.failures.shift();
    if (failure) {
      if (failure.status === 'throttled') {
        // The cost limit's answer (https://shopify.dev/docs/api/usage/limits): no data, THROTTLED, the bucket's state.
        record(200);
        return send(res, 200, {
          errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' } }],
          extensions: {
            cost: {
              requestedQueryCost: 12,
              actualQueryCost: null,
              throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 4, restoreRate: 100 },
            },
          },
        });
      }
      record(failure.status);
      const headers: Record<string, string> = failure.status === 429 && failure.retryAfter ? { 'retry-after': failure.retryAfter } : {};
      return send(
        res,
        failure.status,
        { errors: failure.status === 429 ? 'Exceeded 2 calls per second for api client.' : 'Internal error' },
        headers,
      );
    }
    let body: { query?: unknown; variables?: unknown };
    try {
      body = JSON.parse(text);
    } catch {
      record(400);
      return send(res, 400, { errors: 'Invalid JSON' });
    }
    const fake = this.shop(shop);
    const result = await graphql({
      schema: adminSchema(),
      source: String(body.query ?? ''),
      variableValues: (body.variables ?? {}) as Record<string, unknown>,
      rootValue: adminRoot(shop, fake.content, fake.installation),
    });
    record(200);
    return send(res, 200, {
      ...result,
      extensions: {
        cost: { requestedQueryCost: 1, throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 1999, restoreRate: 100 } },
      },
    });
  }
}

export async function startFakeShopify(options: FakeShopifyOptions = {}): Promise<FakeShopify> {
  return new FakeShopify(options).start();
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text;
}
