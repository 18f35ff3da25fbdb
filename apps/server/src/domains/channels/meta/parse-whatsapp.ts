import { z } from 'zod';
import { type InboundKind, type InboundMessage, PLATFORM_ID_MAX, tappedText } from '../inbound-message';

/*
 * WhatsApp Cloud API webhooks (`object: whatsapp_business_account`): `entry[].changes[]` whose
 * `field` is `messages` carry `value.messages` (what customers sent, with `value.contacts` naming
 * them) or, separately, `value.statuses` (sent, delivered, read, failed: our own messages' fate,
 * never answered). Reactions are not messages to answer either. A tap on an interactive message
 * arrives as `type: interactive` with `interactive.button_reply` or `interactive.list_reply`
 * (`{id, title}`; https://developers.facebook.com/documentation/business-messaging/whatsapp/messages/interactive-reply-buttons-messages).
 */

const id = z.string().min(1).max(PLATFORM_ID_MAX);
const waMessage = z.looseObject({
  from: id,
  id,
  timestamp: z.string().max(20).optional(),
  type: z.string().max(50),
  text: z.looseObject({ body: z.string().max(20_000) }).optional(),
  image: z.looseObject({ caption: z.string().max(5000).optional() }).optional(),
  video: z.looseObject({ caption: z.string().max(5000).optional() }).optional(),
  document: z.looseObject({ caption: z.string().max(5000).optional() }).optional(),
  button: z.looseObject({ text: z.string().max(1000).optional() }).optional(),
  interactive: z
    .looseObject({
      button_reply: z.looseObject({ id: z.string().max(1000).optional(), title: z.string().max(1000) }).optional(),
      list_reply: z.looseObject({ id: z.string().max(1000).optional(), title: z.string().max(1000) }).optional(),
    })
    .optional(),
});
const change = z.looseObject({
  field: z.string().max(100).optional(),
  value: z
    .looseObject({
      metadata: z.looseObject({ phone_number_id: id }).optional(),
      contacts: z
        .array(
          z.looseObject({
            wa_id: z.string().max(PLATFORM_ID_MAX).optional(),
            profile: z.looseObject({ name: z.string().max(500).optional() }).optional(),
          }),
        )
        .max(100)
        .optional(),
      messages: z.array(z.unknown()).max(1000).optional(),
    })
    .optional(),
});
const whatsappPayload = z.looseObject({ entry: z.array(z.looseObject({ changes: z.array(z.unknown()).max(1000).optional() })).max(1000) });

const MEDIA_KINDS: Record<string, InboundKind> = {
  image: 'image',
  sticker: 'sticker',
  audio: 'audio',
  video: 'video',
  document: 'file',
  location: 'location',
};

/**
 * What the customer said: their text, a media caption, a template's quick-reply button, or a tap
 * on one of our interactive messages (whatsapp-messages.ts): a reply button (`button_reply`) or a
 * list row (`list_reply`), read as the words the tap stands for (its id), else its visible title.
 */
function textOf(message: z.infer<typeof waMessage>): string | null {
  const tap = message.interactive?.button_reply ?? message.interactive?.list_reply;
  const text =
    message.text?.body ??
    (tap ? (tappedText(tap.id) ?? tap.title) : undefined) ??
    message.image?.caption ??
    message.video?.caption ??
    message.document?.caption ??
    message.button?.text;
  return text?.trim() ? text : null;
}

/** The customers' new messages of a WhatsApp webhook body (already verified); statuses are skipped. */
export function parseWhatsApp(body: unknown): InboundMessage[] {
  const parsed = whatsappPayload.safeParse(body);
  if (!parsed.success) return [];
  const messages: InboundMessage[] = [];
  for (const entry of parsed.data.entry) {
    for (const raw of entry.changes ?? []) {
      const parsedChange = change.safeParse(raw);
      if (!parsedChange.success || (parsedChange.data.field && parsedChange.data.field !== 'messages')) continue;
      const value = parsedChange.data.value;
      const phoneNumberId = value?.metadata?.phone_number_id;
      if (!value || !phoneNumberId) continue;
      for (const rawMessage of value.messages ?? []) {
        const result = waMessage.safeParse(rawMessage);
        if (!result.success || result.data.type === 'reaction') continue;
        const message = result.data;
        const text = textOf(message);
        const seconds = Number(message.timestamp);
        messages.push({
          channel: 'whatsapp',
          accountExternalId: phoneNumberId,
          senderId: message.from,
          messageId: message.id,
          kind: text ? 'text' : (MEDIA_KINDS[message.type] ?? 'other'),
          text,
          sentAt: new Date(Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : Date.now()).toISOString(),
          senderName: value.contacts?.find((contact) => contact.wa_id === message.from)?.profile?.name ?? null,
        });
      }
    }
  }
  return messages;
}
