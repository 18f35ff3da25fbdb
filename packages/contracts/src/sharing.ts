import { z } from 'zod';

/**
 * Sharing an assistant with anonymous visitors (spec §1, §3 SharedAssistant, SharedThread,
 * SharedMessage; §7 Shared assistant, Shared chat): the owner's REST calls, the visitor's public
 * calls and their server-sent events, and the storefront widget's postMessage protocol. Shared by
 * the server's validation, the visitor page, the widget loader and the owner's screens.
 */

/** Longest visitor or manual message, in characters. */
export const SHARED_MESSAGE_MAX_LENGTH = 4000;
/** Random bytes in a share token and a visitor token (base64url): 192 bits, unguessable. */
export const SHARE_TOKEN_BYTES = 24;
export const VISITOR_TOKEN_BYTES = 24;

/** Where a shared thread started. Channels (Instagram, Messenger, WhatsApp, LINE) come later. */
export const sharedThreadOrigins = ['web', 'widget'] as const;
export type SharedThreadOrigin = (typeof sharedThreadOrigins)[number];

const uuid = z.uuid('Must be a valid UUID.');
const blank = 'This field may not be blank.';
const tooLong = (max: number) => `Ensure this field has no more than ${max} characters.`;
/** Share and visitor tokens: base64url, bounded (a forged token is refused as not found, not as malformed). */
const token = z.string().trim().min(1, blank).max(200, tooLong(200));
const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Enter a colour as #RRGGBB.');

/** The colours of the public chat and the widget's launcher. */
export const shareThemeSchema = z.object({
  /** Launcher, header and the visitor's bubbles. */
  primaryColor: hexColor,
  /** Text on the primary colour. */
  primaryTextColor: hexColor,
});
export type ShareTheme = z.infer<typeof shareThemeSchema>;
export const DEFAULT_SHARE_THEME: ShareTheme = { primaryColor: '#18181b', primaryTextColor: '#ffffff' };

// ── Owner: POST shared-assistant/create/ and delete/ ────────────────────────────────────────────

export const sharedAssistantCreateSchema = z.object({
  assistantId: uuid,
  /** When the link stops working; absent or null: never. Must be in the future. */
  expiresAt: z.iso.datetime({ offset: true, error: 'Enter a date and time with a time zone (ISO 8601).' }).nullish(),
  theme: shareThemeSchema.optional(),
});
export type SharedAssistantCreate = z.infer<typeof sharedAssistantCreateSchema>;

/** The field error (`{expiresAt: [...]}`, 400) for an expiry that is not in the future. */
export const EXPIRES_IN_PAST_TEXT = 'Enter a date and time in the future.';

export const sharedAssistantDeleteSchema = z.object({ id: uuid });

/** A SharedAssistant as the owner sees it (REST answers; GraphQL has the same fields). */
export const sharedAssistantSchema = z.object({
  id: z.string(),
  ownerEmail: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  shareToken: z.object({ token: z.string() }),
  isActive: z.boolean(),
  expiresAt: z.string().nullable(),
  originalAssistantID: z.string(),
  assistantName: z.string().nullable(),
  theme: shareThemeSchema,
  status: z.string().nullable(),
  log: z.string().nullable(),
});
export type SharedAssistant = z.infer<typeof sharedAssistantSchema>;

/** `updateSharedAssistant` (GraphQL) input besides its id: what the owner may change on a share. */
export const sharedAssistantUpdateSchema = z.object({
  isActive: z.boolean('Must be true or false.').optional(),
  /** When the link stops working; null: never. A new date must be in the future. */
  expiresAt: z.iso.datetime({ offset: true, error: 'Enter a date and time with a time zone (ISO 8601).' }).nullish(),
  assistantName: z.string().trim().min(1, blank).max(200, tooLong(200)).nullish(),
  theme: shareThemeSchema.optional(),
});
export type SharedAssistantUpdate = z.infer<typeof sharedAssistantUpdateSchema>;

/** The shop's hand-written answer in the inbox (`sendManualReply`): same bounds as a visitor's message. */
export const manualReplySchema = z.object({
  content: z.string().trim().min(1, blank).max(SHARED_MESSAGE_MAX_LENGTH, tooLong(SHARED_MESSAGE_MAX_LENGTH)),
});

// ── Visitor: POST shared-chat/decode-shared-token/ ──────────────────────────────────────────────

export const decodeSharedTokenSchema = z.object({ token });

/** The public face of a shared assistant: nothing of the owner's beyond what visitors see. */
export const publicAssistantSchema = z.object({
  sharedAssistantId: z.string(),
  assistantName: z.string(),
  assistantAvatarUrl: z.string().nullable(),
  userAvatarUrl: z.string().nullable(),
  theme: shareThemeSchema,
  /** Questions offered to start with (the assistant's `assistantUserQA` questions). */
  suggestedQuestions: z.array(z.string()),
});
export type PublicAssistant = z.infer<typeof publicAssistantSchema>;

/**
 * Why a token does not open a chat. Answered as 404 `{detail, code}` (`not_found`, also for forged
 * and deleted tokens), or 410 for `inactive` and `expired`.
 */
export const shareTokenProblems = {
  not_found: 'This chat link does not exist. Ask the shop for a new one.',
  inactive: 'This chat is turned off for now. Please try again later.',
  expired: 'This chat link has expired. Ask the shop for a new one.',
} as const;
export type ShareTokenProblem = keyof typeof shareTokenProblems;

// ── Visitor: POST shared-chat/message/ and stream/ ──────────────────────────────────────────────

export const sharedChatMessageSchema = z.object({
  token,
  message: z.string().trim().min(1, blank).max(SHARED_MESSAGE_MAX_LENGTH, tooLong(SHARED_MESSAGE_MAX_LENGTH)),
  /** The visitor's thread; absent on the first message, which creates it. */
  sharedThreadId: uuid.optional(),
  /** Required with `sharedThreadId`: the token the first answer gave, which alone reaches the thread. */
  visitorToken: token.optional(),
  /** Where the visitor is chatting from (first message only; default `web`). */
  origin: z.enum(sharedThreadOrigins).optional(),
});
export type SharedChatMessageRequest = z.infer<typeof sharedChatMessageSchema>;

/** A message of a shared thread as the visitor sees it: no usage, cost or owner details. */
export const publicMessageSchema = z.object({
  id: z.string(),
  content: z.string(),
  /** `user` is the visitor; `assistant` is the bot, or the shop's staff when `isManualResponse`. */
  senderType: z.enum(['user', 'assistant']),
  isManualResponse: z.boolean(),
  createdAt: z.string(),
  citations: z.array(z.object({ number: z.number().int(), fileName: z.string(), heading: z.string(), text: z.string() })),
});
export type PublicMessage = z.infer<typeof publicMessageSchema>;

/** The visitor's thread: its id, the token that reaches it, and whether the bot answers. */
export const visitorThreadSchema = z.object({
  sharedThreadId: z.string(),
  visitorToken: z.string(),
  anonymousEmail: z.string(),
  autoReplyPaused: z.boolean(),
});
export type VisitorThread = z.infer<typeof visitorThreadSchema>;

/** `shared-chat/message/` answer: the stored question and the reply (null while auto-reply is paused). */
export const sharedChatMessageResponseSchema = visitorThreadSchema.extend({
  userMessage: publicMessageSchema,
  reply: publicMessageSchema.nullable(),
});
export type SharedChatMessageResponse = z.infer<typeof sharedChatMessageResponseSchema>;

/**
 * `shared-chat/stream/` server-sent events, in order: `thread`, `message` (the stored question),
 * then `token`* and `done` — or `paused` when the shop has paused auto-reply (a person answers
 * instead), or `error` at any point after `thread`.
 */
export type SharedChatStreamEvent =
  | { event: 'thread'; data: VisitorThread }
  | { event: 'message'; data: PublicMessage }
  | { event: 'token'; data: { text: string } }
  | { event: 'done'; data: { reply: PublicMessage } }
  | { event: 'paused'; data: { detail: string } }
  | { event: 'error'; data: { code: string; detail: string; retryable: boolean } };

export const AUTO_REPLY_PAUSED_TEXT = 'A member of the shop’s team will answer you here shortly.';

/** A thread id with the wrong visitor token, another share's thread or none at all: never told apart. */
export const CONVERSATION_NOT_FOUND_TEXT = 'Conversation not found.';

/** 402 `{detail, code: 'unavailable'}`: the owner cannot pay for the reply (never their balance details). */
export const SHARED_CHAT_UNAVAILABLE_TEXT = "This assistant can't answer right now. Please try again later.";

/**
 * `shared-chat/message/` (JSON) failing after the visitor's message was stored (402 `unavailable`,
 * 502 when the AI provider fails): the message is kept, and the answer carries the thread it is in,
 * so a first message's thread is not lost. Errors before anything is stored are plain `{detail, code?}`.
 */
export const sharedChatErrorSchema = z.object({
  detail: z.string(),
  code: z.string(),
  retryable: z.boolean(),
  thread: visitorThreadSchema.optional(),
  userMessage: publicMessageSchema.optional(),
});
export type SharedChatError = z.infer<typeof sharedChatErrorSchema>;

// ── Visitor: POST shared-chat/thread/ (history) and shared-chat/events/ (live) ─────────────────

export const visitorThreadRequestSchema = z.object({ token, sharedThreadId: uuid, visitorToken: token });
export type VisitorThreadRequest = z.infer<typeof visitorThreadRequestSchema>;

export const visitorThreadHistorySchema = z.object({
  thread: visitorThreadSchema.omit({ visitorToken: true }),
  messages: z.array(publicMessageSchema),
});
export type VisitorThreadHistory = z.infer<typeof visitorThreadHistorySchema>;

/**
 * `shared-chat/events/` server-sent events while the visitor's page is open: `message` for every
 * message stored in the thread after the stream opened (the shop's manual replies, and replies to
 * questions asked from another tab), `thread` when auto-reply is paused or resumed. A comment line
 * every 25 s keeps proxies from closing the stream.
 */
export type VisitorLiveEvent = { event: 'message'; data: PublicMessage } | { event: 'thread'; data: { autoReplyPaused: boolean } };

export const VISITOR_KEEPALIVE_MS = 25_000;

// ── Storefront widget: /widget.js?token=… and the iframe it opens ───────────────────────────────

/** Messages the widget loader (host page) sends to the chat iframe. */
export type WidgetToChat = { source: 'aisle-widget'; type: 'open' } | { source: 'aisle-widget'; type: 'close' };

/** Messages the chat iframe sends to the widget loader. */
export type ChatToWidget =
  | { source: 'aisle-chat'; type: 'ready'; theme: ShareTheme; assistantName: string }
  | { source: 'aisle-chat'; type: 'close' }
  | { source: 'aisle-chat'; type: 'unread'; count: number };
