import type { PublicMessage } from '@aisle/contracts/visitor-chat';
import { CART_REQUEST_ID, type ChatToWidget, type WidgetToChat } from '@aisle/contracts/widget';

/**
 * The chat page's side of the storefront widget's postMessage protocol (contract `WidgetToChat`,
 * `ChatToWidget`; the loader's side is src/widget). The loader passes the host page's origin as
 * `host`; it is trusted only when it is a plain http(s) origin and, when the browser sent a
 * referrer (the framing page), the referrer's origin is the same. Without a trusted host the
 * page talks to no one: it never posts to `*`.
 */
export function widgetHostOf(hostParam: string | null, referrer: string): string | null {
  if (!hostParam) return null;
  let host: URL;
  try {
    host = new URL(hostParam);
  } catch {
    return null;
  }
  if ((host.protocol !== 'https:' && host.protocol !== 'http:') || host.origin !== hostParam) return null;
  if (referrer) {
    try {
      if (new URL(referrer).origin !== host.origin) return null;
    } catch {
      return null;
    }
  }
  return host.origin;
}

/**
 * A well-formed loader message from the trusted host, sent by the window framing us; null for
 * anything else (another origin or window, an unknown type, a field of the wrong shape).
 */
export function widgetMessageOf(event: MessageEvent, host: string, parent: Window): WidgetToChat | null {
  if (event.origin !== host || event.source !== parent || parent === window) return null;
  const data = event.data as Partial<Record<string, unknown>> | null;
  if (!data || typeof data !== 'object' || data.source !== 'aisle-widget') return null;
  if (data.type === 'open' || data.type === 'close') return { source: 'aisle-widget', type: data.type };
  if (data.type === 'capabilities')
    return typeof data.addToCart === 'boolean' ? { source: 'aisle-widget', type: 'capabilities', addToCart: data.addToCart } : null;
  if (data.type === 'cart-added') {
    const { requestId, ok } = data;
    if (typeof requestId !== 'string' || !CART_REQUEST_ID.test(requestId) || typeof ok !== 'boolean') return null;
    return { source: 'aisle-widget', type: 'cart-added', requestId, ok };
  }
  return null;
}

/** True for a well-formed loader message from the trusted host, sent by the window framing us. */
export const isFromWidget = (event: MessageEvent, host: string, parent: Window) => widgetMessageOf(event, host, parent) !== null;

/** Posts to the loader, only ever to the trusted host's origin. */
export function postToWidget(parent: Window, host: string, message: ChatToWidget): void {
  parent.postMessage(message, host);
}

/**
 * Replies the visitor has not had on screen: the bot's and the shop team's messages newer than
 * `seenUntil` (the newest `createdAt` shown while the chat was open).
 */
export function unreadCount(messages: readonly PublicMessage[], seenUntil: string | undefined): number {
  return messages.filter((message) => message.senderType === 'assistant' && (seenUntil === undefined || message.createdAt > seenUntil))
    .length;
}
