import type { PublicMessage } from '@aisle/contracts/visitor-chat';
import { describe, expect, it } from 'vitest';
import { isFromWidget, unreadCount, widgetHostOf, widgetMessageOf } from './widget-bridge';

describe('the chat page’s widget bridge', () => {
  it('trusts the host parameter only as a plain origin matching the referrer', () => {
    expect(widgetHostOf('https://shop.example', 'https://shop.example/products/mug')).toBe('https://shop.example');
    expect(widgetHostOf('https://shop.example', '')).toBe('https://shop.example');
    expect(widgetHostOf('https://shop.example', 'https://evil.example/')).toBeNull();
    expect(widgetHostOf('https://shop.example/path', '')).toBeNull();
    expect(widgetHostOf('javascript:alert(1)', '')).toBeNull();
    expect(widgetHostOf('*', '')).toBeNull();
    expect(widgetHostOf(null, 'https://shop.example/')).toBeNull();
  });

  it('accepts loader messages only from the trusted origin and the framing window', () => {
    const parent = {} as Window;
    const event = (origin: string, source: unknown, data: unknown) =>
      new MessageEvent('message', { origin, source: source as Window, data });
    const open = { source: 'aisle-widget', type: 'open' };
    expect(isFromWidget(event('https://shop.example', parent, open), 'https://shop.example', parent)).toBe(true);
    expect(isFromWidget(event('https://evil.example', parent, open), 'https://shop.example', parent)).toBe(false);
    expect(isFromWidget(event('https://shop.example', {}, open), 'https://shop.example', parent)).toBe(false);
    expect(isFromWidget(event('https://shop.example', parent, { source: 'other', type: 'open' }), 'https://shop.example', parent)).toBe(
      false,
    );
    expect(
      isFromWidget(event('https://shop.example', parent, { source: 'aisle-widget', type: 'hack' }), 'https://shop.example', parent),
    ).toBe(false);
    // Not framed at all: the page is its own parent.
    expect(isFromWidget(event('https://shop.example', window, open), 'https://shop.example', window)).toBe(false);
  });

  it('takes what the loader can do and its cart answers only in their exact shape', () => {
    const parent = {} as Window;
    const host = 'https://shop.example';
    const from = (data: unknown) => widgetMessageOf(new MessageEvent('message', { origin: host, source: parent, data }), host, parent);
    const w = (data: Record<string, unknown>) => ({ source: 'aisle-widget', ...data });
    expect(from(w({ type: 'capabilities', addToCart: true }))).toEqual(w({ type: 'capabilities', addToCart: true }));
    expect(from(w({ type: 'capabilities', addToCart: 'yes' }))).toBeNull();
    expect(from(w({ type: 'capabilities' }))).toBeNull();
    expect(from(w({ type: 'cart-added', requestId: 'cart-1', ok: true, extra: 1 }))).toEqual(
      w({ type: 'cart-added', requestId: 'cart-1', ok: true }),
    );
    expect(from(w({ type: 'cart-added', requestId: 'cart-1', ok: 'true' }))).toBeNull();
    expect(from(w({ type: 'cart-added', requestId: '<b>', ok: true }))).toBeNull();
    expect(from(w({ type: 'cart-added', ok: true }))).toBeNull();
    expect(
      widgetMessageOf(
        new MessageEvent('message', { origin: 'https://evil.example', source: parent, data: w({ type: 'open' }) }),
        host,
        parent,
      ),
    ).toBeNull();
  });

  it('counts replies newer than what was seen', () => {
    const m = (id: string, senderType: 'user' | 'assistant', createdAt: string) =>
      ({ id, senderType, createdAt, content: '', isManualResponse: false, citations: [] }) as PublicMessage;
    const messages = [m('q', 'user', '1'), m('r', 'assistant', '2'), m('q2', 'user', '3'), m('r2', 'assistant', '4')];
    expect(unreadCount(messages, '2')).toBe(1);
    expect(unreadCount(messages, '4')).toBe(0);
    expect(unreadCount(messages, undefined)).toBe(2);
  });
});
