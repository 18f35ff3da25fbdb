import type { ShareTheme } from './sharing';

/**
 * The storefront widget's postMessage protocol (`/widget.js?token=…` on the shop's page, and the
 * public chat in the iframe it opens). Both sides check the message's origin and source, and the
 * shape of every field: a message that is not exactly one of these is ignored.
 */

/** Most of one product a card adds at a time (the shopper changes the quantity in the shop's cart). */
export const CART_QUANTITY_MAX = 99;
/** A Shopify variant id as the Cart Ajax API takes it: digits only (Shopify's numeric id). */
export const CART_VARIANT_ID = /^\d{1,20}$/;
/** The chat's name for one add-to-cart request, so the answer finds the card that asked. */
export const CART_REQUEST_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Messages the widget loader (host page) sends to the chat iframe. */
export type WidgetToChat =
  | { source: 'aisle-widget'; type: 'open' }
  | { source: 'aisle-widget'; type: 'close' }
  /**
   * What the host page can do for the chat, said after each `ready`: `addToCart` is true only on a
   * Shopify storefront (the theme sets `window.Shopify.shop`), where the loader can call the
   * storefront's own `/cart/add.js`. Without it, cards link to the product (or a cart permalink).
   */
  | { source: 'aisle-widget'; type: 'capabilities'; addToCart: boolean }
  /** The answer to `add-to-cart`: `ok` once the storefront's cart took the item. */
  | { source: 'aisle-widget'; type: 'cart-added'; requestId: string; ok: boolean };

/** Messages the chat iframe sends to the widget loader. */
export type ChatToWidget =
  | { source: 'aisle-chat'; type: 'ready'; theme: ShareTheme; assistantName: string }
  | { source: 'aisle-chat'; type: 'close' }
  | { source: 'aisle-chat'; type: 'unread'; count: number }
  /**
   * The visitor's conversation, once it exists: on a Shopify storefront the loader puts its id in
   * the cart's attributes (`aisle_thread`), so the order it leads to is counted as assisted.
   */
  | { source: 'aisle-chat'; type: 'thread'; sharedThreadId: string }
  /**
   * The shopper pressed "Add to cart" on a product card: the loader adds `quantity` of the Shopify
   * variant to the storefront's cart (and keeps the `aisle_thread` attribute on it), then answers
   * `cart-added` with the same `requestId`. Sent only on the shopper's click, and only after the
   * loader said `capabilities` with `addToCart`.
   */
  | { source: 'aisle-chat'; type: 'add-to-cart'; requestId: string; variantId: string; quantity: number };

/** The cart attribute naming the conversation that led to an order (read back from orders/create). */
export const CART_THREAD_ATTRIBUTE = 'aisle_thread';
