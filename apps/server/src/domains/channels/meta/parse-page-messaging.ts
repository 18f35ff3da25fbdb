import { z } from 'zod';
import { type InboundKind, type InboundMessage, PLATFORM_ID_MAX, tappedText } from '../inbound-message';

/*
 * Messenger (`object: page`) and Instagram (`object: instagram`) webhooks: the Messenger Platform's
 * format, `entry[].messaging[]`, one event each. Only a customer's new message is a message here:
 * echoes of the page's own sends (`is_echo`), read receipts (`read`), deliveries (`delivery`),
 * reactions (`reaction`), edits, postbacks and deleted messages are never answered. A tapped quick
 * reply is a message whose `quick_reply.payload` holds what we set on it
 * (https://developers.facebook.com/docs/messenger-platform/reference/webhook-events/messages).
 */

const id = z.string().min(1).max(PLATFORM_ID_MAX);
const attachment = z.looseObject({ type: z.string().max(50), payload: z.looseObject({ sticker_id: z.unknown().optional() }).nullish() });
const messagingEvent = z.looseObject({
  sender: z.looseObject({ id }),
  recipient: z.looseObject({ id }),
  timestamp: z.number().optional(),
  message: z
    .looseObject({
      mid: id,
      text: z.string().max(20_000).optional(),
      is_echo: z.boolean().optional(),
      is_deleted: z.boolean().optional(),
      is_unsupported: z.boolean().optional(),
      attachments: z.array(attachment).max(50).optional(),
      quick_reply: z.looseObject({ payload: z.string().max(2000).optional() }).optional(),
    })
    .optional(),
});
const pagePayload = z.looseObject({
  entry: z.array(z.looseObject({ id: id.optional(), messaging: z.array(z.unknown()).max(1000).optional() })).max(1000),
});

function kindOf(attachments: z.infer<typeof attachment>[] | undefined): InboundKind {
  const first = attachments?.[0];
  if (!first) return 'other';
  if (first.payload?.sticker_id !== undefined) return 'sticker';
  switch (first.type) {
    case 'image':
    case 'audio':
    case 'video':
    case 'file':
    case 'location':
      return first.type;
    case 'sticker':
      return 'sticker';
    default:
      return 'other';
  }
}

/** The customers' new messages of a Messenger or Instagram webhook body (already verified). */
export function parsePageMessaging(channel: 'messenger' | 'instagram', body: unknown): InboundMessage[] {
  const parsed = pagePayload.safeParse(body);
  if (!parsed.success) return [];
  const messages: InboundMessage[] = [];
  for (const entry of parsed.data.entry) {
    for (const raw of entry.messaging ?? []) {
      const event = messagingEvent.safeParse(raw);
      const message = event.success ? event.data.message : undefined;
      if (!event.success || !message || message.is_echo || message.is_deleted) continue;
      // A tapped quick reply (page-messages.ts) says the words its payload stands for; its title is the text otherwise.
      const tapped = tappedText(message.quick_reply?.payload);
      const text = tapped ?? (message.text?.trim() ? message.text : null);
      messages.push({
        channel,
        accountExternalId: event.data.recipient.id,
        senderId: event.data.sender.id,
        messageId: message.mid,
        kind: text ? 'text' : message.is_unsupported ? 'other' : kindOf(message.attachments),
        text,
        sentAt: new Date(event.data.timestamp ?? Date.now()).toISOString(),
      });
    }
  }
  return messages;
}
