import { matchLanguage, SHOPPER_LANGUAGES, type ShopperLanguage } from '@aisle/contracts/languages';
import type { ShareTheme } from '@aisle/contracts/sharing';

/**
 * What the loader learns from its own `<script src=".../widget.js?token=…">` tag: our origin
 * (where the chat page lives), the share token, and optional colours for the launcher before the
 * chat has said its theme (`data-color`, `data-text-color`). `data-preload="false"` skips loading
 * the chat until the visitor opens it (then the launcher shows at once, in those colours).
 * `data-lang` (a BCP 47 tag: `ja`, `th`, `zh-TW`…) is the shopper's language for the launcher and
 * the chat; without it, the page's `<html lang>`, else the browser's languages.
 */
export interface WidgetConfig {
  origin: string;
  token: string;
  theme: ShareTheme | null;
  preload: boolean;
  /**
   * The language the page asked for (`data-lang`, else `<html lang>`), matched to a shopper
   * language; absent when neither names one we speak, and then the browser's languages decide,
   * in the loader and in the chat alike.
   */
  lang?: ShopperLanguage;
}

/** The language the storefront asks for: the tag's `data-lang`, else its page's `<html lang>`. */
export function pageLanguageOf(script: HTMLScriptElement): ShopperLanguage | undefined {
  const requested = [script.getAttribute('data-lang'), script.ownerDocument?.documentElement?.getAttribute('lang')];
  return (
    matchLanguage(
      requested.filter((tag): tag is string => !!tag),
      SHOPPER_LANGUAGES,
    ) ?? undefined
  );
}

/** The widget's language: the page's (`config.lang`), else the browser's first we speak, else English. */
export function widgetLanguage(
  config: Pick<WidgetConfig, 'lang'>,
  nav: Pick<Navigator, 'languages' | 'language'> | undefined,
): ShopperLanguage {
  const browser = nav ? (nav.languages?.length ? nav.languages : [nav.language]) : [];
  return config.lang ?? matchLanguage(browser.filter(Boolean), SHOPPER_LANGUAGES) ?? 'en';
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
  const lang = pageLanguageOf(script);
  return {
    origin: url.origin,
    token,
    theme: isHexColor(color)
      ? { primaryColor: color, primaryTextColor: isHexColor(textColor) ? textColor : FALLBACK_THEME.primaryTextColor }
      : null,
    preload: script.getAttribute('data-preload') !== 'false',
    ...(lang ? { lang } : {}),
  };
}
