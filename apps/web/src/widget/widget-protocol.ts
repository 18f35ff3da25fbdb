import {
  CART_QUANTITY_MAX,
  CART_REQUEST_ID,
  CART_THREAD_ATTRIBUTE,
  CART_VARIANT_ID,
  type ChatToWidget,
  type WidgetToChat,
} from '@aisle/contracts/widget';
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
  if (data.type === 'add-to-cart') {
    const { requestId, variantId, quantity } = data as { requestId?: unknown; variantId?: unknown; quantity?: unknown };
    if (typeof requestId !== 'string' || !CART_REQUEST_ID.test(requestId)) return null;
    if (typeof variantId !== 'string' || !CART_VARIANT_ID.test(variantId) || !Number.isSafeInteger(Number(variantId))) return null;
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1 || quantity > CART_QUANTITY_MAX) return null;
    return { source: 'aisle-chat', type: 'add-to-cart', requestId, variantId, quantity };
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

/** What the loader tells the chat, without the envelope every message carries. */
export type WidgetMessage = WidgetToChat extends infer M ? (M extends WidgetToChat ? Omit<M, 'source'> : never) : never;

/** Sends to our iframe only, addressed to our origin (never `*`: a navigated frame gets nothing). */
export function postToChat(frame: Window | null | undefined, origin: string, message: WidgetMessage): void {
  frame?.postMessage({ source: 'aisle-widget', ...message } as WidgetToChat, origin);
}

/** The storefront's Shopify globals, as the theme sets them (`window.Shopify`); read, never trusted for more. */
const shopifyOf = (win: Window) => (win as unknown as { Shopify?: { shop?: unknown; routes?: { root?: unknown } } }).Shopify;

/** A Shopify storefront: the theme sets `window.Shopify.shop`, and the Cart Ajax API answers on this origin. */
export function isShopifyStorefront(win: Window): boolean {
  const shop = shopifyOf(win)?.shop;
  return typeof shop === 'string' && !!shop && typeof win.fetch === 'function';
}

/**
 * Where the storefront's cart endpoints are: `Shopify.routes.root` ("/", or "/fr/" on a store with
 * a locale in its paths), as Shopify asks themes to build Cart Ajax API URLs
 * (https://shopify.dev/docs/api/ajax#locale-aware-urls). Only a path on this origin.
 */
function cartRoot(win: Window): string {
  const root = shopifyOf(win)?.routes?.root;
  return typeof root === 'string' && root.startsWith('/') && !root.startsWith('//') ? (root.endsWith('/') ? root : `${root}/`) : '/';
}

/** A same-origin JSON POST to one of the storefront's cart endpoints; true when it answered 2xx. */
async function postCart(win: Window, endpoint: 'cart/add.js' | 'cart/update.js', body: unknown): Promise<boolean> {
  try {
    const response = await win.fetch(`${cartRoot(win)}${endpoint}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
    return response.ok;
  } catch {
    return false;
  }
}

/** Threads already put in this page's cart: the chat says `thread` again each time it loads. */
const tagged = new WeakMap<Window, string>();

/**
 * Writes the conversation's id into the cart's attributes through the theme's own `/cart/update.js`
 * (https://shopify.dev/docs/api/ajax/reference/cart#post-locale-cart-update-js: `attributes`), so
 * the order's note attributes carry it to orders/create (issue 19: assisted orders).
 */
async function writeCartThread(win: Window, sharedThreadId: string): Promise<boolean> {
  tagged.set(win, sharedThreadId);
  const ok = await postCart(win, 'cart/update.js', { attributes: { [CART_THREAD_ATTRIBUTE]: sharedThreadId } });
  if (!ok && tagged.get(win) === sharedThreadId) tagged.delete(win);
  return ok;
}

/**
 * On a Shopify storefront, puts the visitor's thread in the cart's attributes once per page and
 * thread. Elsewhere, or when the cart refuses, nothing happens: the order can still be matched by
 * the visitor's e-mail.
 */
export function tagCart(win: Window, sharedThreadId: string): void {
  if (!isShopifyStorefront(win) || tagged.get(win) === sharedThreadId) return;
  void writeCartThread(win, sharedThreadId);
}

/**
 * The shopper's "Add to cart" on a product card: adds the variant through the storefront's
 * `/cart/add.js` (https://shopify.dev/docs/api/ajax/reference/cart#post-locale-cart-add-js:
 * `{items: [{id, quantity}]}`, `id` the variant's numeric id; 422 with a description when the item
 * is sold out or the quantity is not available), then makes sure the cart names the conversation
 * (the cart a visitor adds to may be new since it was tagged: after a checkout, or emptied). True
 * once the cart took the item; the attribute is kept even if its own write fails. Themes can
 * refresh their cart count on the `aisle:cart-added` event the document then receives.
 */
export async function addToStorefrontCart(
  win: Window,
  item: { variantId: string; quantity: number },
  sharedThreadId: string | null,
): Promise<boolean> {
  if (!isShopifyStorefront(win)) return false;
  const added = await postCart(win, 'cart/add.js', { items: [{ id: Number(item.variantId), quantity: item.quantity }] });
  if (!added) return false;
  if (sharedThreadId) await writeCartThread(win, sharedThreadId);
  win.document.dispatchEvent(
    new (win as unknown as { CustomEvent: typeof CustomEvent }).CustomEvent('aisle:cart-added', {
      detail: { variantId: item.variantId, quantity: item.quantity },
    }),
  );
  return true;
}
