/**
 * The facts in a text, as a test case expects them and an answer is judged by: numbers (prices,
 * days, times) compared by value whatever the digits or separators, what kind of fact a sentence
 * states, and its sentences.
 */

const THAI_DIGITS = /[๐-๙]/g;
const NUMBER = /\d[\d,]*(?:\.\d+)?/g;

/** Text with full-width and Thai digits as ASCII, for reading numbers. */
const asciiDigits = (text: string) => text.normalize('NFKC').replace(THAI_DIGITS, (digit) => String(digit.charCodeAt(0) - 0x0e50));

/** Times of day as hours: "7pm" and "19:00" are both 19, "10:30 am" is 10:30. */
const asHours = (text: string) =>
  text
    .replace(/\b(\d{1,2})(?::(\d{2}))?\s?([ap])\.?m\b\.?/giu, (_, hour: string, minutes: string | undefined, half: string) => {
      const hours = (Number(hour) % 12) + (half.toLowerCase() === 'p' ? 12 : 0);
      return minutes && minutes !== '00' ? `${hours}:${minutes}` : String(hours);
    })
    .replace(/\b(\d{1,2}):00\b/g, '$1');

/** The numbers a text states, by value as text: "1,200" and "1200.00" are both "1200"; "7pm" and "19:00" both 19. */
export function numbersOf(text: string): Set<string> {
  const found = new Set<string>();
  for (const match of asHours(asciiDigits(text)).matchAll(NUMBER)) {
    let value = match[0].replace(/,(?=\d{3}\b)/g, '').replace(/,$/, '');
    if (value.includes('.')) value = value.replace(/\.?0+$/, '');
    if (/^\d+(\.\d+)?$/.test(value)) found.add(value.replace(/^0+(?=\d)/, ''));
  }
  return found;
}

const MONEY = /[$¥€£฿₩₫]|円|บาท|元|\b(?:usd|jpy|thb|twd|nt\$|rp|idr|vnd|krw|dollars?|yen|baht)\b|원|đồng/iu;
const DURATION =
  /\b(?:business days?|days?|weeks?|months?|hours?|years?|minutes?|hari|minggu|bulan|jam|ngày|tuần|tháng|giờ)\b|営業日|日間|週間|[かヶヵケ]月|時間|分間|\d\s*日|วันทำการ|วัน|สัปดาห์|เดือน|ชั่วโมง|天|個月|个月|小時|小时|工作日|週|周|일|주|개월|시간/iu;
const TIME_OF_DAY = /\d{1,2}:\d{2}|\d{1,2}\s?(?:am|pm)\b|\d{1,2}\s?時|\d{1,2}\s?โมง|\d{1,2}\s?點|\d{1,2}\s?点|\d{1,2}\s?시/iu;
const PLACE =
  /\b(?:address|located|location|street|avenue|road|floor|alamat|jalan)\b|住所|所在地|丁目|ที่อยู่|ถนน|ซอย|地址|位於|位于|địa chỉ|đường|주소/iu;

export type FactKind = 'money' | 'duration' | 'time' | 'where' | 'about';

/** What kind of fact a sentence states: what a shopper's question about it asks ("how much", "how long"). */
export function factKindOf(sentence: string): FactKind {
  const text = asciiDigits(sentence);
  const hasNumber = /\d/.test(text);
  if (hasNumber && TIME_OF_DAY.test(text)) return 'time';
  if (hasNumber && MONEY.test(text)) return 'money';
  if (hasNumber && DURATION.test(text)) return 'duration';
  if (PLACE.test(text)) return 'where';
  return 'about';
}

const sentenceSegmenter = new Intl.Segmenter('und', { granularity: 'sentence' });

/** A text's sentences, trimmed, empty ones left out (lines count as sentence breaks: lists, headings). */
export function sentencesOf(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\n+/)) {
    for (const { segment } of sentenceSegmenter.segment(line)) {
      const sentence = segment.trim();
      if (sentence) out.push(sentence);
    }
  }
  return out;
}

const FIGURE = String.raw`(?:\d{1,2}:\d{2}(?:\s?[ap]\.?m\.?)?|\d{1,2}\s?[ap]\.?m\.?|\d[\d,]*(?:\.\d+)?)`;
/** Words that say what a number counts, after it, in the Latin-script languages. */
const LATIN_UNIT = String.raw`(?:(?:business|working)\s)?(?:days?|weeks?|months?|years?|hours?|minutes?|nights?|hari|minggu|bulan|jam|ngày|tuần|tháng|giờ|kg|g|ml|l|cm|mm|m|percent|per\s?cent|points?|pieces?|dollars?|yen|baht|usd|jpy|thb)\b`;
/** A unit written right after the number in a script without spaces (日, 円, บาท), up to three characters. */
const DENSE_UNIT = String.raw`[^\s\d.,:：。、！？!?()（）ぁ-ゖA-Za-z\u00c0-\u024f\u1e00-\u1eff\-–〜~]{1,3}`;
/** One figure with its currency before and its unit after. */
const PART = String.raw`(?:[$¥€£฿₩₫]\s?|(?:NT\$|Rp|USD|THB|JPY)\s?)?${FIGURE}(?:\s?(?:${LATIN_UNIT}|%|${DENSE_UNIT}))?`;
const NUMERIC_PHRASE = new RegExp(String.raw`${PART}(?:\s?(?:[-–〜~]|to|から|ถึง|至|sampai|đến)\s?${PART})?`, 'iu');

/** The words of a numeric fact as written: the number (or range, or time) with its currency before and its unit after ("30 days", "¥800", "800円", "10:00 to 19:00"). */
export function numericPhrase(sentence: string): string | null {
  const match = NUMERIC_PHRASE.exec(sentence);
  if (!match) return null;
  return match[0].trim().replace(/[,.、。]$/u, '');
}

/** At most `max` characters of a sentence, cut at a word (or, without spaces, a character). */
export function shortened(sentence: string, max = 120): string {
  if (sentence.length <= max) return sentence;
  const cut = sentence.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trim()}…`;
}
