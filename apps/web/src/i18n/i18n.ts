import {
  DEFAULT_LANGUAGE,
  MERCHANT_LANGUAGES,
  type MerchantLanguage,
  matchLanguage,
  SHOPPER_LANGUAGES,
  type ShopperLanguage,
} from '@aisle/contracts/languages';
import i18n from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { browserStorage } from '@/lib/browser-storage';

/**
 * The interface's words, in files a translator edits: `locales/<language>/<namespace>.json`
 * (i18next's JSON format, `{{name}}` for values, `_one`/`_other` suffixes for plurals). English is
 * the source and the fallback. Each language's files are separate chunks, fetched when a screen
 * needs that namespace in that language, so no one downloads a language they do not read.
 *
 * Namespaces: `common` (shell, shared components, errors), `auth`, `account`, `assistants`, `chat`,
 * `inbox`, `knowledge`, `analytics`, `channels`, `functions`, `templates`, `setup` (setup wizard and
 * Shopify pages) in the merchant languages; `shopper` (public chat and widget) in every shopper
 * language. `catalogs.test.ts` fails when a key is missing in any shipped language.
 */
export const NAMESPACES = [
  'common',
  'auth',
  'account',
  'assistants',
  'chat',
  'inbox',
  'knowledge',
  'analytics',
  'channels',
  'functions',
  'templates',
  'setup',
  'shopper',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

const catalogs = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json');

export const LANGUAGE_STORAGE_KEY = 'aisle.language';

/** The merchant's language: their choice in Account Settings, else the browser's, else English. */
export function preferredMerchantLanguage(): MerchantLanguage {
  const chosen = browserStorage.getItem(LANGUAGE_STORAGE_KEY);
  const requested = [...(chosen ? [chosen] : []), ...(typeof navigator === 'undefined' ? [] : navigator.languages)];
  return matchLanguage(requested, MERCHANT_LANGUAGES) ?? DEFAULT_LANGUAGE;
}

/** A shopper's language: an explicit one (the widget's `data-lang`, its host page's `lang`), else the browser's. */
export function preferredShopperLanguage(explicit?: string | null): ShopperLanguage {
  const requested = [...(explicit ? [explicit] : []), ...(typeof navigator === 'undefined' ? [] : navigator.languages)];
  return matchLanguage(requested, SHOPPER_LANGUAGES) ?? DEFAULT_LANGUAGE;
}

function syncDocumentLanguage(language: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
// `<html lang>` follows the interface: screen readers, fonts and line breaking use it.
i18n.on('languageChanged', syncDocumentLanguage);

/** Starts the shared instance in `language`; resolves once the namespaces the first screen reads are loaded. */
export function startI18n(language: string, preload: Namespace[] = ['common', 'auth']) {
  syncDocumentLanguage(language);
  return i18n
    .use(
      resourcesToBackend((language: string, namespace: string) => {
        const load = catalogs[`./locales/${language}/${namespace}.json`];
        // A namespace a language does not ship (merchant screens in Korean) falls back to English.
        return load ? load().then((module) => module.default) : Promise.resolve({});
      }),
    )
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...SHOPPER_LANGUAGES],
      load: 'currentOnly',
      ns: preload,
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnEmptyString: false,
    });
}

/** Switches the interface (and `<html lang>`) to `language`, loading what the current screens need. */
export function changeLanguage(language: string) {
  return i18n.changeLanguage(language);
}

/** Remembers the merchant's choice on this browser and switches to it. */
export function chooseMerchantLanguage(language: MerchantLanguage) {
  browserStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  return changeLanguage(language);
}

export { i18n };
