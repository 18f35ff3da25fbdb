import type { MetaChannel } from '@aisle/contracts/channels';
import { AppError } from '../../../lib/app-error';
import { openAccessToken } from '../account-vault';
import type { ChannelAdapter, OutboundText } from '../channel-adapter';
import { channelMessages } from '../channel-messages';
import type { ChannelsContext, MetaApp } from '../channels-context';
import type { AccountRow } from '../messaging-accounts';
import type { SendOutcome } from '../send-failure';
import { graphCall } from './graph-client';

export function requireMeta(ctx: Pick<ChannelsContext, 'meta'>): MetaApp {
  if (!ctx.meta) throw new AppError('NOT_FOUND', channelMessages.metaNotConfigured);
  return ctx.meta;
}

const metadataOf = (account: AccountRow) => (account.metadata ?? {}) as { pageId?: string; wabaId?: string };

/**
 * Messenger and Instagram (the Messenger Platform's Send API, a page token): a standard message
 * inside the 24-hour window, a person's reply tagged HUMAN_AGENT inside the 7-day one. Instagram
 * sends through the Facebook page linked to the account.
 */
async function sendPageMessage(app: MetaApp, account: AccountRow, token: string, message: OutboundText): Promise<SendOutcome> {
  const pageId = account.channel === 'instagram' ? (metadataOf(account).pageId ?? account.externalAccountId) : account.externalAccountId;
  const tagged = message.byPerson && message.window.state === 'human_agent';
  const result = await graphCall<{ recipient_id?: string; message_id?: string }>(app, {
    method: 'POST',
    path: `${pageId}/messages`,
    token,
    body: {
      recipient: { id: message.recipientId },
      messaging_type: tagged ? 'MESSAGE_TAG' : 'RESPONSE',
      ...(tagged ? { tag: 'HUMAN_AGENT' } : {}),
      message: { text: message.text },
    },
  });
  return result.ok ? { ok: true, platformMessageId: result.body.message_id ?? null } : result;
}

/** WhatsApp Cloud API: a free-form text message (only inside the 24-hour window; checked before). */
async function sendWhatsAppMessage(app: MetaApp, account: AccountRow, token: string, message: OutboundText): Promise<SendOutcome> {
  const result = await graphCall<{ messages?: { id?: string }[] }>(app, {
    method: 'POST',
    path: `${account.externalAccountId}/messages`,
    token,
    body: {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: message.recipientId,
      type: 'text',
      text: { preview_url: false, body: message.text },
    },
  });
  return result.ok ? { ok: true, platformMessageId: result.body.messages?.[0]?.id ?? null } : result;
}

/** The Meta channels' adapter: sending, and the customer's profile picture (Messenger and Instagram offer one). */
export function metaAdapter(channel: MetaChannel): ChannelAdapter {
  return {
    async send(ctx, account, message) {
      const app = requireMeta(ctx);
      const token = openAccessToken(ctx.key, account);
      if (!token) throw new Error('the account holds no token');
      return channel === 'whatsapp' ? sendWhatsAppMessage(app, account, token, message) : sendPageMessage(app, account, token, message);
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
