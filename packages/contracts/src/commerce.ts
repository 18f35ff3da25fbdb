import { z } from 'zod';
import { currencyCodeSchema, decimalStringSchema, productOptionSchema } from './products';

/*
 * Selling and serving from the chat (issue 32): the products an answer names, as cards; quick
 * replies under an answer; and the built-in, verified order help on a connected Shopify store.
 * One answer carries these beside its text (stored in the message's `llmUsage`), and each surface
 * renders them its own way: cards in the web chats, a Flex carousel on LINE, generic templates on
 * Messenger and Instagram, interactive messages on WhatsApp.
 */

/** Cards an answer carries at most (LINE's carousel takes 12 bubbles; a chat shows fewer). */
export const PRODUCT_CARDS_MAX = 10;
/** Variants a card offers at most (a shopper picks among these on the card). */
export const PRODUCT_CARD_VARIANTS_MAX = 100;

export const productCardVariantSchema = z.object({
  /** The platform's variant id (Shopify's numeric id, "44012345678901") for `/cart/add.js`; null when the source has none. */
  id: z.string().nullable(),
  /** "Red / M"; the product's title for a product without options. */
  title: z.string(),
  price: decimalStringSchema.nullable(),
  compareAtPrice: decimalStringSchema.nullable(),
  /** Can be bought now; null when the source does not say. */
  available: z.boolean().nullable(),
  /** This variant's value of each option, by option name. */
  options: z.record(z.string(), z.string()),
});
export type ProductCardVariant = z.infer<typeof productCardVariantSchema>;

/** A product an answer names, as a shopper sees it on a card. */
export const productCardSchema = z.object({
  title: z.string(),
  /** Shopify's URL handle; null when the source has none. */
  handle: z.string().nullable(),
  /** The product's page (absolute); null when the source has none. */
  url: z.string().nullable(),
  image: z.string().nullable(),
  /** The price shown first: the first available variant's (else the lowest). */
  price: decimalStringSchema.nullable(),
  /** The "was" price when the shown price is a sale price. */
  compareAtPrice: decimalStringSchema.nullable(),
  currency: currencyCodeSchema.nullable(),
  /** Some variant can be bought now; null when the source says nothing about stock. */
  available: z.boolean().nullable(),
  options: z.array(productOptionSchema),
  variants: z.array(productCardVariantSchema).max(PRODUCT_CARD_VARIANTS_MAX),
});
export type ProductCard = z.infer<typeof productCardSchema>;

/**
 * A reply the shopper can send with one tap, under the answer (LINE and Meta quick replies, a
 * button in the web chats). `text` is what is sent as the shopper's message when tapped, in the
 * shopper's language; `label` is what the button shows.
 */
export const quickReplySchema = z.object({
  /** `handoff`: "Talk to a person". */
  kind: z.enum(['handoff']),
  label: z.string().min(1),
  text: z.string().min(1),
});
export type QuickReply = z.infer<typeof quickReplySchema>;

// ── Verified order help ────────────────────────────────────────────────────────────────────────

/**
 * What the built-in order help can do, each switchable per assistant (all on unless the owner
 * turns one off). `status` answers from the order number and the e-mail or phone it was placed
 * with; the others change or reveal more, so they first verify with a one-time code sent to the
 * order's e-mail.
 */
export const orderHelpActions = ['status', 'returns', 'addressChange', 'resendConfirmation'] as const;
export type OrderHelpAction = (typeof orderHelpActions)[number];

export const orderHelpSettingsSchema = z.object({
  status: z.boolean(),
  returns: z.boolean(),
  addressChange: z.boolean(),
  resendConfirmation: z.boolean(),
});
export type OrderHelpSettings = z.infer<typeof orderHelpSettingsSchema>;
export const DEFAULT_ORDER_HELP_SETTINGS: OrderHelpSettings = {
  status: true,
  returns: true,
  addressChange: true,
  resendConfirmation: true,
};

/**
 * An assistant's order-help switches as stored (`assistants.order_help`): null, or a value that is
 * not a settings object, is every action on; an object naming only some leaves the rest on.
 */
export function orderHelpSettingsOf(stored: unknown): OrderHelpSettings {
  // Every turn reads it: nothing stored is the defaults, without parsing.
  if (stored === null || stored === undefined) return DEFAULT_ORDER_HELP_SETTINGS;
  const parsed = storedOrderHelpSchema.safeParse(stored);
  return { ...DEFAULT_ORDER_HELP_SETTINGS, ...(parsed.success ? parsed.data : {}) };
}
/** Made once: a zod schema compiles its parser on first use. */
const storedOrderHelpSchema = orderHelpSettingsSchema.partial();

/** `GET /api/assistant/order-help/`: the Shopify store the order help acts for, or null when none is connected. */
export const orderHelpShopResponseSchema = z.object({ shopDomain: z.string().nullable() });
export type OrderHelpShopResponse = z.infer<typeof orderHelpShopResponseSchema>;

/** The built-in tools' names, as the model (and the owner's view of each call) sees them. */
export const ORDER_TOOL_NAMES = {
  status: 'order_status',
  returns: 'start_return',
  addressChange: 'change_shipping_address',
  resendConfirmation: 'resend_order_confirmation',
} as const satisfies Record<OrderHelpAction, string>;

/** A one-time code: its digits, how long it stays valid, and how many wrong tries end it. */
export const ORDER_CODE_LENGTH = 6;
export const ORDER_CODE_TTL_MINUTES = 10;
export const ORDER_CODE_MAX_TRIES = 5;
/** After a right code, how long the thread may act on that order without a new one. */
export const ORDER_VERIFIED_MINUTES = 30;
/** Lookups that matched no order: at most this many per visitor per window, and per store per hour. */
export const ORDER_LOOKUP_MISSES_PER_VISITOR = 5;
export const ORDER_LOOKUP_VISITOR_WINDOW_MINUTES = 15;
export const ORDER_LOOKUP_MISSES_PER_STORE_HOUR = 60;

/**
 * What a built-in order tool answers (the model reads it; the owner sees it in the thread):
 * - `not_found`: no order matches this number AND this e-mail or phone (never told apart);
 * - `status`: the order's state and tracking (only after a match);
 * - `code_sent`: a one-time code went to the order's e-mail (`sentTo` is masked: j•••@example.com);
 * - `code_wrong` (with `triesLeft`), `code_expired`, `too_many_tries`: the code was not accepted;
 * - `done`: the action was carried out (`returnRequested`, `addressChanged`, `confirmationSent`);
 * - `not_possible`: the order does not allow it (`reason`, one of `orderNotPossibleReasons`);
 * - `rate_limited`: too many lookups; try again later;
 * - `unavailable`: the store cannot be reached now (or the app lacks the access it needs).
 */
export const orderToolOutcomes = [
  'not_found',
  'status',
  'code_sent',
  'code_wrong',
  'code_expired',
  'too_many_tries',
  'done',
  'not_possible',
  'rate_limited',
  'unavailable',
] as const;
export type OrderToolOutcome = (typeof orderToolOutcomes)[number];

/**
 * Why an order does not allow an action: past the store's return window, already shipped (no
 * address change), a return already started, nothing shipped yet (nothing to return), cancelled.
 */
export const orderNotPossibleReasons = [
  'outside_return_window',
  'already_fulfilled',
  'already_returned',
  'not_fulfilled',
  'cancelled',
] as const;
export type OrderNotPossibleReason = (typeof orderNotPossibleReasons)[number];

export const orderTrackingSchema = z.object({
  /** Shopify's fulfillment display status, e.g. IN_TRANSIT, DELIVERED. */
  status: z.string().nullable(),
  company: z.string().nullable(),
  number: z.string().nullable(),
  url: z.string().nullable(),
});
export type OrderTracking = z.infer<typeof orderTrackingSchema>;

/** An order as the shopper who placed it may see it (never the address, payment or other customers' data). */
export const orderSummarySchema = z.object({
  /** "#1001" */
  name: z.string(),
  placedAt: z.string(),
  /** Shopify's displayFinancialStatus (PAID, REFUNDED…). */
  financialStatus: z.string().nullable(),
  /** Shopify's displayFulfillmentStatus (UNFULFILLED, FULFILLED, PARTIALLY_FULFILLED…). */
  fulfillmentStatus: z.string().nullable(),
  cancelled: z.boolean(),
  items: z.array(z.object({ title: z.string(), quantity: z.number().int() })),
  tracking: z.array(orderTrackingSchema),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

// ── What the chat did for the shop (the dashboard's counts) ──────────────────────────────────

/**
 * One thing the chat did for a shopper, recorded for the owner (owner-scoped): an order looked up
 * for its shopper, a return started, an address changed, a confirmation resent, a product added
 * to the cart from a card. Failed and refused tries are recorded too (`ok: false`).
 */
export const commerceActionKinds = ['order_status', 'return_started', 'address_changed', 'confirmation_resent', 'added_to_cart'] as const;
export type CommerceActionKind = (typeof commerceActionKinds)[number];
