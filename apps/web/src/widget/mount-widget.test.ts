import { afterEach, describe, expect, it, vi } from 'vitest';
import { MOUNT_ATTRIBUTE, mountWidget, type WidgetHandle } from './mount-widget';
import type { WidgetConfig } from './widget-config';

const ORIGIN = 'https://aisle.example';
const config = (overrides: Partial<WidgetConfig> = {}): WidgetConfig => ({
  origin: ORIGIN,
  token: 'share token/1',
  theme: null,
  preload: false,
  ...overrides,
});
const ready = {
  source: 'aisle-chat',
  type: 'ready',
  theme: { primaryColor: '#0f766e', primaryTextColor: '#fefefe' },
  assistantName: 'Mia',
};

let handle: WidgetHandle | null = null;
afterEach(() => {
  handle?.destroy();
  handle = null;
});

const mount = (overrides: Partial<WidgetConfig> = {}) => {
  handle = mountWidget(config(overrides));
  if (!handle) throw new Error('not mounted');
  return handle;
};
const launcher = (widget: WidgetHandle) => widget.root.querySelector<HTMLButtonElement>('button.launcher') as HTMLButtonElement;
const badge = (widget: WidgetHandle) => widget.root.querySelector<HTMLElement>('.badge') as HTMLElement;
const panel = (widget: WidgetHandle) => widget.root.querySelector<HTMLElement>('.panel') as HTMLElement;
const deliver = (data: unknown, origin: string, source: Window | null | undefined) =>
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: source ?? null }));

describe('the storefront widget loader', () => {
  it('adds one host element with a closed shadow root, styled against the page’s CSS', () => {
    const widget = mount();
    expect(document.querySelectorAll(`[${MOUNT_ATTRIBUTE}]`)).toHaveLength(1);
    expect(widget.host.shadowRoot).toBeNull();
    // `all: initial !important` (jsdom expands the shorthand; a browser keeps it as written).
    expect(widget.host.style.getPropertyPriority('all')).toBe('important');
    expect(widget.host.style.getPropertyValue('color')).toBe('initial');
    expect(widget.host.style.getPropertyPriority('position')).toBe('important');
    expect(launcher(widget)).toHaveAttribute('aria-label', 'Open chat');
    // A second copy of the script does nothing.
    expect(mountWidget(config())).toBeNull();
    expect(document.querySelectorAll(`[${MOUNT_ATTRIBUTE}]`)).toHaveLength(1);
  });

  it('opens the chat in an iframe for this page’s origin, and tells it so', () => {
    const widget = mount();
    launcher(widget).click();
    const frame = widget.frame() as HTMLIFrameElement;
    const url = new URL(frame.src);
    expect(url.origin + url.pathname).toBe(`${ORIGIN}/shared/chat`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ token: 'share token/1', embed: 'widget', host: window.location.origin });
    expect(panel(widget).hidden).toBe(false);
    expect(launcher(widget)).toHaveAttribute('aria-expanded', 'true');
    expect(launcher(widget)).toHaveAttribute('aria-label', 'Close chat');

    const post = vi.spyOn(frame.contentWindow as Window, 'postMessage');
    deliver(ready, ORIGIN, frame.contentWindow);
    expect(post).toHaveBeenCalledWith({ source: 'aisle-widget', type: 'open' }, ORIGIN);
    launcher(widget).click();
    expect(post).toHaveBeenLastCalledWith({ source: 'aisle-widget', type: 'close' }, ORIGIN);
    expect(panel(widget).hidden).toBe(true);
  });

  it('moves the keyboard into the chat when it opens, and again once it has loaded, while the focus is still there', () => {
    const widget = mount();
    launcher(widget).click();
    const frame = widget.frame() as HTMLIFrameElement;
    const focus = vi.spyOn(frame.contentWindow as Window, 'focus');
    // The chat loaded after the click (its frame changed document): the keyboard goes in again.
    deliver(ready, ORIGIN, frame.contentWindow);
    expect(document.activeElement).toBe(widget.host);
    expect(focus).toHaveBeenCalledTimes(1);
    // The shopper moved on in the page: a later load does not take the focus back.
    const elsewhere = document.body.appendChild(document.createElement('input'));
    elsewhere.focus();
    deliver(ready, ORIGIN, frame.contentWindow);
    expect(focus).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(elsewhere);
    elsewhere.remove();
  });

  it('waits for the chat’s theme before showing the launcher, unless the page gave colours', () => {
    const widget = mount({ preload: true });
    expect(launcher(widget).hidden).toBe(true);
    widget.open();
    const frame = widget.frame() as HTMLIFrameElement;
    deliver(ready, ORIGIN, frame.contentWindow);
    expect(launcher(widget).hidden).toBe(false);
    const container = launcher(widget).parentElement as HTMLElement;
    expect(container.style.getPropertyValue('--aisle-primary')).toBe('#0f766e');
    expect(container.style.getPropertyValue('--aisle-on-primary')).toBe('#fefefe');
    expect(frame.title).toBe('Chat with Mia');
    widget.destroy();

    const coloured = mount({ preload: true, theme: { primaryColor: '#ff0000', primaryTextColor: '#000000' } });
    expect(launcher(coloured).hidden).toBe(false);
  });

  it('ignores messages from other origins, other windows and malformed ones', () => {
    const widget = mount();
    widget.open();
    const frame = widget.frame() as HTMLIFrameElement;
    const other = document.createElement('iframe');
    document.body.appendChild(other);

    deliver({ source: 'aisle-chat', type: 'close' }, 'https://evil.example', frame.contentWindow);
    deliver({ source: 'aisle-chat', type: 'close' }, ORIGIN, other.contentWindow);
    deliver({ source: 'aisle-chat', type: 'close' }, ORIGIN, window);
    deliver({ source: 'aisle-chat', type: 'close' }, 'https://aisle.example.evil.test', frame.contentWindow);
    deliver({ source: 'other', type: 'close' }, ORIGIN, frame.contentWindow);
    deliver({ ...ready, theme: { primaryColor: 'red;background:url(x)', primaryTextColor: '#fff' } }, ORIGIN, frame.contentWindow);
    deliver({ source: 'aisle-chat', type: 'unread', count: -3 }, ORIGIN, frame.contentWindow);
    expect(widget.isOpen()).toBe(true);
    expect((launcher(widget).parentElement as HTMLElement).style.getPropertyValue('--aisle-primary')).toBe('#18181b');

    deliver({ source: 'aisle-chat', type: 'close' }, ORIGIN, frame.contentWindow);
    expect(widget.isOpen()).toBe(false);
    other.remove();
  });

  it('shows unread replies on the launcher while closed', () => {
    const widget = mount();
    widget.open();
    const frame = widget.frame() as HTMLIFrameElement;
    widget.close();
    expect(badge(widget).hidden).toBe(true);
    deliver({ source: 'aisle-chat', type: 'unread', count: 2 }, ORIGIN, frame.contentWindow);
    expect(badge(widget).hidden).toBe(false);
    expect(badge(widget)).toHaveTextContent('2');
    expect(launcher(widget)).toHaveAttribute('aria-label', 'Open chat (2 unread replies)');
    widget.open();
    expect(badge(widget).hidden).toBe(true);
  });

  it('on a Shopify storefront, tags the cart with the visitor’s thread once, so the order counts as assisted', async () => {
    const THREAD = '0b9d3c1e-5f3a-4c2b-9d1e-2a3b4c5d6e7f';
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    try {
      const widget = mount();
      widget.open();
      const frame = widget.frame() as HTMLIFrameElement;
      // Not a storefront (no window.Shopify): nothing is sent.
      deliver({ source: 'aisle-chat', type: 'thread', sharedThreadId: THREAD }, ORIGIN, frame.contentWindow);
      expect(fetchMock).not.toHaveBeenCalled();

      Object.assign(window, { Shopify: { shop: 'demo.myshopify.com', routes: { root: '/en/' } } });
      deliver({ source: 'aisle-chat', type: 'thread', sharedThreadId: 'not-a-uuid' }, ORIGIN, frame.contentWindow);
      deliver({ source: 'aisle-chat', type: 'thread', sharedThreadId: THREAD }, 'https://evil.example', frame.contentWindow);
      expect(fetchMock).not.toHaveBeenCalled();
      deliver({ source: 'aisle-chat', type: 'thread', sharedThreadId: THREAD }, ORIGIN, frame.contentWindow);
      deliver({ source: 'aisle-chat', type: 'thread', sharedThreadId: THREAD }, ORIGIN, frame.contentWindow);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
      expect(url).toBe('/en/cart/update.js');
      expect(init.method).toBe('POST');
      expect(JSON.parse(String(init.body))).toEqual({ attributes: { aisle_thread: THREAD } });
    } finally {
      delete (window as { Shopify?: unknown }).Shopify;
      vi.unstubAllGlobals();
    }
  });

  it('stops listening once destroyed', () => {
    const widget = mount();
    widget.open();
    const frame = widget.frame() as HTMLIFrameElement;
    const source = frame.contentWindow;
    widget.destroy();
    handle = null;
    expect(document.querySelector(`[${MOUNT_ATTRIBUTE}]`)).toBeNull();
    expect(() => deliver({ source: 'aisle-chat', type: 'close' }, ORIGIN, source)).not.toThrow();
    expect(widget.isOpen()).toBe(true);
  });
});
