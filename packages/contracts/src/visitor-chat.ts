import { z } from 'zod';
import { productCardSchema, quickReplySchema } from './commerce';
import { shareTokenSchema as token } from './sharing';
import { CART_QUANTITY_MAX, CART_VARIANT_ID } from './widget';

/**
 * The visitor's chat with a shared assistant (spec §1, §3 SharedThread, SharedMessage; §7 Shared
 * chat): the public calls, their server-sent events and errors. Shared by the server's validation
 * and the visitor page (also inside the storefront widget).
 */

/** Longest visitor or manual message, in characters. */
export const SHARED_MESSAGE_MAX_LENGTH = 4000;
/** Where a shared thread started. Channels (Instagram, Messenger, WhatsApp, LINE) come later. */
export const sharedThreadOrigins = ['web', 'widget'] as const;
export type SharedThreadOrigin = (typeof sharedThreadOrigins)[number];

const uuid = z.uuid('Must be a valid UUID.');
const blank = 'This field may not be blank.';
const tooLong = (max: number) => `Ensure this field has no more than ${max} characters.`;

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

/** Longest snippet of a cited passage a visitor sees, in characters (ellipses included). */
export const SOURCE_SNIPPET_MAX_LENGTH = 200;

/**
 * A source as the visitor sees it: numbered from 1 in the order shown (the reply's `[n]` markers
 * use these numbers), a friendly title (the section's heading, or the document's name made
 * readable: never a file name or path) and the sentence(s) of the passage that answer, shortened.
 * Never the whole passage: a passage can hold lines the shop never meant to show (the owner's own
 * views keep the full citation).
 */
export const publicCitationSchema = z.object({
  number: z.number().int().min(1),
  title: z.string(),
  /** Empty when no sentence of the passage matches the reply: then only the title is shown. */
  snippet: z.string().max(SOURCE_SNIPPET_MAX_LENGTH),
});
export type PublicCitation = z.infer<typeof publicCitationSchema>;

/** How a manual reply is signed unless the owner chose their own name or the shop's (on /account). */
export const TEAM_SIGNATURE = 'The shop’s team';

/** A message of a shared thread as the visitor sees it: no usage, cost or owner details. */
export const publicMessageSchema = z.object({
  id: z.string(),
  content: z.string(),
  /** `user` is the visitor; `assistant` is the bot, or the shop's staff when `isManualResponse`. */
  senderType: z.enum(['user', 'assistant']),
  isManualResponse: z.boolean(),
  /** A manual reply's signature, as the owner chose it when sending (absent: TEAM_SIGNATURE). */
  senderName: z.string().optional(),
  createdAt: z.string(),
  citations: z.array(publicCitationSchema),
  /** The store's products the reply names, as cards (absent when it names none). */
  products: z.array(productCardSchema).optional(),
  /** One-tap replies under the reply ("Talk to a person"). */
  quickReplies: z.array(quickReplySchema).optional(),
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

// ── Visitor: POST shared-chat/cart-added/ (issue 32) ────────────────────────────────────────────

/**
 * The storefront's cart took a product the shopper added from a card in the widget: recorded for
 * the owner (the dashboard's add-to-carts from chat). Sent by the chat after the loader's
 * `cart-added` answer; reached with the visitor's token like every call on their thread.
 */
/** Longest product title a cart report carries (a title is a line, not a text). */
export const CART_PRODUCT_TITLE_MAX_LENGTH = 500;

export const cartAddedRequestSchema = z.object({
  token,
  sharedThreadId: uuid,
  visitorToken: token,
  variantId: z.string().regex(CART_VARIANT_ID, 'Enter a valid variant id.'),
  productTitle: z.string().trim().min(1, blank).max(CART_PRODUCT_TITLE_MAX_LENGTH, tooLong(CART_PRODUCT_TITLE_MAX_LENGTH)),
  quantity: z.number().int().min(1).max(CART_QUANTITY_MAX),
});
export type CartAddedRequest = z.infer<typeof cartAddedRequestSchema>;
