import { randomUUID } from 'node:crypto';
import type { messagingApi } from '@line/bot-sdk';
import { openAccessToken } from '../account-vault';
import type { ChannelAdapter, OutboundText } from '../channel-adapter';
import type { SendOutcome } from '../send-failure';
import { lineCall, lineClient } from './line-client';
import { lineMessagesOf, linePlainMessages } from './line-messages';

/**
 * A reply token is valid for a short while after the webhook (LINE: "use it within one minute";
 * it is not guaranteed beyond): used only well inside that, and only on the send's first attempt.
 */
const REPLY_TOKEN_LIFETIME_MS = 50_000;

/** Push messages accept a retry key (a UUID): the reply's id, so a retried push is delivered once. */
const retryKeyOf = (messageId: string) => (/^[0-9a-f-]{36}$/i.test(messageId) ? messageId : randomUUID());

function replyTokenUsable(message: OutboundText): boolean {
  if (!message.replyToken || message.attempt > 0 || message.byPerson || !message.receivedAt) return false;
  return Date.now() - Date.parse(message.receivedAt) < REPLY_TOKEN_LIFETIME_MS;
}

/**
 * One request of messages: by the reply token while it is valid, else a push with the retry key.
 * A 409 to a push means LINE already accepted this very message: it counts as sent.
 */
async function deliver(
  client: ReturnType<typeof lineClient>,
  message: OutboundText,
  messages: messagingApi.Message[],
): Promise<SendOutcome> {
  if (replyTokenUsable(message)) {
    const replied = await lineCall(() => client.replyMessage({ replyToken: message.replyToken as string, messages }));
    if (replied.ok) return { ok: true, platformMessageId: replied.body.sentMessages?.[0]?.id ?? null };
    // An expired or used token (400) or a failed reply: the push below delivers it instead.
    if (replied.failure.tokenInvalid) return replied;
  }
  const pushed = await lineCall(() => client.pushMessage({ to: message.recipientId, messages }, retryKeyOf(message.messageId)));
  if (pushed.ok) return { ok: true, platformMessageId: pushed.body.sentMessages?.[0]?.id ?? null };
  if (pushed.failure.status === 409) return { ok: true, platformMessageId: null };
  return pushed;
}

/**
 * LINE (`@line/bot-sdk`): the reply's messages (line-messages.ts: its text, the products' Flex
 * Message, quick replies) by the reply token while it is valid (free, and LINE's way to answer); a
 * push with a retry key after that, or when the reply failed. Should LINE refuse the native messages
 * (a 400: none was delivered, the request is all or nothing), the text alone goes instead.
 */
export const lineAdapter: ChannelAdapter = {
  async send(ctx, account, message): Promise<SendOutcome> {
    const token = openAccessToken(ctx.key, account);
    if (!token) throw new Error('the account holds no token');
    const client = lineClient(ctx.lineOrigin, token);
    const messages = lineMessagesOf(message);
    const sent = await deliver(client, message, messages);
    const native = messages.length > 1 || messages.some((sentMessage) => sentMessage.quickReply);
    if (sent.ok || sent.failure.status !== 400 || !native) return sent;
    ctx.logger.warn(
      { messageId: message.messageId, detail: sent.failure.message },
      'LINE refused the native messages; sending the text alone',
    );
    return deliver(client, message, linePlainMessages(message));
  },
  async senderProfile(ctx, account, senderId) {
    const token = openAccessToken(ctx.key, account);
    if (!token) return null;
    const profile = await lineCall(() => lineClient(ctx.lineOrigin, token).getProfile(senderId));
    return profile.ok ? { pictureUrl: profile.body.pictureUrl ?? null } : null;
  },
};
