import { z } from 'zod';
import { SHARED_MESSAGE_MAX_LENGTH } from './visitor-chat';

/**
 * Messaging channels (spec §1 "Connect messaging channels", §7 "Channels", "LINE", "Social"): the
 * channel names, the reply windows each platform allows, and the REST shapes of `/api/{channel}/…`
 * and `/api/meta/social/`. Shared by the server's validation and the web app's `/social` screen and
 * inbox. A channel's conversations are shared threads whose `origin` is the channel's name.
 */

export const metaChannels = ['instagram', 'messenger', 'whatsapp'] as const;
export type MetaChannel = (typeof metaChannels)[number];
export const channelNames = [...metaChannels, 'line'] as const;
export type ChannelName = (typeof channelNames)[number];

/** Every place a shared thread can start: the public chat page, the storefront widget, or a channel. */
export const threadOrigins = ['web', 'widget', ...channelNames] as const;
export type ThreadOrigin = (typeof threadOrigins)[number];

export const channelLabels: Record<ChannelName, string> = {
  instagram: 'Instagram',
  messenger: 'Messenger',
  whatsapp: 'WhatsApp',
  line: 'LINE',
};

export const isChannelName = (value: unknown): value is ChannelName => channelNames.includes(value as ChannelName);
export const isMetaChannel = (value: unknown): value is MetaChannel => metaChannels.includes(value as MetaChannel);

// ── Reply windows ───────────────────────────────────────────────────────────────────────────────

const HOUR_MS = 3_600_000;
/** Messenger, Instagram and WhatsApp: standard messages for 24 h after the customer's last message. */
export const STANDARD_WINDOW_MS = 24 * HOUR_MS;
/** Messenger and Instagram: a person's reply with the human-agent tag, for 7 days after it. */
export const HUMAN_AGENT_WINDOW_MS = 7 * 24 * HOUR_MS;

export const TEMPLATE_NEEDED_TEXT =
  'More than 24 hours have passed since the customer’s last WhatsApp message: WhatsApp only allows an approved template message now. The reply was not sent.';
export const HUMAN_AGENT_CLOSED_TEXT =
  'More than 7 days have passed since the customer’s last message: this platform no longer allows a reply until they write again. The reply was not sent.';

/**
 * What the shop may still send in a channel thread:
 * - `open`: any message, until `endsAt` (24 h after the customer's last message);
 * - `human_agent`: only a person's reply (tagged HUMAN_AGENT), until `endsAt` (7 days);
 * - `template_required`: WhatsApp after 24 h, only an approved template (not sent from here);
 * - `closed`: nothing until the customer writes again;
 * - `unlimited`: no window (LINE pushes; the web chat).
 */
export type ReplyWindowState = 'open' | 'human_agent' | 'template_required' | 'closed' | 'unlimited';

export interface ReplyWindow {
  state: ReplyWindowState;
  /** When the current state ends (ISO time); null when it does not. */
  endsAt: string | null;
}

/** The reply window of a thread from its origin and the customer's last message (spec ★ "Reply windows"). */
export function replyWindowOf(
  origin: string | null | undefined,
  lastCustomerMessageAt: string | Date | null | undefined,
  now = Date.now(),
): ReplyWindow {
  if (origin !== 'messenger' && origin !== 'instagram' && origin !== 'whatsapp') return { state: 'unlimited', endsAt: null };
  const last = lastCustomerMessageAt ? new Date(lastCustomerMessageAt).getTime() : Number.NaN;
  // No message from the customer yet cannot happen in a channel thread; nothing may be sent.
  if (Number.isNaN(last)) return { state: origin === 'whatsapp' ? 'template_required' : 'closed', endsAt: null };
  const standardEnd = last + STANDARD_WINDOW_MS;
  if (now < standardEnd) return { state: 'open', endsAt: new Date(standardEnd).toISOString() };
  if (origin === 'whatsapp') return { state: 'template_required', endsAt: null };
  const agentEnd = last + HUMAN_AGENT_WINDOW_MS;
  if (now < agentEnd) return { state: 'human_agent', endsAt: new Date(agentEnd).toISOString() };
  return { state: 'closed', endsAt: null };
}

/** Why a reply cannot be sent in this window, or null when it can (a person's reply when `byPerson`). */
export function replyRefusalOf(window: ReplyWindow, byPerson: boolean): string | null {
  if (window.state === 'open' || window.state === 'unlimited') return null;
  if (window.state === 'human_agent') return byPerson ? null : HUMAN_AGENT_CLOSED_TEXT;
  return window.state === 'template_required' ? TEMPLATE_NEEDED_TEXT : HUMAN_AGENT_CLOSED_TEXT;
}

/** What the bot answers to an image, sticker, audio or video: it reads text only. */
export const UNSUPPORTED_MESSAGE_REPLY = 'Sorry, I can only read text messages. Please type your question and I’ll be glad to help.';

// ── REST: /api/{channel}/… ──────────────────────────────────────────────────────────────────────

const uuid = z.uuid('Must be a valid UUID.');
const blank = 'This field may not be blank.';
const tooLong = (max: number) => `Ensure this field has no more than ${max} characters.`;

/** POST {channel}/account/: the account to answer on, and the assistant that answers it. */
export const chooseAccountSchema = z.object({ accountId: uuid, assistantId: uuid });
export type ChooseAccountRequest = z.infer<typeof chooseAccountSchema>;

/** POST {channel}/disconnect/. */
export const disconnectAccountSchema = z.object({ accountId: uuid });

/** POST {channel}/user_reply/: the owner's hand-written reply, sent to the customer on their channel. */
export const userReplySchema = z.object({
  sharedThreadId: uuid,
  content: z.string().trim().min(1, blank).max(SHARED_MESSAGE_MAX_LENGTH, tooLong(SHARED_MESSAGE_MAX_LENGTH)),
});
export type UserReplyRequest = z.infer<typeof userReplySchema>;

/** POST line/connect/: a LINE Messaging API channel's credentials, from the LINE Developers console. */
export const lineConnectSchema = z.object({
  channelId: z
    .string()
    .trim()
    .regex(/^\d{6,20}$/, 'Enter the channel ID: the digits shown under Basic settings.'),
  channelSecret: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{32}$/i, 'Enter the channel secret: 32 letters and digits shown under Basic settings.'),
  accessToken: z
    .string()
    .trim()
    .min(1, blank)
    .max(1000, tooLong(1000))
    .regex(/^[A-Za-z0-9+/=._-]+$/, 'Enter the channel access token as LINE shows it (a long-lived token, without spaces).'),
  /** The assistant that answers it (it can be chosen later with line/account/). */
  assistantId: uuid.optional(),
});
export type LineConnectRequest = z.infer<typeof lineConnectSchema>;

/** GET {channel}/callback/: what Facebook Login redirects back with. */
export const metaCallbackQuerySchema = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(4096).optional(),
  error: z.string().max(200).optional(),
  error_reason: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});

/** GET {channel}/webhook/: Meta's subscription handshake. */
export const metaChallengeQuerySchema = z.object({
  'hub.mode': z.string().max(50).optional(),
  'hub.verify_token': z.string().max(500).optional(),
  'hub.challenge': z.string().max(500).optional(),
});

/** GET data_deletion/?code=: the status of an Instagram data deletion request. */
export const dataDeletionStatusQuerySchema = z.object({ code: z.string().trim().min(1, blank).max(100, tooLong(100)) });

export const dataDeletionStatusSchema = z.object({
  confirmation_code: z.string(),
  status: z.enum(['completed']),
  requested_at: z.string(),
  completed_at: z.string().nullable(),
  conversations_deleted: z.number(),
});
export type DataDeletionStatus = z.infer<typeof dataDeletionStatusSchema>;

/** The token's state as `/social` shows it. */
export const tokenStates = ['valid', 'expiring', 'expired', 'revoked'] as const;
export type TokenState = (typeof tokenStates)[number];

/**
 * A messaging account of the owner: a Facebook page, an Instagram professional account, a WhatsApp
 * number or a LINE channel. `available` accounts were listed by the last login and can be chosen;
 * `connected` ones answer; `disconnected` ones keep their conversations but hold no token.
 */
export const channelAccountSchema = z.object({
  id: z.string(),
  channel: z.enum(channelNames),
  externalAccountId: z.string(),
  name: z.string().nullable(),
  pictureUrl: z.string().nullable(),
  status: z.enum(['available', 'connected', 'disconnected']),
  assistantId: z.string().nullable(),
  assistantName: z.string().nullable(),
  tokenState: z.enum(tokenStates).nullable(),
  tokenExpiresAt: z.string().nullable(),
  tokenProblem: z.string().nullable(),
  connectedAt: z.string().nullable(),
  lastWebhookAt: z.string().nullable(),
  lastMessageAt: z.string().nullable(),
  lastSendError: z.string().nullable(),
  lastSendErrorAt: z.string().nullable(),
});
export type ChannelAccount = z.infer<typeof channelAccountSchema>;

export const channelSummarySchema = z.object({
  channel: z.enum(channelNames),
  label: z.string(),
  /** Meta channels need the operator's app credentials (META_APP_ID, …); LINE is always available. */
  configured: z.boolean(),
  /** Why it cannot be used, when it cannot. */
  unavailableReason: z.string().nullable(),
  /** Where the platform delivers messages: LINE owners paste it; for Meta only the operator needs it (staff). */
  webhookUrl: z.string().nullable(),
  /** Meta's verify token, for the operator (staff only). */
  verifyToken: z.string().nullable(),
  accounts: z.array(channelAccountSchema),
});
export type ChannelSummary = z.infer<typeof channelSummarySchema>;

/** GET meta/social/: what `/social` shows, one entry per channel. */
export const socialSummarySchema = z.object({ channels: z.array(channelSummarySchema) });
export type SocialSummary = z.infer<typeof socialSummarySchema>;

/** GET {channel}/login/ with `Accept: application/json`: where to send the browser. */
export const metaLoginUrlSchema = z.object({ url: z.string() });

/** A stored reply as user_reply/ answers it. */
export const channelReplySchema = z.object({
  id: z.string(),
  sharedThreadId: z.string(),
  content: z.string(),
  /** `pending` until the platform accepted it (an outbound-send job), then `sent` or `failed`. */
  deliveryStatus: z.enum(['pending', 'sent', 'failed']),
  createdAt: z.string(),
});
export type ChannelReply = z.infer<typeof channelReplySchema>;
