import type { MetaChannel } from '@aisle/contracts/channels';
import { AppError } from '../../../lib/app-error';
import { openAccessToken } from '../account-vault';
import type { ChannelAdapter, OutboundText } from '../channel-adapter';
import { channelMessages } from '../channel-messages';
import type { ChannelsContext, MetaApp } from '../channels-context';
import type { AccountRow } from '../messaging-accounts';
import type { SendOutcome } from '../send-failure';
import { graphCall } from './graph-client';
import { type PageMessage, pageMessagesOf } from './page-messages';
import { type WhatsAppMessage, whatsAppMessagesOf, whatsAppPlainMessages } from './whatsapp-messages';

export function requireMeta(ctx: Pick<ChannelsContext, 'meta'>): MetaApp {
  if (!ctx.meta) throw new AppError('NOT_FOUND', channelMessages.metaNotConfigured);
  return ctx.meta;
}

const metadataOf = (account: AccountRow) => (account.metadata ?? {}) as { pageId?: string; wabaId?: string };

/**
 * Sends a reply's messages in order, one call each. The first carries the answer (the text, or an
 * interactive message whose body it is): its failure is the send's, retried as any (nothing was
 * delivered yet), except that a native message Meta refuses (a 400 that is neither a token nor a
 * "try again" error) falls back to the text alone. Once the answer is delivered, what follows is
 * best effort: a failure is logged, never retried (a retry would deliver the answer twice).
 */
async function sendInOrder<T>(
  ctx: Pick<ChannelsContext, 'logger'>,
  message: OutboundText,
  parts: { messages: T[]; plain: T[] },
  call: (part: T) => Promise<SendOutcome>,
): Promise<SendOutcome> {
  const [first, ...rest] = parts.messages;
  if (!first) return { ok: true, platformMessageId: null };
  const outcome = await call(first);
  if (!outcome.ok) {
    const { failure } = outcome;
    const refused = failure.status === 400 && !failure.retryable && !failure.tokenInvalid;
    const [plain] = parts.plain;
    if (!refused || !plain || JSON.stringify(plain) === JSON.stringify(first)) return outcome;
    ctx.logger.warn({ messageId: message.messageId, detail: failure.message }, 'Meta refused the native message; sending the text alone');
    return call(plain);
  }
  for (const part of rest) {
    const next = await call(part);
    if (!next.ok) {
      ctx.logger.warn({ messageId: message.messageId, detail: next.failure.message }, 'a part of a reply after its text was not delivered');
      break;
    }
  }
  return outcome;
}

/**
 * Messenger and Instagram (the Messenger Platform's Send API, a page token): the reply's messages
 * (page-messages.ts) as standard messages inside the 24-hour window, a person's reply tagged
 * HUMAN_AGENT inside the 7-day one. Instagram sends through the Facebook page linked to the account.
 */
async function sendPageMessage(
  ctx: Pick<ChannelsContext, 'logger'>,
  app: MetaApp,
  account: AccountRow,
  token: string,
  message: OutboundText,
): Promise<SendOutcome> {
  const pageId = account.channel === 'instagram' ? (metadataOf(account).pageId ?? account.externalAccountId) : account.externalAccountId;
  const tagged = message.byPerson && message.window.state === 'human_agent';
  return sendInOrder(ctx, message, { messages: pageMessagesOf(message), plain: [{ text: message.text }] }, async (part: PageMessage) => {
    const result = await graphCall<{ recipient_id?: string; message_id?: string }>(app, {
      method: 'POST',
      path: `${pageId}/messages`,
      token,
      body: {
        recipient: { id: message.recipientId },
        messaging_type: tagged ? 'MESSAGE_TAG' : 'RESPONSE',
        ...(tagged ? { tag: 'HUMAN_AGENT' } : {}),
        message: part,
      },
    });
    return result.ok ? { ok: true, platformMessageId: result.body.message_id ?? null } : result;
  });
}

/** WhatsApp Cloud API: the reply's messages (whatsapp-messages.ts; only inside the 24-hour window, checked before). */
async function sendWhatsAppMessage(
  ctx: Pick<ChannelsContext, 'logger'>,
  app: MetaApp,
  account: AccountRow,
  token: string,
  message: OutboundText,
): Promise<SendOutcome> {
  const parts = { messages: whatsAppMessagesOf(message), plain: whatsAppPlainMessages(message) };
  return sendInOrder(ctx, message, parts, async (part: WhatsAppMessage) => {
    const result = await graphCall<{ messages?: { id?: string }[] }>(app, {
      method: 'POST',
      path: `${account.externalAccountId}/messages`,
      token,
      body: { messaging_product: 'whatsapp', recipient_type: 'individual', to: message.recipientId, ...part },
    });
    return result.ok ? { ok: true, platformMessageId: result.body.messages?.[0]?.id ?? null } : result;
  });
}

/** The Meta channels' adapter: sending, and the customer's profile picture (Messenger and Instagram offer one). */
export function metaAdapter(channel: MetaChannel): ChannelAdapter {
  return {
    async send(ctx, account, message) {
      const app = requireMeta(ctx);
      const token = openAccessToken(ctx.key, account);
      if (!token) throw new Error('the account holds no token');
      return channel === 'whatsapp'
        ? sendWhatsAppMessage(ctx, app, account, token, message)
        : sendPageMessage(ctx, app, account, token, message);
    },
    async senderProfile(ctx, account, senderId) {
      if (channel === 'whatsapp' || !ctx.meta) return null;
      const token = openAccessToken(ctx.key, account);
      if (!token) return null;
      // The User Profile API (Messenger) and the Instagram user profile: both read with the page token.
      const result = await graphCall<{ profile_pic?: string }>(ctx.meta, { path: senderId, query: { fields: 'profile_pic' }, token });
      return result.ok ? { pictureUrl: typeof result.body.profile_pic === 'string' ? result.body.profile_pic : null } : null;
    },
  };
}
