import type { ChatToWidget, WidgetToChat } from '@aisle/contracts/widget';
import { isHexColor } from './widget-config';

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
