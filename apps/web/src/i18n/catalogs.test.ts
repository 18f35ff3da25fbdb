import { MERCHANT_LANGUAGES, SHOPPER_LANGUAGES } from '@aisle/contracts/languages';
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from './i18n';

/**
 * The check translators rely on: every language Aisle ships has every key of the English files,
 * with the same `{{values}}` and `<tags>`, plural forms for each of its plural categories
 * (`Intl.PluralRules`), nothing empty, and no key English no longer has.
 */
const all = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { eager: true, import: 'default' });
const catalog = (language: string, namespace: string) => all[`./locales/${language}/${namespace}.json`];

function flatten(value: unknown, prefix = '', out = new Map<string, unknown>()) {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, out);
  } else out.set(prefix, value);
  return out;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}|<\/?(\w+)\s*\/?>/g)].map((m) => m[1] ?? `<${m[2]}>`).sort();

/** What `language` must hold for English's keys: plural groups expanded to its own categories. */
function expectedKeys(english: Map<string, unknown>, language: string) {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const keys = new Map<string, string>();
  for (const [key, value] of english) {
    const base = key.replace(PLURAL, '');
    if (base !== key) {
      const other = english.get(`${base}_other`) ?? value;
      for (const category of categories) keys.set(`${base}_${category}`, String(other));
    } else keys.set(key, String(value));
  }
  return keys;
}

const shipped = (namespace: string) => (namespace === 'shopper' ? SHOPPER_LANGUAGES : MERCHANT_LANGUAGES);

describe('translation files', () => {
  it.each(NAMESPACES)('%s exists in English with only text values', (namespace) => {
    const english = catalog('en', namespace);
    expect(english, `locales/en/${namespace}.json`).toBeDefined();
    for (const [key, value] of flatten(english))
      expect(typeof value === 'string' && value.trim().length > 0, `en/${namespace}: ${key}`).toBe(true);
  });

  const pairs = NAMESPACES.flatMap((namespace) =>
    shipped(namespace)
      .filter((language) => language !== 'en')
      .map((language) => [namespace, language] as const),
  );
  it.each(pairs)('%s in %s has every key, with the same values and tags', (namespace, language) => {
    const english = flatten(catalog('en', namespace));
    const translated = catalog(language, namespace);
    expect(translated, `locales/${language}/${namespace}.json is missing`).toBeDefined();
    const found = flatten(translated);
    const expected = expectedKeys(english, language);
    const missing = [...expected.keys()].filter((key) => !found.has(key));
    // A language without a form English has (Japanese has no "one") may drop it; nothing else.
    const extra = [...found.keys()].filter((key) => !expected.has(key) && !(PLURAL.test(key) && english.has(key)));
    expect(missing, `missing in ${language}/${namespace}.json`).toEqual([]);
    expect(extra, `keys English no longer has in ${language}/${namespace}.json`).toEqual([]);
    for (const [key, source] of expected) {
      const text = found.get(key);
      expect(typeof text === 'string' && text.trim().length > 0, `${language}/${namespace}: ${key} is empty`).toBe(true);
      expect(placeholders(String(text)), `${language}/${namespace}: ${key} has other {{values}} or <tags> than English`).toEqual(
        placeholders(source),
      );
    }
  });
});
