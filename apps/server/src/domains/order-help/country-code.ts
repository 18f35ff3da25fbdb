import { SHOPPER_LANGUAGES } from '../ai';

let names: Map<string, string> | undefined;

/** Every region's name in English and the shopper languages ("japan", "日本", "ญี่ปุ่น"…) → its ISO code. */
function countryNames(): Map<string, string> {
  if (names) return names;
  names = new Map([
    ['usa', 'US'],
    ['u.s.a.', 'US'],
    ['united states of america', 'US'],
    ['uk', 'GB'],
    ['great britain', 'GB'],
    ['england', 'GB'],
  ]);
  const displays = SHOPPER_LANGUAGES.map((language) => new Intl.DisplayNames([language], { type: 'region', fallback: 'none' }));
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      if (NOT_COUNTRIES.has(code)) continue;
      for (const display of displays) {
        const name = display.of(code);
        if (name && !names.has(name.toLowerCase())) names.set(name.toLowerCase(), code);
      }
    }
  }
  return names;
}

const englishNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
/** Region codes that name no country (groupings, private use). */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ']);

/**
 * A country as a shopper or a model writes it ("JP", "jp", "Japan", "日本") as the ISO 3166-1
 * alpha-2 code Shopify's MailingAddressInput.countryCode takes; null when it names no country.
 */
export function countryCodeOf(country: string): string | null {
  const given = country.trim();
  if (/^[A-Za-z]{2}$/.test(given)) {
    const code = given.toUpperCase();
    return englishNames.of(code) && !NOT_COUNTRIES.has(code) ? code : null;
  }
  return countryNames().get(given.toLowerCase()) ?? null;
}
