/*
 * Fitting an answer's parts into a platform's documented limits (each renderer names its limits
 * and their sources): a title cut with an ellipsis, an image kept only at an https address, a link
 * kept only when it is a web address. A limit is counted in UTF-16 code units, the strictest of the
 * platforms' counts (LINE counts code units; Meta's "characters" and LINE's grapheme-counted labels
 * are never more than that), so a fitted text fits everywhere.
 */

/** The text on one line (titles and labels: a product title's line breaks are not the platform's). */
export const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** At most `max` code units, cut at a word where one is near and ended with an ellipsis; never a half surrogate pair. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, Math.max(0, max - 1));
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  const space = cut.lastIndexOf(' ');
  if (space > max * 0.6) cut = cut.slice(0, space);
  return `${cut.trimEnd()}…`;
}

/** A title or label on one line, at most `max` code units. */
export const fitLine = (text: string, max: number) => clip(oneLine(text), max);

function parsedUrl(value: string | null | undefined): URL | null {
  if (!value) return null;
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/**
 * An image the platforms will fetch: https only (LINE requires it, "Protocol: HTTPS (TLS 1.2 or
 * later)"; Meta fetches images from the open web, and a shop's http image is dropped rather than
 * sent), percent-encoded, and within `max` characters. Null otherwise: the card goes without it.
 */
export function httpsImage(value: string | null | undefined, max: number): string | null {
  const url = parsedUrl(value);
  return url?.protocol === 'https:' && url.href.length <= max ? url.href : null;
}

/** A product page the customer can open: http or https, percent-encoded, within `max` characters; null otherwise. */
export function webLink(value: string | null | undefined, max: number): string | null {
  const url = parsedUrl(value);
  return (url?.protocol === 'https:' || url?.protocol === 'http:') && url.href.length <= max ? url.href : null;
}

/** The items of `list` whose key was not seen before (platforms refuse two buttons or rows with one title). */
export function distinctBy<T>(list: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return list.filter((item) => {
    const value = key(item);
    if (seen.has(value)) return false;
    seen.add(value);
    return true;
  });
}
