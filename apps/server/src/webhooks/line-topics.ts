import type { ChannelsContext, InboundMessage } from '../domains/channels';
import { receiveInboundMessage, verifyLineWebhook } from '../domains/channels';
import type { WebhookSource } from './webhook-source';

/**
 * LINE's webhook (`/api/line/webhook/`, every owner's channel posts there: `destination` names it),
 * checked by `x-line-signature` with that channel's secret. A request carrying several events is
 * one delivery per event, deduplicated by its `webhookEventId` (kept when LINE redelivers it). The id
 * is inside the body `x-line-signature` covers, so it cannot be changed: no content key is needed.
 */
export function lineWebhookSource(ctx: ChannelsContext): WebhookSource {
  return {
    name: 'line',
    tag: 'LINE webhooks',
    // LINE needs no operator configuration: each channel's credentials are its owner's.
    disabledDetail: null,
    async verify(request) {
      const verified = await verifyLineWebhook(ctx, request.rawBody, request.headers['x-line-signature']);
      if (!verified) return null;
      return verified.events.map((event) => ({
        deliveryId: event.webhookEventId,
        topic: 'line',
        subject: verified.destination,
        payload: event.message,
      }));
    },
    topics: [
      {
        topic: 'line',
        path: '/api/line/webhook/',
        summary: 'LINE: users’ messages (signed with the channel secret)',
        handle: (delivery) => receiveInboundMessage(ctx, delivery.payload as InboundMessage),
      },
    ],
  };
}
