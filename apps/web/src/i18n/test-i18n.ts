import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { NAMESPACES } from './i18n';

/** Every catalog, read at once: tests render in any language without waiting for a chunk. */
const all = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { eager: true, import: 'default' });

/** The shared instance in English with every catalog loaded (unit tests' setup). */
export function startTestI18n() {
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [file, catalog] of Object.entries(all)) {
    const [, language = '', namespace = ''] = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
    resources[language] ??= {};
    resources[language][namespace] = catalog;
  }
  return i18n.use(initReactI18next).init({
    resources,
    lng: 'en',
    fallbackLng: 'en',
    ns: [...NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnEmptyString: false,
    initAsync: false,
  });
}
