import { z } from 'zod';
import { type InboundKind, type InboundMessage, PLATFORM_ID_MAX } from '../inbound-message';

/*
 * LINE webhooks: `{destination, events[]}`, each event with its `webhookEventId` (the delivery id:
 * the same event redelivered keeps it, `deliveryContext.isRedelivery` true). Only a user's message
 * in a one-to-one chat is answered; follows, unfollows, postbacks, group and room chats, and events
 * of a channel on standby (another bot answers) are not.
 */

const id = z.string().min(1).max(PLATFORM_ID_MAX);
export const lineBodySchema = z.looseObject({ destination: id, events: z.array(z.unknown()).max(1000) });
const messageEvent = z.looseObject({
  type: z.literal('message'),
  mode: z.string().max(20).optional(),
  timestamp: z.number(),
  webhookEventId: id,
  replyToken: z.string().max(PLATFORM_ID_MAX).optional(),
  deliveryContext: z.looseObject({ isRedelivery: z.boolean() }).optional(),
  source: z.looseObject({ type: z.string().max(20), userId: id.optional() }),
  message: z.looseObject({ id, type: z.string().max(50), text: z.string().max(20_000).optional() }),
});

const KINDS: Record<string, InboundKind> = {
  image: 'image',
  sticker: 'sticker',
  audio: 'audio',
  video: 'video',
  file: 'file',
  location: 'location',
};

export interface LineEvent {
  /** The delivery id: one per event, kept by redeliveries. */
  webhookEventId: string;
  message: InboundMessage;
}

/** The users' new messages of a LINE webhook body (already verified), each with its event id. */
export function parseLineEvents(body: z.infer<typeof lineBodySchema>): LineEvent[] {
  const events: LineEvent[] = [];
  for (const raw of body.events) {
    const parsed = messageEvent.safeParse(raw);
    if (!parsed.success) continue;
    const event = parsed.data;
    if (event.mode === 'standby' || event.source.type !== 'user' || !event.source.userId) continue;
    const text = event.message.type === 'text' && event.message.text?.trim() ? event.message.text : null;
    events.push({
      webhookEventId: event.webhookEventId,
      message: {
        channel: 'line',
        accountExternalId: body.destination,
        senderId: event.source.userId,
        messageId: event.message.id,
        kind: text ? 'text' : (KINDS[event.message.type] ?? 'other'),
        text,
        sentAt: new Date(event.timestamp).toISOString(),
        // A redelivered event's reply token may be long expired: the send pushes instead.
        replyToken: event.deliveryContext?.isRedelivery ? null : (event.replyToken ?? null),
      },
    });
  }
  return events;
}
