import { DEFAULT_LANGUAGE, type MerchantLanguage } from '@aisle/contracts/languages';

const UNITS = [
  [86_400, 'day'],
  [3_600, 'hour'],
  [60, 'minute'],
  [1, 'second'],
] as const;

type Unit = (typeof UNITS)[number][1];

/**
 * Japanese says how long something lasts with 間 ("3日間", "24時間", "30分間"); the plain unit
 * Intl gives ("3 日") reads as a date or a point in time there.
 */
const JAPANESE: Record<Unit, string> = { day: '日間', hour: '時間', minute: '分間', second: '秒間' };

/**
 * "3 days", "1 hour", "90 seconds" (ja "3日間", th "3 วัน"): lifetimes are configured in seconds but
 * read by people, in the language of the mail they are in. The largest unit that divides the value
 * evenly is used, so 86,400 is "1 day" and 5,400 "90 minutes".
 */
export function describeDuration(seconds: number, language: MerchantLanguage = DEFAULT_LANGUAGE): string {
  const [size, unit] = UNITS.find(([size]) => seconds >= size && seconds % size === 0) ?? ([1, 'second'] as const);
  const count = seconds / size;
  if (language === 'ja') return `${count}${JAPANESE[unit]}`;
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(count);
}
