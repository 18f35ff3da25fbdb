import { channelLabels, metaChannels } from '@aisle/contracts/channels';
import type { ChannelsContext, InboundMessage } from '../domains/channels';
import { channelMessages, receiveInboundMessage, verifyMetaWebhook } from '../domains/channels';
import type { WebhookSource } from './webhook-source';

/**
 * Meta's webhooks: one route per channel (`/api/{channel}/webhook/`, the callback URL of its object
 * in the Meta app: Page, Instagram, WhatsApp Business Account), each checked by
 * `X-Hub-Signature-256`. Meta sends no delivery id and batches several messages per request, so
 * every customer message is a delivery of its own, deduplicated by its `mid` or WhatsApp message
 * id. Those ids (and the `object` naming the channel) are inside the body `X-Hub-Signature-256`
 * covers, so they cannot be changed without breaking it: no content key is needed. The `GET` handshake (hub.challenge) is an ordinary route (domains/channels/channel-routes.ts).
 */
export function metaWebhookSource(ctx: ChannelsContext): WebhookSource {
  return {
    name: 'meta',
    tag: 'Meta webhooks',
    disabledDetail: ctx.meta ? null : channelMessages.metaNotConfigured,
    async verify(request) {
      if (!ctx.meta) return null;
      const verified = verifyMetaWebhook(ctx.meta.appSecret, request.rawBody, request.headers['x-hub-signature-256']);
      if (!verified) return null;
      return verified.messages.map((message) => ({
        deliveryId: `${message.channel}:${message.messageId}`,
        topic: message.channel,
        subject: message.accountExternalId,
        payload: message,
      }));
    },
    topics: metaChannels.map((channel) => ({
      topic: channel,
      path: `/api/${channel}/webhook/`,
      summary: `${channelLabels[channel]}: customers’ messages (signed by Meta)`,
      handle: (delivery) => receiveInboundMessage(ctx, delivery.payload as InboundMessage),
    })),
  };
}
