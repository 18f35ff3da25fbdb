import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { type LineErrorBody, lineMessagesError } from './line-message-rules';

/** A LINE Messaging API channel as the LINE Developers console shows it. */
export interface FakeLineChannel {
  channelId: string;
  channelSecret: string;
  accessToken: string;
  /** The bot's user id: webhooks' `destination`. */
  botUserId: string;
  basicId: string;
  displayName: string;
  pictureUrl: string;
}

export interface LineSend {
  kind: 'reply' | 'push';
  token: string;
  /** The reply token, or the push's `to`. */
  target: string;
  retryKey: string | null;
  /** The text messages' texts, one per line. */
  text: string;
  /** The request's `messages` as sent (text, Flex Messages, quick replies). */
  messages: LineMessage[];
  status: number;
  /** LINE's error body when it refused the request. */
  error: LineErrorBody | null;
  /** When the request arrived (`performance.now()` of this process). */
  receivedAt: number;
}

/** A message object as the fake received it (https://developers.line.biz/en/reference/messaging-api/#message-objects). */
export interface LineMessage {
  type: string;
  text?: string;
  altText?: string;
  contents?: Record<string, unknown>;
  quickReply?: { items: { type: string; action: { type: string; label?: string; text?: string } }[] };
  [key: string]: unknown;
}

export interface InjectedLineFailure {
  status: number;
  message?: string;
  /** The push was accepted (delivered once) though the answer is this failure: a retry with its key then gets 409. */
  accepted?: boolean;
}

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json', 'x-line-request-id': randomUUID() });
  res.end(JSON.stringify(body));
};

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/**
 * LINE's Messaging API on loopback: bot info, reply (a reply token works once, for a minute), push
 * (a retry key is accepted once: 409 after), and user profiles, with the error bodies LINE uses.
 * Every reply and push is checked as LINE checks it (line-message-rules.ts): a message LINE would
 * refuse (an unknown type, 13 bubbles, a 41-character button label, an http image) gets LINE's 400.
 * It also mints what LINE's webhooks carry: events with reply tokens, signed with a channel secret.
 */
export class FakeLineApi {
  readonly channels: FakeLineChannel[] = [];
  readonly sends: LineSend[] = [];
  readonly profiles = new Map<string, { displayName: string; pictureUrl: string }>();
  private readonly replyTokens = new Map<string, { botUserId: string; issuedAt: number; used: boolean }>();
  private readonly retryKeys = new Set<string>();
  private readonly failures: InjectedLineFailure[] = [];
  private server: Server | null = null;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.route(req, res).catch((error: unknown) => send(res, 500, { message: String(error) }));
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close() {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  env(): Record<string, string> {
    return { LINE_API_ORIGIN: this.url };
  }

  addChannel(name = 'Mug Shop'): FakeLineChannel {
    const channel: FakeLineChannel = {
      channelId: String(1_650_000_000 + this.channels.length),
      channelSecret: randomBytes(16).toString('hex'),
      accessToken: randomBytes(64).toString('base64'),
      botUserId: `U${randomBytes(16).toString('hex')}`,
      basicId: `@${randomBytes(4).toString('hex')}`,
      displayName: name,
      pictureUrl: `https://profile.line-scdn.test/${name.replace(/\W/g, '')}`,
    };
    this.channels.push(channel);
    return channel;
  }

  failNext(...failures: InjectedLineFailure[]) {
    this.failures.push(...failures);
  }

  /** A reply token for an event, as LINE issues one per message event. */
  replyTokenFor(channel: FakeLineChannel, options: { issuedAt?: number } = {}) {
    const token = randomBytes(16).toString('hex');
    this.replyTokens.set(token, { botUserId: channel.botUserId, issuedAt: options.issuedAt ?? Date.now(), used: false });
    return token;
  }

  delivered() {
    return this.sends.filter((sent) => sent.status === 200);
  }

  private channelOf(req: IncomingMessage) {
    const header = req.headers.authorization ?? '';
    return this.channels.find((channel) => header === `Bearer ${channel.accessToken}`);
  }

  private async route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', this.url);
    const channel = this.channelOf(req);
    if (!channel)
      return send(res, 401, { message: 'Authentication failed. Confirm that the access token in the authorization header is valid.' });
    if (req.method === 'GET' && url.pathname === '/v2/bot/info') {
      return send(res, 200, {
        userId: channel.botUserId,
        basicId: channel.basicId,
        displayName: channel.displayName,
        pictureUrl: channel.pictureUrl,
        chatMode: 'bot',
        markAsReadMode: 'auto',
      });
    }
    const profile = /^\/v2\/bot\/profile\/(U[0-9a-f]{32})$/.exec(url.pathname);
    if (req.method === 'GET' && profile?.[1]) {
      const found = this.profiles.get(profile[1]);
      return found ? send(res, 200, { userId: profile[1], ...found, language: 'en' }) : send(res, 404, { message: 'Not found' });
    }
    if (req.method === 'POST' && (url.pathname === '/v2/bot/message/reply' || url.pathname === '/v2/bot/message/push'))
      return this.message(url.pathname.endsWith('reply') ? 'reply' : 'push', channel, req, res);
    return send(res, 404, { message: 'Not found' });
  }

  private async message(kind: 'reply' | 'push', channel: FakeLineChannel, req: IncomingMessage, res: ServerResponse) {
    const body = await readJson(req);
    const messages = (Array.isArray(body.messages) ? body.messages : []) as LineMessage[];
    const retryKey = (req.headers['x-line-retry-key'] as string | undefined) ?? null;
    const target = String(kind === 'reply' ? body.replyToken : body.to);
    const receivedAt = performance.now();
    const record = (status: number, error: LineErrorBody | null = null) =>
      this.sends.push({
        kind,
        token: channel.accessToken,
        target,
        retryKey,
        text: messages
          .filter((m) => m.type === 'text')
          .map((m) => m.text ?? '')
          .join('\n'),
        messages,
        status,
        error,
        receivedAt,
      });
    const failure = this.failures.shift();
    if (failure) {
      if (failure.accepted && retryKey) this.retryKeys.add(retryKey);
      record(failure.status);
      return send(res, failure.status, { message: failure.message ?? 'The API server is temporarily unavailable.' });
    }
    const invalid = lineMessagesError(body.messages);
    if (invalid) {
      record(400, invalid);
      return send(res, 400, invalid);
    }
    if (kind === 'reply') {
      const issued = this.replyTokens.get(target);
      if (!issued || issued.used || issued.botUserId !== channel.botUserId || Date.now() - issued.issuedAt > 60_000) {
        record(400);
        return send(res, 400, { message: 'Invalid reply token' });
      }
      issued.used = true;
    } else {
      if (retryKey && this.retryKeys.has(retryKey)) {
        record(409);
        return send(res, 409, { message: 'The retry key is already accepted', sentMessages: [] });
      }
      if (retryKey) this.retryKeys.add(retryKey);
    }
    record(200);
    return send(res, 200, {
      sentMessages: messages.map(() => ({
        id: String(Date.now()) + randomBytes(2).readUInt16BE(0),
        quoteToken: randomBytes(8).toString('hex'),
      })),
    });
  }
}

export const startFakeLineApi = () => new FakeLineApi().start();

export interface LineTextEventInput {
  userId: string;
  text?: string;
  type?: 'text' | 'sticker' | 'image' | 'audio';
  replyToken?: string;
  webhookEventId?: string;
  isRedelivery?: boolean;
  messageId?: string;
}

/** A user's message event as LINE's webhooks carry it. */
export function lineMessageEvent(input: LineTextEventInput) {
  const type = input.type ?? 'text';
  const message: Record<string, unknown> = {
    id: input.messageId ?? String(Date.now()) + randomBytes(3).readUIntBE(0, 3),
    type,
    quoteToken: randomBytes(8).toString('hex'),
  };
  if (type === 'text') message.text = input.text ?? 'Hello';
  if (type === 'sticker') Object.assign(message, { packageId: '446', stickerId: '1988', stickerResourceType: 'STATIC' });
  if (type === 'image' || type === 'audio') Object.assign(message, { contentProvider: { type: 'line' } });
  return {
    type: 'message',
    message,
    webhookEventId: input.webhookEventId ?? `01${randomBytes(12).toString('hex').toUpperCase()}`,
    deliveryContext: { isRedelivery: input.isRedelivery ?? false },
    timestamp: Date.now(),
    source: { type: 'user', userId: input.userId },
    replyToken: input.replyToken ?? randomBytes(16).toString('hex'),
    mode: 'active',
  };
}

/** A webhook request as LINE sends it: `{destination, events}`, `x-line-signature` over the exact bytes. */
export function signedLineWebhook(channel: Pick<FakeLineChannel, 'botUserId' | 'channelSecret'>, events: unknown[], secret?: string) {
  const body = JSON.stringify({ destination: channel.botUserId, events });
  return {
    body,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'x-line-signature': createHmac('sha256', secret ?? channel.channelSecret)
        .update(body, 'utf8')
        .digest('base64'),
    },
  };
}

/** A LINE user id (`U` and 32 hex digits). */
export const lineUserId = () => `U${randomBytes(16).toString('hex')}`;
