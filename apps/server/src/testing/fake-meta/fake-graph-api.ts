import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { type GraphErrorBody, pageMessageError, whatsappMessageError } from './graph-message-rules';

export const FAKE_META_APP_ID = '1234567890';
export const FAKE_META_APP_SECRET = 'aisle-test-meta-app-secret-0123456789';
export const FAKE_META_VERIFY_TOKEN = 'aisle-test-verify-token';
export const FAKE_GRAPH_VERSION = 'v25.0';

export interface FakePage {
  id: string;
  name: string;
  pictureUrl?: string;
  /** The Instagram professional account linked to the page. */
  instagram?: { id: string; username: string; profilePictureUrl?: string };
}

export interface FakeWhatsAppAccount {
  id: string;
  numbers: { id: string; displayPhoneNumber: string; verifiedName: string }[];
}

/** A failure the Send API answers instead of the next send(s): an HTTP status and Graph's error body. */
export interface InjectedGraphFailure {
  status: number;
  error?: { message: string; type?: string; code: number; error_subcode?: number; is_transient?: boolean };
  /** No answer at all: the connection is dropped (a network error). */
  drop?: boolean;
}

/** A message the Send API received (every attempt, with what it answered). */
export interface GraphSend {
  /** The page or phone number id in the path. */
  senderId: string;
  token: string;
  body: Record<string, unknown>;
  status: number;
  /** The Graph API's error body when the message was refused as invalid (graph-message-rules.ts). */
  error?: GraphErrorBody;
  /** When the request arrived (`performance.now()` of this process: benchmarks time sends with it). */
  receivedAt: number;
}

export const graphErrors = {
  rateLimited: {
    status: 429,
    error: { message: '(#613) Calls to this api have exceeded the rate limit.', type: 'OAuthException', code: 613 },
  },
  unavailable: { status: 503, error: { message: 'Service temporarily unavailable', type: 'OAuthException', code: 2, is_transient: true } },
  expiredToken: {
    status: 401,
    error: { message: 'Error validating access token: Session has expired.', type: 'OAuthException', code: 190, error_subcode: 463 },
  },
  badRequest: { status: 400, error: { message: '(#100) The parameter recipient is required', type: 'OAuthException', code: 100 } },
  forbidden: { status: 403, error: { message: '(#200) Requires pages_messaging permission', type: 'OAuthException', code: 200 } },
  outsideWindow: {
    status: 400,
    error: {
      message: '(#10) This message is sent outside of allowed window.',
      type: 'OAuthException',
      code: 10,
      error_subcode: 2018278,
    },
  },
} satisfies Record<string, InjectedGraphFailure>;

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const oauthError = (res: ServerResponse, status: number, message: string, code = 190) =>
  send(res, status, { error: { message, type: 'OAuthException', code, fbtrace_id: 'AFakeTrace' } });

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Meta's Graph API on loopback, for tests and benchmarks: Facebook Login's dialog (a page whose
 * "Continue" link goes back with a code), the code and long-lived token exchanges, `me`,
 * `me/accounts` (pages with their tokens and linked Instagram accounts), `debug_token` (the
 * WhatsApp Business Accounts a login granted), their phone numbers, `subscribed_apps`, the
 * Messenger/Instagram Send API and WhatsApp's messages endpoint (with Graph's error shapes, on
 * request), and customers' profiles. Tokens are checked: a revoked page's token gets OAuth 190.
 * Every message sent is checked as Meta checks it (graph-message-rules.ts): a template with 11
 * elements, a 21-character quick reply or a WhatsApp row title of 25 characters gets Meta's 400.
 */
export class FakeGraphApi {
  readonly appId = FAKE_META_APP_ID;
  readonly appSecret = FAKE_META_APP_SECRET;
  readonly verifyToken = FAKE_META_VERIFY_TOKEN;
  readonly version = FAKE_GRAPH_VERSION;
  user = { id: '10222270944537964', name: 'Ann Owner' };
  pages: FakePage[] = [];
  whatsappAccounts: FakeWhatsAppAccount[] = [];
  /** Customers' profile pictures by their PSID or IGSID. */
  readonly profiles = new Map<string, string>();
  /** Every Send API call, in order, with its answer's status. */
  readonly sends: GraphSend[] = [];
  /** Webhook subscriptions by page or WhatsApp Business Account id. */
  readonly subscriptions = new Map<string, string>();
  readonly calls: string[] = [];
  /** A delay before each Send API answer (ms), as a real platform has. */
  sendDelayMs = 0;
  private readonly failures: InjectedGraphFailure[] = [];
  private readonly codes = new Map<string, string>();
  private readonly userTokens = new Set<string>();
  /** Page and WhatsApp tokens → the page or WhatsApp account they speak for. */
  private readonly pageTokens = new Map<string, string>();
  private readonly revoked = new Set<string>();
  private server: Server | null = null;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.route(req, res).catch((error: unknown) => send(res, 500, { error: { message: String(error), code: 1 } }));
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close() {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The server's configuration for this fake. */
  env(): Record<string, string> {
    return {
      META_APP_ID: this.appId,
      META_APP_SECRET: this.appSecret,
      META_VERIFY_TOKEN: this.verifyToken,
      META_GRAPH_API_ORIGIN: this.url,
      META_GRAPH_API_VERSION: this.version,
    };
  }

  /** The next sends answer these instead (in order). */
  failNext(...failures: InjectedGraphFailure[]) {
    this.failures.push(...failures);
  }

  /** The page (or WhatsApp account) stops accepting its tokens: OAuth 190 from now on. */
  revoke(id: string) {
    this.revoked.add(id);
  }

  /** Successful sends, as the customers received them: `{to, text, tag}`. */
  /**
   * The messages accepted, in order, each with its text: a text message's, or the body of a
   * WhatsApp interactive message (a generic template has none); `body` is what was sent.
   */
  delivered() {
    return this.sends
      .filter((sent) => sent.status === 200)
      .map((sent) => {
        const body = sent.body as {
          recipient?: { id: string };
          to?: string;
          message?: { text?: string; attachment?: unknown; quick_replies?: unknown };
          text?: { body: string };
          interactive?: { type?: string; body?: { text?: string } };
          tag?: string;
          messaging_type?: string;
        };
        return {
          from: sent.senderId,
          to: body.recipient?.id ?? body.to ?? '',
          text: body.message?.text ?? body.text?.body ?? body.interactive?.body?.text ?? '',
          tag: body.tag ?? null,
          messagingType: body.messaging_type ?? null,
          body: sent.body,
        };
      });
  }

  /**
   * What the "Continue" link of the login dialog leads to: the redirect URI with a fresh code and
   * the state (tests that are not a browser follow the dialog this way).
   */
  approve(dialogUrl: string): string {
    const url = new URL(dialogUrl);
    const redirect = new URL(url.searchParams.get('redirect_uri') ?? '');
    const code = `code-${randomBytes(8).toString('hex')}`;
    this.codes.set(code, redirect.toString());
    redirect.searchParams.set('code', code);
    redirect.searchParams.set('state', url.searchParams.get('state') ?? '');
    return redirect.toString();
  }

  private tokenOf(req: IncomingMessage, url: URL): string {
    const header = req.headers.authorization ?? '';
    return header.startsWith('Bearer ') ? header.slice(7) : (url.searchParams.get('access_token') ?? '');
  }

  private async route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', this.url);
    // A browser on the login page asks for the site's icon.
    if (url.pathname === '/favicon.ico') {
      res.writeHead(204);
      res.end();
      return;
    }
    const prefix = `/${this.version}/`;
    if (!url.pathname.startsWith(prefix)) return send(res, 404, { error: { message: 'Unknown path', code: 803 } });
    const path = url.pathname.slice(prefix.length).replace(/\/+$/, '');
    this.calls.push(`${req.method} ${path}`);
    const body = req.method === 'GET' ? '' : await readBody(req);
    if (req.method === 'GET' && path === 'dialog/oauth') return this.dialog(url, res);
    if (req.method === 'GET' && path === 'oauth/access_token') return this.accessToken(url, res);
    const token = this.tokenOf(req, url);
    if (req.method === 'GET' && path === 'debug_token') return this.debugToken(url, token, res);
    if (req.method === 'GET' && path === 'me') return this.userCall(token, res, () => ({ id: this.user.id, name: this.user.name }));
    if (req.method === 'GET' && path === 'me/accounts') return this.userCall(token, res, () => ({ data: this.pageNodes() }));
    const phoneNumbers = /^(\d+)\/phone_numbers$/.exec(path);
    if (req.method === 'GET' && phoneNumbers?.[1]) return this.phoneNumbers(phoneNumbers[1], token, res);
    const subscribed = /^([\w-]+)\/subscribed_apps$/.exec(path);
    if (subscribed?.[1] && (req.method === 'POST' || req.method === 'DELETE'))
      return this.subscribe(req.method, subscribed[1], url, token, res);
    const messages = /^([\w-]+)\/messages$/.exec(path);
    if (req.method === 'POST' && messages?.[1]) return this.sendMessage(messages[1], token, body, req, res);
    if (req.method === 'GET' && /^[\w-]+$/.test(path)) return this.profile(path, token, res);
    return send(res, 404, { error: { message: `Unsupported ${req.method} request.`, type: 'GraphMethodException', code: 100 } });
  }

  /** Facebook Login's dialog: a page with a "Continue" link back to the app with a code. */
  private dialog(url: URL, res: ServerResponse) {
    if (url.searchParams.get('client_id') !== this.appId) return oauthError(res, 400, 'Invalid App ID', 101);
    const back = this.approve(url.toString());
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html><head><title>Log in with Facebook</title></head><body><h1>Fake Facebook Login</h1><p>Aisle would like to manage your pages.</p><a id="continue" href="${back.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">Continue as ${this.user.name}</a></body></html>`,
    );
  }

  private accessToken(url: URL, res: ServerResponse) {
    const q = url.searchParams;
    if (q.get('client_id') !== this.appId || q.get('client_secret') !== this.appSecret)
      return oauthError(res, 400, 'Error validating client secret.', 1);
    if (q.get('grant_type') === 'fb_exchange_token') {
      if (!this.userTokens.has(q.get('fb_exchange_token') ?? '')) return oauthError(res, 400, 'Invalid OAuth access token.');
      return send(res, 200, { access_token: this.issueUserToken('long'), token_type: 'bearer', expires_in: 5_184_000 });
    }
    const code = q.get('code') ?? '';
    const redirect = this.codes.get(code);
    if (!redirect || redirect.split('?')[0] !== q.get('redirect_uri'))
      return oauthError(res, 400, 'This authorization code has been used.', 100);
    this.codes.delete(code);
    return send(res, 200, { access_token: this.issueUserToken('short'), token_type: 'bearer', expires_in: 5183 });
  }

  private issueUserToken(kind: string) {
    const token = `EAA${kind}-user-${randomBytes(12).toString('hex')}`;
    this.userTokens.add(token);
    return token;
  }

  private userCall(token: string, res: ServerResponse, answer: () => unknown) {
    if (!this.userTokens.has(token)) return oauthError(res, 400, 'Invalid OAuth access token.');
    return send(res, 200, answer());
  }

  private pageToken(id: string) {
    const token = `EAApage-${id}-${randomBytes(8).toString('hex')}`;
    this.pageTokens.set(token, id);
    return token;
  }

  private pageNodes() {
    return this.pages.map((page) => ({
      id: page.id,
      name: page.name,
      access_token: this.pageToken(page.id),
      ...(page.pictureUrl ? { picture: { data: { url: page.pictureUrl } } } : {}),
      ...(page.instagram
        ? {
            instagram_business_account: {
              id: page.instagram.id,
              username: page.instagram.username,
              profile_picture_url: page.instagram.profilePictureUrl ?? null,
            },
          }
        : {}),
    }));
  }

  private debugToken(url: URL, appToken: string, res: ServerResponse) {
    if (appToken !== `${this.appId}|${this.appSecret}`) return oauthError(res, 400, 'Invalid OAuth access token.');
    const input = url.searchParams.get('input_token') ?? '';
    if (!this.userTokens.has(input)) return send(res, 200, { data: { is_valid: false } });
    const ids = this.whatsappAccounts.map((account) => account.id);
    return send(res, 200, {
      data: {
        app_id: this.appId,
        type: 'USER',
        is_valid: true,
        user_id: this.user.id,
        scopes: ['whatsapp_business_management', 'whatsapp_business_messaging'],
        granular_scopes: [
          { scope: 'whatsapp_business_management', target_ids: ids },
          { scope: 'whatsapp_business_messaging', target_ids: ids },
        ],
      },
    });
  }

  private phoneNumbers(wabaId: string, token: string, res: ServerResponse) {
    if (!this.userTokens.has(token)) return oauthError(res, 401, 'Invalid OAuth access token.');
    const account = this.whatsappAccounts.find((candidate) => candidate.id === wabaId);
    if (!account) return send(res, 400, { error: { message: 'Unsupported get request.', code: 100 } });
    return send(res, 200, {
      data: account.numbers.map((n) => ({ id: n.id, display_phone_number: n.displayPhoneNumber, verified_name: n.verifiedName })),
    });
  }

  /** Whether a token speaks for this page or WhatsApp account (a WhatsApp account's user token speaks for its numbers). */
  private authorizes(token: string, id: string): 'ok' | 'revoked' | 'invalid' {
    const page = this.pageTokens.get(token);
    if (page !== undefined) return this.revoked.has(page) ? 'revoked' : page === id ? 'ok' : 'invalid';
    if (!this.userTokens.has(token)) return 'invalid';
    const owner = this.whatsappAccounts.find((account) => account.id === id || account.numbers.some((n) => n.id === id));
    if (!owner) return 'invalid';
    return this.revoked.has(owner.id) || this.revoked.has(id) ? 'revoked' : 'ok';
  }

  private subscribe(method: string, id: string, url: URL, token: string, res: ServerResponse) {
    const pageOfInstagram = this.pages.find((page) => page.id === id);
    const allowed = this.authorizes(token, pageOfInstagram ? pageOfInstagram.id : id);
    if (allowed !== 'ok') return oauthError(res, allowed === 'revoked' ? 401 : 400, 'Invalid OAuth access token.');
    if (method === 'DELETE') this.subscriptions.delete(id);
    else this.subscriptions.set(id, url.searchParams.get('subscribed_fields') ?? '');
    return send(res, 200, { success: true });
  }

  private async sendMessage(senderId: string, token: string, raw: string, req: IncomingMessage, res: ServerResponse) {
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return send(res, 400, { error: { message: 'Invalid JSON', code: 100 } });
    }
    const receivedAt = performance.now();
    if (this.sendDelayMs) await new Promise((resolve) => setTimeout(resolve, this.sendDelayMs));
    const record = (status: number) => this.sends.push({ senderId, token, body, status, receivedAt });
    const failure = this.failures.shift();
    if (failure?.drop) {
      record(0);
      req.socket.destroy();
      return;
    }
    if (failure) {
      record(failure.status);
      return send(res, failure.status, { error: { ...failure.error, fbtrace_id: 'AFakeTrace' } });
    }
    const allowed = this.authorizes(token, senderId);
    if (allowed !== 'ok') {
      record(allowed === 'revoked' ? 401 : 400);
      return oauthError(res, allowed === 'revoked' ? 401 : 400, 'Error validating access token: The session has been invalidated.');
    }
    // The message itself, as Meta checks it: a shape or a limit Meta refuses gets its 400.
    const invalid = body.messaging_product !== undefined ? whatsappMessageError(body) : pageMessageError(body.message);
    if (invalid) {
      this.sends.push({ senderId, token, body, status: 400, error: invalid, receivedAt });
      return send(res, 400, invalid);
    }
    record(200);
    if (body.messaging_product === 'whatsapp') {
      return send(res, 200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [{ id: `wamid.${randomBytes(12).toString('base64url')}` }],
      });
    }
    return send(res, 200, {
      recipient_id: (body.recipient as { id?: string } | undefined)?.id,
      message_id: `m_${randomBytes(12).toString('hex')}`,
    });
  }

  private profile(userId: string, token: string, res: ServerResponse) {
    if (!this.pageTokens.has(token)) return oauthError(res, 400, 'Invalid OAuth access token.');
    const picture = this.profiles.get(userId);
    if (!picture) return send(res, 400, { error: { message: 'Unsupported get request.', code: 100 } });
    return send(res, 200, { id: userId, profile_pic: picture });
  }
}

export const startFakeGraphApi = () => new FakeGraphApi().start();
