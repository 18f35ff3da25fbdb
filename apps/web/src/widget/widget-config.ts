import type { ShareTheme } from '@aisle/contracts/sharing';

/**
 * What the loader learns from its own `<script src=".../widget.js?token=…">` tag: our origin
 * (where the chat page lives), the share token, and optional colours for the launcher before the
 * chat has said its theme (`data-color`, `data-text-color`). `data-preload="false"` skips loading
 * the chat until the visitor opens it (then the launcher shows at once, in those colours).
 */
export interface WidgetConfig {
  origin: string;
  token: string;
  theme: ShareTheme | null;
  preload: boolean;
}

const hexColor = /^#[0-9a-fA-F]{6}$/;
export const isHexColor = (value: unknown): value is string => typeof value === 'string' && hexColor.test(value);

/** Colours for the launcher until the chat's `ready` (the contract's DEFAULT_SHARE_THEME; no zod in the loader). */
export const FALLBACK_THEME: ShareTheme = { primaryColor: '#18181b', primaryTextColor: '#ffffff' };

/** The script tag that loaded us: `currentScript` while it runs, else the last one pointing at widget.js. */
export function findWidgetScript(doc: Document): HTMLScriptElement | null {
  const current = doc.currentScript;
  if (current && current.tagName === 'SCRIPT') return current as HTMLScriptElement;
  const scripts = doc.querySelectorAll<HTMLScriptElement>('script[src*="/widget.js"]');
  return scripts[scripts.length - 1] ?? null;
}

export function widgetConfigOf(script: HTMLScriptElement | null): WidgetConfig | null {
  if (!script?.src) return null;
  let url: URL;
  try {
    url = new URL(script.src);
  } catch {
    return null;
  }
  const token = url.searchParams.get('token') || script.getAttribute('data-token');
  if (!token || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    console.warn('Aisle widget: add ?token=… (the share token) to the widget.js address.');
    return null;
  }
  const color = script.getAttribute('data-color');
  const textColor = script.getAttribute('data-text-color');
  return {
    origin: url.origin,
    token,
    theme: isHexColor(color)
      ? { primaryColor: color, primaryTextColor: isHexColor(textColor) ? textColor : FALLBACK_THEME.primaryTextColor }
      : null,
    preload: script.getAttribute('data-preload') !== 'false',
  };
}
