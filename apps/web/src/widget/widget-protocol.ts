import { CART_THREAD_ATTRIBUTE, type ChatToWidget, type WidgetToChat } from '@aisle/contracts/widget';
import { isHexColor } from './widget-config';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The loader's side of the postMessage protocol (contract `ChatToWidget`): a message counts only
 * when it comes from our origin AND from our own iframe's window, and is well-formed. Anything
 * else (the host page, other frames, other widgets, a look-alike origin) is ignored.
 */
export function chatMessageOf(event: MessageEvent, origin: string, frame: Window | null | undefined): ChatToWidget | null {
  if (!frame || event.origin !== origin || event.source !== frame) return null;
  const data = event.data as Partial<ChatToWidget> | null;
  if (!data || typeof data !== 'object' || data.source !== 'aisle-chat') return null;
  if (data.type === 'close') return { source: 'aisle-chat', type: 'close' };
  if (data.type === 'unread') {
    const count = (data as { count?: unknown }).count;
    return typeof count === 'number' && Number.isInteger(count) && count >= 0 ? { source: 'aisle-chat', type: 'unread', count } : null;
  }
  if (data.type === 'thread') {
    const id = (data as { sharedThreadId?: unknown }).sharedThreadId;
    return typeof id === 'string' && UUID.test(id) ? { source: 'aisle-chat', type: 'thread', sharedThreadId: id } : null;
  }
  if (data.type === 'ready') {
    const { theme, assistantName } = data as Partial<Extract<ChatToWidget, { type: 'ready' }>>;
    if (!theme || !isHexColor(theme.primaryColor) || !isHexColor(theme.primaryTextColor) || typeof assistantName !== 'string') return null;
    return {
      source: 'aisle-chat',
      type: 'ready',
      theme: { primaryColor: theme.primaryColor, primaryTextColor: theme.primaryTextColor },
      assistantName,
    };
  }
  return null;
}

/** Sends to our iframe only, addressed to our origin (never `*`: a navigated frame gets nothing). */
export function postToChat(frame: Window | null | undefined, origin: string, type: WidgetToChat['type']): void {
  frame?.postMessage({ source: 'aisle-widget', type } satisfies WidgetToChat, origin);
}

/** Threads already put in this page's cart: the chat says `thread` again each time it loads. */
const tagged = new WeakMap<Window, string>();

/**
 * On a Shopify storefront (the theme sets `window.Shopify.shop`), writes the conversation's id into
 * the cart's attributes through the theme's own `/cart/update.js`, so the order's note attributes
 * carry it to orders/create (issue 19: assisted orders). Elsewhere, or when the cart refuses, nothing
 * happens: the order can still be matched by the visitor's e-mail.
 */
export function tagCart(win: Window, sharedThreadId: string): void {
  const shop = (win as unknown as { Shopify?: { shop?: unknown } }).Shopify?.shop;
  if (typeof shop !== 'string' || !shop || tagged.get(win) === sharedThreadId || typeof win.fetch !== 'function') return;
  tagged.set(win, sharedThreadId);
  const root = (win as unknown as { Shopify?: { routes?: { root?: unknown } } }).Shopify?.routes?.root;
  const base = typeof root === 'string' && root.startsWith('/') ? root : '/';
  void win
    .fetch(`${base}cart/update.js`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ attributes: { [CART_THREAD_ATTRIBUTE]: sharedThreadId } }),
    })
    .then((response) => {
      if (!response.ok) tagged.delete(win);
    })
    .catch(() => tagged.delete(win));
}
