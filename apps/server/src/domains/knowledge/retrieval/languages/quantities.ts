/*
 * Quantities written many ways: "2P", "2-person", "two people", "2人用", "2 คน", "สองคน" all mean
 * two people; "100 g", "100グラム", "100 กรัม", "100克" all mean 100 grams. The tokenizer adds
 * one canonical term per quantity ("2person", "100g") beside the words, on both the passage and
 * the question side, so any spelling finds any other.
 */

/** Unit words (lower case, NFKC) by canonical unit. */
const UNITS: Record<string, string[]> = {
  g: ['g', 'gr', 'gram', 'grams', 'gramme', 'grammes', 'グラム', 'กรัม', '克', '公克', '그램'],
  kg: ['kg', 'kgs', 'kilo', 'kilos', 'kilogram', 'kilograms', 'キロ', 'キログラム', 'กิโลกรัม', 'กก', '公斤', '千克', '킬로그램'],
  ml: ['ml', 'milliliter', 'milliliters', 'millilitre', 'millilitres', 'cc', 'ミリリットル', 'ミリ', 'มล', 'มิลลิลิตร', '毫升', '밀리리터'],
  l: ['l', 'liter', 'liters', 'litre', 'litres', 'リットル', 'ลิตร', '升', '公升', '리터'],
  person: [
    'p',
    'person',
    'persons',
    'people',
    'man',
    'men',
    'pax',
    'seater',
    'sleeper',
    '人',
    '人用',
    '名',
    '名様',
    'คน',
    'ท่าน',
    'orang',
    'người',
    '인',
    '인용',
    '명',
  ],
  h: ['h', 'hr', 'hrs', 'hour', 'hours', '時間', 'ชั่วโมง', 'ชม', '小時', '小时', 'jam', 'giờ', '시간'],
  day: ['day', 'days', '日', '日間', 'วัน', '天', 'hari', 'ngày', '일'],
  week: ['week', 'weeks', 'wk', '週', '週間', 'สัปดาห์', 'อาทิตย์', '周', '週', 'minggu', 'tuần', '주'],
  month: ['month', 'months', 'ヶ月', 'か月', 'カ月', '箇月', 'เดือน', '个月', '個月', 'bulan', 'tháng', '개월'],
  year: ['year', 'years', 'yr', 'yrs', '年', '年間', 'ปี', 'tahun', 'năm', '년'],
  mm: ['mm', 'millimeter', 'millimeters', 'ミリメートル', 'มม', '毫米', '公釐'],
  cm: ['cm', 'centimeter', 'centimeters', 'センチ', 'センチメートル', 'ซม', 'เซนติเมตร', '厘米', '公分', '센티미터'],
  m: ['meter', 'meters', 'metre', 'metres', 'メートル', 'เมตร', '米', '公尺', '미터'],
  w: ['w', 'watt', 'watts', 'ワット', 'วัตต์', '瓦'],
  lm: ['lm', 'lumen', 'lumens', 'ルーメン', 'ลูเมน', '流明'],
  mah: ['mah'],
  // Prices: a number with its currency is also the term "price", which "how much" finds in any language.
  jpy: ['円', 'yen', '엔'],
  thb: ['บาท', 'baht', 'thb'],
  twd: ['元', '塊', '块', 'twd', 'ntd'],
  usd: ['dollar', 'dollars', 'usd', 'bucks'],
  idr: ['rupiah', 'idr'],
  vnd: ['đồng', 'dong', 'vnd', 'đ'],
  krw: ['원', 'won', 'krw'],
  // A time of day ("10時", "8 點", "10 โมง", "10 am"): also the term "oclock", which "what time" finds.
  oclock: ['時', '点', '點', 'โมง', 'น', 'am', 'pm', 'a.m', 'p.m', '시'],
};

const CURRENCIES = new Set(['jpy', 'thb', 'twd', 'usd', 'idr', 'vnd', 'krw']);
/** Signs and words written before an amount ("$50", "¥900", "฿590", "NT$350", "Rp 150.000"). */
export const CURRENCY_PREFIX = /[$¥￥฿€£₩₫]|^(?:rp|nt|us)$/i;
/** What a price and a time of day are also indexed as. */
export const PRICE_TERM = 'price';
export const TIME_OF_DAY_TERM = 'oclock';
/** Durations are also their unit's plain word (stemmed like English text): "3日" is also "dai", as "3 days" is. */
const UNIT_WORD_TERMS: Record<string, string> = { h: 'hour', day: 'dai', week: 'week', month: 'month', year: 'year' };

/** "10:00", "18：30", "10.00 น.": a time of day written with digits (a point only before Thai น., else it is a price or a weight). */
export const CLOCK_TIME = /\b(?:[01]?\d|2[0-3])(?:[:：][0-5]\d\b|\.[0-5]\d(?=\s*น))/gu;

/** Number words up to twelve, in the shoppers' languages. */
const NUMBER_WORDS: Record<string, number> = {};
const addNumbers = (words: string) => {
  for (const [index, word] of words.split(' ').entries()) if (word !== '-') NUMBER_WORDS[word] = index + 1;
};
addNumbers('one two three four five six seven eight nine ten eleven twelve');
addNumbers('一 二 三 四 五 六 七 八 九 十 - -');
addNumbers('หนึ่ง สอง สาม สี่ ห้า หก เจ็ด แปด เก้า สิบ สิบเอ็ด สิบสอง');
addNumbers('satu dua tiga empat lima enam tujuh delapan sembilan sepuluh sebelas - ');
addNumbers('một hai ba bốn năm sáu bảy tám chín mười - -');
addNumbers('하나 둘 셋 넷 다섯 여섯 일곱 여덟 아홉 열 - -');
NUMBER_WORDS.single = 1;
NUMBER_WORDS.double = 2;
NUMBER_WORDS.solo = 1;
NUMBER_WORDS.两 = 2;
NUMBER_WORDS.兩 = 2;
NUMBER_WORDS.一人 = 1;
NUMBER_WORDS.ひとり = 1;
NUMBER_WORDS.ふたり = 2;

const UNIT_OF = new Map<string, string>();
for (const [unit, words] of Object.entries(UNITS)) for (const word of words) UNIT_OF.set(word.normalize('NFKC').toLowerCase(), unit);
/** Longest unit words first, for units written onto what follows ("人用のテント" → 人用). */
const UNIT_PREFIXES = [...UNIT_OF.keys()].filter((word) => !/^[a-z]+$/.test(word)).sort((a, b) => b.length - a.length);

/** Any script's decimal digits as ASCII ("๒๐" → "20", "२०" → "20"). */
const OTHER_DIGIT = /(?![0-9])\p{Nd}/u;

export function asciiDigits(text: string): string {
  // Most words have no digit of another script: no replacement to try.
  if (!OTHER_DIGIT.test(text)) return text;
  return text.replace(/(?![0-9])\p{Nd}/gu, (char) => {
    // Unicode lays out decimal digits in runs of whole zero-to-nine blocks: the run's start is a zero.
    const code = char.codePointAt(0) as number;
    let start = code;
    while (/\p{Nd}/u.test(String.fromCodePoint(start - 1))) start -= 1;
    return String((code - start) % 10);
  });
}

/** The number a word names ("2", "1.5", "two", "สอง", "三"), or null. */
export function numberOf(word: string): number | null {
  if (/^\d+(?:[.,]\d+)?$/.test(word)) return Number(word.replace(',', '.'));
  return NUMBER_WORDS[word] ?? null;
}

/** The canonical unit a word names ("グラム" → "g"), also when the unit starts the word ("人用" → "person"). */
export function unitOf(word: string): string | null {
  const exact = UNIT_OF.get(word);
  if (exact) return exact;
  const prefix = UNIT_PREFIXES.find((unit) => word.startsWith(unit));
  return prefix ? (UNIT_OF.get(prefix) ?? null) : null;
}

/** The canonical terms of a quantity: "1.5kg" is also "1500g", "1 l" also "1000ml". */
export function quantityTerms(value: number, unit: string): string[] {
  if (CURRENCIES.has(unit)) return [`${value}${unit}`, PRICE_TERM];
  if (unit === 'oclock') return [TIME_OF_DAY_TERM];
  const terms = [`${value}${unit}`];
  const word = UNIT_WORD_TERMS[unit];
  if (word) terms.push(word);
  if (unit === 'kg') terms.push(`${Math.round(value * 1000)}g`);
  if (unit === 'l') terms.push(`${Math.round(value * 1000)}ml`);
  return terms;
}

/** "spf50" → ["spf", "50"]; "100g" → ["100", "g"]; "2p" → ["2", "p"]; null for a word that does not mix. */
export function splitLettersAndDigits(word: string): string[] | null {
  if (!/\p{L}/u.test(word) || !/\d/.test(word)) return null;
  const parts = word.match(/\d+(?:\.\d+)?|[^\d.]+/g);
  return parts && parts.length > 1 ? parts : null;
}
