import type { ShareTheme } from '@aisle/contracts/sharing';
import { FALLBACK_THEME, type WidgetConfig, widgetLanguage } from './widget-config';
import { addToStorefrontCart, chatMessageOf, isShopifyStorefront, postToChat, tagCart } from './widget-protocol';
import { hostStyle, widgetCss } from './widget-styles';
import { chatTitle, WIDGET_TEXTS } from './widget-texts';

/** On the one element the loader adds: a second copy of the script sees it and does nothing. */
export const MOUNT_ATTRIBUTE = 'data-aisle-widget';
const HOST_TAG = 'aisle-chat-widget';
const SVG = 'http://www.w3.org/2000/svg';
// Lucide's message-circle and x (ISC licence), drawn as paths.
const CHAT_ICON = ['M7.9 20A9 9 0 1 0 4 16.1L2 22Z'];
const CLOSE_ICON = ['M18 6 6 18', 'm6 6 12 12'];

/** What tests and the entry get back: the closed shadow root is reachable only through this. */
export interface WidgetHandle {
  host: HTMLElement;
  root: ShadowRoot;
  frame(): HTMLIFrameElement | null;
  isOpen(): boolean;
  open(): void;
  close(): void;
  destroy(): void;
}

function icon(doc: Document, paths: string[]): SVGSVGElement {
  const svg = doc.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  for (const d of paths) {
    const path = doc.createElementNS(SVG, 'path');
    path.setAttribute('d', d);
    svg.appendChild(path);
  }
  return svg;
}

/** Constructable stylesheets where supported: a host CSP without 'unsafe-inline' still lets them in. */
function addStyles(root: ShadowRoot, win: Window) {
  const Sheet = (win as Window & { CSSStyleSheet?: typeof CSSStyleSheet }).CSSStyleSheet;
  if (Sheet && 'adoptedStyleSheets' in root) {
    try {
      const sheet = new Sheet();
      sheet.replaceSync(widgetCss);
      root.adoptedStyleSheets = [sheet];
      return;
    } catch {
      // Older engines: fall back to a style element.
    }
  }
  const style = win.document.createElement('style');
  style.textContent = widgetCss;
  root.appendChild(style);
}

const whenIdle = (win: Window, run: () => void) =>
  typeof win.requestIdleCallback === 'function' ? win.requestIdleCallback(run, { timeout: 4000 }) : win.setTimeout(run, 1500);

/**
 * Adds the launcher (bottom-right) and, on demand, the chat iframe, all inside one custom
 * element with a closed shadow root. The chat is preloaded hidden once the page has loaded and
 * is idle, so the launcher appears in the share's colours (from the chat's `ready`) and can show
 * unread replies from the shop; with `preload: false` it loads on the first open. Returns null
 * when a widget is already on the page.
 */
export function mountWidget(config: WidgetConfig, win: Window = window): WidgetHandle | null {
  const doc = win.document;
  if (doc.querySelector(`[${MOUNT_ATTRIBUTE}]`)) return null;

  const host = doc.createElement(HOST_TAG);
  host.setAttribute(MOUNT_ATTRIBUTE, '');
  for (const [property, value] of hostStyle) host.style.setProperty(property, value, 'important');
  const root = host.attachShadow({ mode: 'closed' });
  addStyles(root, win);

  const container = doc.createElement('div');
  const launcher = doc.createElement('button');
  launcher.type = 'button';
  launcher.className = 'launcher';
  launcher.setAttribute('aria-controls', 'aisle-chat-panel');
  const chatIcon = icon(doc, CHAT_ICON);
  const closeIcon = icon(doc, CLOSE_ICON);
  const badge = doc.createElement('span');
  badge.className = 'badge';
  badge.setAttribute('aria-hidden', 'true');
  launcher.append(chatIcon, closeIcon, badge);
  const panel = doc.createElement('div');
  panel.className = 'panel';
  panel.id = 'aisle-chat-panel';
  panel.hidden = true;
  container.append(panel, launcher);
  root.appendChild(container);

  let frame: HTMLIFrameElement | null = null;
  let opened = false;
  let unread = 0;
  /** The visitor's conversation, once the chat says it: what the cart's `aisle_thread` attribute names. */
  let threadId: string | null = null;
  const language = widgetLanguage(config, win.navigator);
  const texts = WIDGET_TEXTS[language];
  // Screen readers read the launcher's words in their language, whatever the page's.
  container.lang = language;
  let title = texts.chat;

  const paint = (theme: ShareTheme) => {
    container.style.setProperty('--aisle-primary', theme.primaryColor);
    container.style.setProperty('--aisle-on-primary', theme.primaryTextColor);
  };
  const render = () => {
    container.className = opened ? 'open' : '';
    panel.hidden = !opened;
    chatIcon.style.display = opened ? 'none' : '';
    closeIcon.style.display = opened ? '' : 'none';
    badge.hidden = opened || unread === 0;
    badge.textContent = unread > 9 ? '9+' : String(unread);
    launcher.setAttribute('aria-expanded', String(opened));
    launcher.setAttribute('aria-label', opened ? texts.close : unread > 0 ? texts.openUnread(unread) : texts.open);
    launcher.title = title;
  };

  const ensureFrame = () => {
    if (frame) return frame;
    frame = doc.createElement('iframe');
    const src = new URL('/shared/chat', config.origin);
    src.searchParams.set('token', config.token);
    src.searchParams.set('embed', 'widget');
    src.searchParams.set('host', win.location.origin);
    // The page's language for the chat; without one, the chat reads the same browser's languages.
    if (config.lang) src.searchParams.set('lang', config.lang);
    frame.src = src.href;
    frame.title = title;
    panel.appendChild(frame);
    return frame;
  };

  /**
   * Moves the keyboard into the chat: focusing the iframe element alone does not take the browser's
   * focus into a cross-origin frame (keys typed then reach this page). Again once the chat has
   * loaded, if it was opened before (the frame then changed document) and the focus is still ours.
   */
  const focusChat = () => {
    if (opened && (doc.activeElement === host || root.activeElement === frame)) frame?.contentWindow?.focus();
  };
  const open = () => {
    if (opened) return;
    opened = true;
    unread = 0;
    const chat = ensureFrame();
    render();
    postToChat(chat.contentWindow, config.origin, { type: 'open' });
    chat.focus();
    focusChat();
  };
  const close = () => {
    if (!opened) return;
    opened = false;
    render();
    postToChat(frame?.contentWindow, config.origin, { type: 'close' });
    launcher.focus();
  };

  const onMessage = (event: MessageEvent) => {
    const message = chatMessageOf(event, config.origin, frame?.contentWindow);
    if (!message) return;
    if (message.type === 'ready') {
      paint(message.theme);
      title = chatTitle(texts, message.assistantName);
      if (frame) frame.title = title;
      launcher.hidden = false;
      // The chat (re)loaded: tell it what this page can do for it, and whether it is on screen.
      postToChat(frame?.contentWindow, config.origin, { type: 'capabilities', addToCart: isShopifyStorefront(win) });
      postToChat(frame?.contentWindow, config.origin, { type: opened ? 'open' : 'close' });
      focusChat();
    } else if (message.type === 'close') {
      close();
    } else if (message.type === 'thread') {
      threadId = message.sharedThreadId;
      tagCart(win, message.sharedThreadId);
    } else if (message.type === 'add-to-cart') {
      // The shopper pressed "Add to cart" in the chat: the storefront's own cart takes it, from this page.
      const { requestId } = message;
      void addToStorefrontCart(win, message, threadId).then((ok) =>
        postToChat(frame?.contentWindow, config.origin, { type: 'cart-added', requestId, ok }),
      );
      return;
    } else {
      unread = opened ? 0 : message.count;
    }
    render();
  };

  paint(config.theme ?? FALLBACK_THEME);
  // Without our own colours the launcher waits for the chat's theme (and a link that does not
  // open a chat shows no launcher at all); without preloading it must show at once.
  launcher.hidden = config.preload && !config.theme;
  launcher.addEventListener('click', () => (opened ? close() : open()));
  win.addEventListener('message', onMessage);
  render();
  (doc.body ?? doc.documentElement).appendChild(host);

  const preload = () => whenIdle(win, ensureFrame);
  if (config.preload) {
    if (doc.readyState === 'complete') preload();
    else win.addEventListener('load', preload, { once: true });
  }

  return {
    host,
    root,
    frame: () => frame,
    isOpen: () => opened,
    open,
    close,
    destroy() {
      win.removeEventListener('message', onMessage);
      win.removeEventListener('load', preload);
      host.remove();
    },
  };
}
