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
  | { source: 'aisle-chat'; type: 'unread'; count: number };
