import type { ShareTheme } from './sharing';

/**
 * The storefront widget's postMessage protocol (`/widget.js?token=…` on the shop's page, and the
 * public chat in the iframe it opens). Both sides check the message's origin and source.
 */

/** Messages the widget loader (host page) sends to the chat iframe. */
export type WidgetToChat = { source: 'aisle-widget'; type: 'open' } | { source: 'aisle-widget'; type: 'close' };

/** Messages the chat iframe sends to the widget loader. */
export type ChatToWidget =
  | { source: 'aisle-chat'; type: 'ready'; theme: ShareTheme; assistantName: string }
  | { source: 'aisle-chat'; type: 'close' }
  | { source: 'aisle-chat'; type: 'unread'; count: number }
  /**
   * The visitor's conversation, once it exists: on a Shopify storefront the loader puts its id in
   * the cart's attributes (`aisle_thread`), so the order it leads to is counted as assisted.
   */
  | { source: 'aisle-chat'; type: 'thread'; sharedThreadId: string };

/** The cart attribute naming the conversation that led to an order (read back from orders/create). */
export const CART_THREAD_ATTRIBUTE = 'aisle_thread';
