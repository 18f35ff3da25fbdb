import type { ChannelName } from '@aisle/contracts/channels';

/** What a customer sent, as every channel's parser reads it from its webhook (channels/<channel>/parse-…). */
export type InboundKind = 'text' | 'image' | 'sticker' | 'audio' | 'video' | 'file' | 'location' | 'other';

export interface InboundMessage {
  channel: ChannelName;
  /** The account it was sent to, by the platform's id (page, Instagram account, phone number id, LINE bot user id). */
  accountExternalId: string;
  /** The customer, by the platform's id for them (PSID, IGSID, wa_id, LINE user id). */
  senderId: string;
  /** The platform's id of the message (mid, wamid, LINE message id): one stored message per id. */
  messageId: string;
  kind: InboundKind;
  /** What the customer wrote (a media message's caption); null when there is no text to answer. */
  text: string | null;
  /** When the customer sent it (ISO): reply windows are counted from it. */
  sentAt: string;
  /** The customer's name when the webhook carries it (WhatsApp's contact profile). */
  senderName?: string | null;
  /** LINE: the token that replies to this message for free, while it is valid. */
  replyToken?: string | null;
}

/** How a message the bot cannot read is shown in the inbox. */
export const KIND_PLACEHOLDERS: Record<Exclude<InboundKind, 'text'>, string> = {
  image: '[Image]',
  sticker: '[Sticker]',
  audio: '[Voice message]',
  video: '[Video]',
  file: '[File]',
  location: '[Location]',
  other: '[Unsupported message]',
};

export const storedContentOf = (message: Pick<InboundMessage, 'kind' | 'text'>) =>
  message.text?.trim() ? message.text : KIND_PLACEHOLDERS[message.kind === 'text' ? 'other' : message.kind];

/** Platform ids are short; anything longer is not one (and is never stored). */
export const PLATFORM_ID_MAX = 512;

/*
 * What a customer's tap sends. A quick reply or a list row on Messenger, Instagram and WhatsApp
 * carries a payload (or id) beside its visible title; the channels put the words the tap stands for
 * there, after this prefix, so the tap reaches the bot as the customer's own message in full (a
 * product's whole title, not the 24 characters a WhatsApp row shows; "I'd like to talk to a person",
 * which hands the thread to a person). LINE's message action sends its text as is.
 */
const TAP_PREFIX = 'say:';

/** The payload of a tap that sends `text`, within the platform's `max` characters (Messenger 1000, WhatsApp 200 or 256). */
export function tapPayloadOf(text: string, max: number): string {
  const payload = `${TAP_PREFIX}${text}`.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(payload) ? payload.slice(0, -1) : payload;
}

/** The words a tap's payload stands for; null for a payload that is not one of ours (the visible title is then the message). */
export const tappedText = (payload: string | null | undefined): string | null =>
  payload?.startsWith(TAP_PREFIX) && payload.length > TAP_PREFIX.length ? payload.slice(TAP_PREFIX.length) : null;
