import { createHmac, randomBytes } from 'node:crypto';
import { FAKE_META_APP_SECRET } from './fake-graph-api';

/*
 * Meta's webhook deliveries as Meta sends them (payload shapes of the Messenger Platform and
 * WhatsApp Cloud API references), signed with X-Hub-Signature-256 over the exact bytes.
 */

export const newMid = () => `m_${randomBytes(16).toString('base64url')}`;
export const newWamid = () => `wamid.${randomBytes(18).toString('base64url')}`;

export interface MessagingEvent {
  sender: { id: string };
  recipient: { id: string };
  timestamp: number;
  [key: string]: unknown;
}

/** A customer's text to a page (Messenger) or an Instagram account. */
export function textEvent(input: { to: string; from: string; text: string; mid?: string; at?: number }): MessagingEvent {
  return {
    sender: { id: input.from },
    recipient: { id: input.to },
    timestamp: input.at ?? Date.now(),
    message: { mid: input.mid ?? newMid(), text: input.text },
  };
}

/**
 * A customer's tap on a quick reply (Messenger and Instagram): a text message whose text is the
 * quick reply's title, with `quick_reply.payload` as the page set it
 * (https://developers.facebook.com/docs/messenger-platform/send-messages/quick-replies,
 * https://developers.facebook.com/docs/messenger-platform/instagram/features/quick-replies: "The message object
 * will also contain a field named quick_reply containing the payload data").
 */
export function quickReplyEvent(input: { to: string; from: string; title: string; payload: string; mid?: string }): MessagingEvent {
  return {
    sender: { id: input.from },
    recipient: { id: input.to },
    timestamp: Date.now(),
    message: { mid: input.mid ?? newMid(), text: input.title, quick_reply: { payload: input.payload } },
  };
}

/** An attachment (image, audio, sticker as an image with a sticker id). */
export function attachmentEvent(input: {
  to: string;
  from: string;
  type: 'image' | 'audio' | 'video' | 'file';
  stickerId?: number;
  mid?: string;
}) {
  return {
    sender: { id: input.from },
    recipient: { id: input.to },
    timestamp: Date.now(),
    message: {
      mid: input.mid ?? newMid(),
      attachments: [
        {
          type: input.type,
          payload: { url: 'https://scontent.example.test/attachment.jpg', ...(input.stickerId ? { sticker_id: input.stickerId } : {}) },
        },
      ],
    },
  };
}

/** The page's own message coming back (`is_echo`): never answered. */
export function echoEvent(input: { account: string; to: string; text: string; appId?: string }): MessagingEvent {
  return {
    sender: { id: input.account },
    recipient: { id: input.to },
    timestamp: Date.now(),
    message: { mid: newMid(), is_echo: true, app_id: Number(input.appId ?? 1234567890), text: input.text },
  };
}

export const readEvent = (input: { to: string; from: string }): MessagingEvent => ({
  sender: { id: input.from },
  recipient: { id: input.to },
  timestamp: Date.now(),
  read: { watermark: Date.now() - 1000 },
});

export const deliveryEvent = (input: { to: string; from: string }): MessagingEvent => ({
  sender: { id: input.from },
  recipient: { id: input.to },
  timestamp: Date.now(),
  delivery: { mids: [newMid()], watermark: Date.now() - 1000 },
});

export const reactionEvent = (input: { to: string; from: string; mid: string }): MessagingEvent => ({
  sender: { id: input.from },
  recipient: { id: input.to },
  timestamp: Date.now(),
  reaction: { mid: input.mid, action: 'react', reaction: 'love', emoji: '❤️' },
});

/** `object: page` (Messenger) or `object: instagram`, one entry per account, each with its events. */
export function messagingPayload(object: 'page' | 'instagram', entries: { id: string; events: MessagingEvent[] }[]) {
  return { object, entry: entries.map((entry) => ({ id: entry.id, time: Date.now(), messaging: entry.events })) };
}

export interface WhatsAppText {
  from: string;
  text: string;
  name?: string;
  id?: string;
  timestamp?: number;
}

/** `object: whatsapp_business_account` with customers' messages (`changes[].value.messages`). */
export function whatsappMessagesPayload(input: {
  wabaId: string;
  phoneNumberId: string;
  displayPhoneNumber?: string;
  messages: WhatsAppText[];
}) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: input.wabaId,
        changes: [
          {
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: input.displayPhoneNumber ?? '15550783881', phone_number_id: input.phoneNumberId },
              contacts: input.messages.map((m) => ({ profile: { name: m.name ?? 'Customer' }, wa_id: m.from })),
              messages: input.messages.map((m) => ({
                from: m.from,
                id: m.id ?? newWamid(),
                timestamp: String(Math.floor((m.timestamp ?? Date.now()) / 1000)),
                type: 'text',
                text: { body: m.text },
              })),
            },
            field: 'messages',
          },
        ],
      },
    ],
  };
}

/**
 * A customer's tap on an interactive message (WhatsApp): `type: interactive` with `button_reply` (a
 * reply button) or `list_reply` (a list row), `{id, title}` as the business set them, and `context`
 * naming the message tapped: the `messages` webhook the reply buttons and list pages describe
 * (https://developers.facebook.com/documentation/business-messaging/whatsapp/messages/interactive-reply-buttons-messages,
 * …/interactive-list-messages: "Selecting an option triggers a webhook, which identifies the user's selected option").
 */
export function whatsappInteractivePayload(input: {
  wabaId: string;
  phoneNumberId: string;
  from: string;
  reply: { kind: 'button_reply' | 'list_reply'; id: string; title: string; description?: string };
  context?: string;
  id?: string;
}) {
  const { kind, ...reply } = input.reply;
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: input.wabaId,
        changes: [
          {
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: input.phoneNumberId },
              contacts: [{ profile: { name: 'Customer' }, wa_id: input.from }],
              messages: [
                {
                  context: { from: '15550783881', id: input.context ?? newWamid() },
                  from: input.from,
                  id: input.id ?? newWamid(),
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  type: 'interactive',
                  interactive: { type: kind, [kind]: reply },
                },
              ],
            },
            field: 'messages',
          },
        ],
      },
    ],
  };
}

/** WhatsApp media from a customer (an image without caption, an audio note, a sticker). */
export function whatsappMediaPayload(input: {
  wabaId: string;
  phoneNumberId: string;
  from: string;
  type: 'image' | 'audio' | 'sticker';
  id?: string;
}) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: input.wabaId,
        changes: [
          {
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: input.phoneNumberId },
              contacts: [{ profile: { name: 'Customer' }, wa_id: input.from }],
              messages: [
                {
                  from: input.from,
                  id: input.id ?? newWamid(),
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  type: input.type,
                  [input.type]: {
                    mime_type: input.type === 'audio' ? 'audio/ogg; codecs=opus' : 'image/webp',
                    sha256: 'fakehash',
                    id: '1234567',
                  },
                },
              ],
            },
            field: 'messages',
          },
        ],
      },
    ],
  };
}

/** `value.statuses` (our own message sent, delivered, read): a separate change, never answered. */
export function whatsappStatusPayload(input: {
  wabaId: string;
  phoneNumberId: string;
  recipient: string;
  status: 'sent' | 'delivered' | 'read';
}) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: input.wabaId,
        changes: [
          {
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: input.phoneNumberId },
              statuses: [
                {
                  id: newWamid(),
                  status: input.status,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  recipient_id: input.recipient,
                  pricing: { billable: true, pricing_model: 'PMP', category: 'service', type: 'free_customer_service' },
                },
              ],
            },
            field: 'messages',
          },
        ],
      },
    ],
  };
}

/** A delivery as Meta posts it: the JSON bytes and `X-Hub-Signature-256` over them. */
export function signedMetaWebhook(payload: unknown, secret: string = FAKE_META_APP_SECRET) {
  const body = JSON.stringify(payload);
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`,
    },
  };
}

/** A `signed_request` as Meta sends it to the data deletion and deauthorize callbacks. */
export function signedRequest(userId: string, secret: string = FAKE_META_APP_SECRET) {
  const payload = Buffer.from(
    JSON.stringify({ algorithm: 'HMAC-SHA256', issued_at: Math.floor(Date.now() / 1000), user_id: userId }),
  ).toString('base64url');
  const signature = createHmac('sha256', secret).update(payload).digest('base64url');
  return `${signature}.${payload}`;
}
