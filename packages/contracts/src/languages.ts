/**
 * The languages Aisle speaks. Merchants read the app in one of `MERCHANT_LANGUAGES`; shoppers
 * (public chat, widget, notices and e-mails to them) in one of `SHOPPER_LANGUAGES`. Codes are BCP 47
 * tags; Chinese is told apart by script (Traditional for Taiwan and Hong Kong, Simplified for the
 * mainland and Singapore), not by region.
 */
export const MERCHANT_LANGUAGES = ['en', 'ja', 'th'] as const;
export const SHOPPER_LANGUAGES = ['en', 'ja', 'th', 'zh-Hant', 'zh-Hans', 'id', 'vi', 'ko'] as const;

export type MerchantLanguage = (typeof MERCHANT_LANGUAGES)[number];
export type ShopperLanguage = (typeof SHOPPER_LANGUAGES)[number];

export const DEFAULT_LANGUAGE = 'en' satisfies MerchantLanguage;

/** Each language's name in itself, as a language menu shows it. */
export const LANGUAGE_NAMES: Record<ShopperLanguage, string> = {
  en: 'English',
  ja: '日本語',
  th: 'ไทย',
  'zh-Hant': '繁體中文',
  'zh-Hans': '简体中文',
  id: 'Bahasa Indonesia',
  vi: 'Tiếng Việt',
  ko: '한국어',
};

function canonical(tag: string): Intl.Locale | null {
  try {
    return new Intl.Locale(tag.trim().replace(/_/g, '-'));
  } catch {
    return null;
  }
}

/**
 * The first of `requested` (most wanted first: `navigator.languages`, a parsed `Accept-Language`,
 * a page's `lang`) that `supported` has, by language, and for Chinese by script: `zh-TW` and `zh-HK`
 * are Traditional, `zh`, `zh-CN` and `zh-SG` Simplified (the likely script of `Intl.Locale.maximize`).
 * Indonesian's old code `in` counts as `id`. Null when none matches.
 */
export function matchLanguage<L extends string>(requested: readonly string[], supported: readonly L[]): L | null {
  for (const tag of requested) {
    const locale = canonical(tag);
    if (!locale) continue;
    const language = locale.language === 'in' ? 'id' : locale.language;
    if (language === 'zh') {
      const script = locale.maximize().script ?? 'Hans';
      const match = supported.find((code) => code === `zh-${script}`);
      if (match) return match;
      continue;
    }
    const match = supported.find((code) => code === language);
    if (match) return match;
  }
  return null;
}

/** The tags of an `Accept-Language` header, most wanted first (q=0 left out, `*` ignored). */
export function acceptedLanguages(header: string | undefined | null): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 32)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.q > 0 && Number.isFinite(entry.q))
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}
