import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Dates, numbers and money in the interface's language, through `Intl` (never a fixed `en-US`).
 * Formatters are made once per language and option set.
 */
const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat | Intl.ListFormat>();

function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat | Intl.ListFormat>(
  key: string,
  make: () => T,
): T {
  let formatter = cache.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    cache.set(key, formatter);
  }
  return formatter;
}

type DateInput = Date | string | number;
const asDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

export function formatters(language: string) {
  const dateTime = (options: Intl.DateTimeFormatOptions) =>
    cached(`d:${language}:${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(language, options));
  const number = (options: Intl.NumberFormatOptions = {}) =>
    cached(`n:${language}:${JSON.stringify(options)}`, () => new Intl.NumberFormat(language, options));
  return {
    language,
    /** 2 Dec 2026 / 2026/12/02 / 2 ธ.ค. 2569 */
    date: (value: DateInput, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }) => dateTime(options).format(asDate(value)),
    /** Date and time, medium date and short time unless told. */
    dateTime: (value: DateInput, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }) =>
      dateTime(options).format(asDate(value)),
    time: (value: DateInput) => dateTime({ hour: 'numeric', minute: '2-digit' }).format(asDate(value)),
    /** Any `Intl.DateTimeFormat` options. */
    dateParts: (value: DateInput, options: Intl.DateTimeFormatOptions) => dateTime(options).format(asDate(value)),
    number: (value: number, options?: Intl.NumberFormatOptions) => number(options).format(value),
    /** 1.2K / 1.2万 / 1.2 พัน */
    compact: (value: number) => number({ notation: 'compact', maximumFractionDigits: 1 }).format(value),
    money: (value: number, currency: string, options: Intl.NumberFormatOptions = {}) =>
      number({ style: 'currency', currency, ...options }).format(value),
    percent: (value: number, options: Intl.NumberFormatOptions = { maximumFractionDigits: 0 }) =>
      number({ style: 'percent', ...options }).format(value),
    /** "3 minutes ago", "in 2 days" */
    relative: (value: number, unit: Intl.RelativeTimeFormatUnit) =>
      cached(`r:${language}`, () => new Intl.RelativeTimeFormat(language, { numeric: 'auto' })).format(value, unit),
    /** "a, b and c" / "a、b、c" */
    list: (items: string[]) => cached(`l:${language}`, () => new Intl.ListFormat(language, { type: 'conjunction' })).format(items),
  };
}

export type Formatters = ReturnType<typeof formatters>;

/** The formatters of the interface's current language; components re-render when it changes. */
export function useFormat(): Formatters {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  return useMemo(() => formatters(language), [language]);
}
