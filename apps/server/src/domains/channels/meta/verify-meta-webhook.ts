import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MetaChannel } from '@aisle/contracts/channels';
import type { InboundMessage } from '../inbound-message';
import { parsePageMessaging } from './parse-page-messaging';
import { parseWhatsApp } from './parse-whatsapp';

/** Meta's webhook objects and the channel each is. */
const CHANNEL_OF_OBJECT: Record<string, MetaChannel> = {
  page: 'messenger',
  instagram: 'instagram',
  whatsapp_business_account: 'whatsapp',
};

/** `X-Hub-Signature-256: sha256=<hex>`: HMAC-SHA256 of the exact body with the app secret, compared in constant time. */
export function metaSignatureMatches(appSecret: string, rawBody: Buffer, header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header[0] : header;
  const match = /^sha256=([0-9a-f]{64})$/i.exec(value?.trim() ?? '');
  if (!match?.[1]) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(match[1], 'hex'));
}

export interface VerifiedMetaWebhook {
  /** The channel the body's `object` says it is (null for an object no channel reads). */
  channel: MetaChannel | null;
  messages: InboundMessage[];
}

/**
 * A Meta webhook request: its signature first (null when missing or wrong: nothing else is read),
 * then the customers' new messages it carries, each a delivery of its own (Meta batches several
 * messages in one request and sends no delivery id: each message's own id deduplicates it).
 */
export function verifyMetaWebhook(
  appSecret: string,
  rawBody: Buffer,
  signature: string | string[] | undefined,
): VerifiedMetaWebhook | null {
  if (!metaSignatureMatches(appSecret, rawBody, signature)) return null;
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return { channel: null, messages: [] };
  }
  const object = (body as { object?: unknown } | null)?.object;
  const channel = typeof object === 'string' ? (CHANNEL_OF_OBJECT[object] ?? null) : null;
  if (!channel) return { channel: null, messages: [] };
  return { channel, messages: channel === 'whatsapp' ? parseWhatsApp(body) : parsePageMessaging(channel, body) };
}
