import { ORDER_CODE_LENGTH } from '@aisle/contracts/commerce';
import { withKanji } from '../knowledge';

/*
 * The details of an order request as shoppers write them (local-order-help.ts): the order number
 * ("#1001", "注文番号：１００１", "เลขที่คำสั่งซื้อ 1001"), the e-mail or phone it was placed with, the
 * one-time code, and a new address from free text.
 */

/** Digits of any script as ASCII ("１００１", "๑๐๐๑" → "1001"). */
function asciiDigits(text: string): string {
  return text.replace(/(?![0-9])\p{Nd}/gu, (char) => {
    // Unicode lays out decimal digits in runs of whole zero-to-nine blocks: the run's start is a zero.
    const code = char.codePointAt(0) as number;
    let start = code;
    while (/\p{Nd}/u.test(String.fromCodePoint(start - 1))) start -= 1;
    return String((code - start) % 10);
  });
}

/** A message as written, full-width forms and digits of any script as ASCII ("注文番号：１００１" → "注文番号:1001"). */
export const asWritten = (text: string) => asciiDigits(text.normalize('NFKC'));

/**
 * A message as its words are matched: as written, Latin letters without their accents ("đơn
 * hàng của tôi" → "don hang cua toi", as Vietnamese shoppers also type it), kana words the shop
 * writes in kanji in kanji. Case is kept; the word groups below ignore it.
 */
export const folded = (text: string) =>
  withKanji(asWritten(text))
    .normalize('NFD')
    .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
    .normalize('NFC')
    .replace(/[đĐ]/g, (char) => (char === 'đ' ? 'd' : 'D'));

// ── Order numbers, contacts, codes ─────────────────────────────────────────────────────────────

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.\p{L}{2,}/gu;
const URL = /https?:\/\/\S+/giu;
/** A phone number: 9 to 15 digits, written with a leading + or 0 ("090-1234-5678", "+66 81 234 5678") or as 555-123-4567. */
const PHONE_CANDIDATE = /(?<![\p{L}\p{N}#@])\+?\(?\d[\d\s().-]{7,24}\d(?![\p{N}])/gu;
const GROUPED_PHONE = /^\(?\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}$/;
const MIN_PHONE_DIGITS = 9;
const MAX_PHONE_DIGITS = 15;

/** The phone numbers in a text, as written and as digits (with their +); an order number before one stays apart ("1001 090-1234-5678"). */
function phonesIn(text: string): { written: string; value: string }[] {
  return [...text.matchAll(PHONE_CANDIDATE)].flatMap((match) => {
    const groups = match[0].trim().split(/\s+/);
    for (let start = 0; start < groups.length; start++) {
      const written = groups.slice(start).join(' ');
      const digits = written.replace(/\D/g, '');
      if (digits.length < MIN_PHONE_DIGITS) break;
      if (digits.length > MAX_PHONE_DIGITS) continue;
      if (/^\+|^\(?0/.test(written) || GROUPED_PHONE.test(written))
        return [{ written, value: `${written.startsWith('+') ? '+' : ''}${digits}` }];
    }
    return [];
  });
}

/** What names an order number before it: "order", "注文番号：", "เลขที่คำสั่งซื้อ", "訂單編號", "nomor pesanan", "mã đơn hàng", "주문번호". */
const ORDER_LABEL = [
  'order(?: ?(?:no\\.?|number|num|id|#))?',
  'ご?注文(?:番号|no\\.?)?',
  'オーダー(?:番号)?',
  '受注番号',
  '(?:เลขที่|เลข|หมายเลข)?(?:คำสั่งซื้อ|ออเดอร์)(?:เลขที่)?',
  '訂單(?:編號|號碼|號)?',
  '订单(?:编号|号码|号)?',
  '單號',
  '单号',
  '(?:nomor|no\\.?) (?:pesanan|order)',
  'pesanan',
  '(?:ma |mã )?(?:don|đơn)(?: hang| hàng)?(?: so| số)?',
  '(?:so|số) (?:don|đơn)(?: hang| hàng)?',
  '주문 ?번호',
  '주문',
].join('|');
/** Between the label and the number: punctuation, "is", "は", "คือ", "是", "adalah", "là", "는". */
const LABEL_GLUE = '[\\s:：=-]*(?:(?:is|was|は|คือ|是|為|为|adalah|la|là|는|은)[\\s:：]*)?';
const ORDER_TOKEN = '#?[A-Za-z]{0,4}-?\\d[\\d-]{1,15}';
const LABELLED_ORDER = new RegExp(`(?<![\\p{L}])(?:${ORDER_LABEL})${LABEL_GLUE}(${ORDER_TOKEN})(?![\\p{N}])`, 'giu');
export const HASH_ORDER = /(?<![A-Za-z0-9&])#\s?([A-Za-z]{0,4}-?\d[\d-]{1,15})(?![\p{N}])/gu;
/** A number alone, 3 to 9 digits, not a price, a quantity or a size ("500ml", "¥1200", "3 days"). */
const BARE_NUMBER =
  /(?<![\p{L}\p{N}@.+\-/#$¥฿₩€£:])(\d{3,9})(?![\p{N}]|[.,]\d|\s?(?:%|ml|g|kg|cm|mm|m|l|円|บาท|元|yen|baht|won|원|vnd|rp|usd|\$|個|点|本|枚|件|ชิ้น|pcs|days?|日|วัน|天|hari|ngay|일|kali|x)(?![\p{L}]))/giu;
const MIN_ORDER_DIGITS = 3;

export const withoutContacts = (text: string) => {
  let rest = text.replace(URL, ' ').replace(EMAIL, ' ');
  for (const phone of phonesIn(rest)) rest = rest.replace(phone.written, ' ');
  return rest;
};

/**
 * The order numbers a message gives, as written ("#1001", "1001" from "注文番号：１００１"): those
 * named as one first, then (when `bare`) numbers standing alone.
 */
export function orderNumbersIn(text: string, bare: boolean): string[] {
  const rest = withoutContacts(text);
  const named = [
    ...[...rest.matchAll(HASH_ORDER)].map((match) => `#${match[1]}`),
    ...[...rest.matchAll(LABELLED_ORDER)].map((match) => (match[1] as string).trim()),
  ].filter((value) => value.replace(/\D/g, '').length >= MIN_ORDER_DIGITS);
  if (named.length || !bare) return named;
  return [...rest.matchAll(BARE_NUMBER)].map((match) => match[1] as string);
}

export const contactsIn = (text: string) => [
  ...(text.match(EMAIL) ?? []),
  ...phonesIn(text.replace(URL, ' ').replace(EMAIL, ' ')).map((phone) => phone.value),
];

export const CODE = new RegExp(`(?<![\\p{N}#])(\\d{3})[\\s-]?(\\d{${ORDER_CODE_LENGTH - 3}})(?![\\p{N}])`, 'u');
export const codeIn = (text: string) => {
  const match = CODE.exec(withoutContacts(text));
  return match ? `${match[1]}${match[2]}` : undefined;
};

// ── A new address ───────────────────────────────────────────────────────────────────────────────

export interface ShippingAddress {
  address1: string;
  address2?: string;
  city: string;
  province?: string;
  zip: string;
  country: string;
}

/** Countries by the names shoppers write, as ISO 3166-1 alpha-2 codes. */
const COUNTRIES: [string, string[]][] = [
  ['JP', ['japan', '日本', 'ญี่ปุ่น', '일본', 'nhat ban', 'jepang']],
  ['TH', ['thailand', 'タイ', 'ประเทศไทย', 'ไทย', '泰國', '泰国', 'thai lan', '태국']],
  ['TW', ['taiwan', '台湾', '台灣', '臺灣', 'ไต้หวัน', 'dai loan', '대만']],
  ['HK', ['hong kong', '香港', 'ฮ่องกง', '홍콩']],
  ['CN', ['china', '中国', '中國', 'จีน', 'trung quoc', '중국', 'tiongkok']],
  ['SG', ['singapore', 'シンガポール', '新加坡', 'สิงคโปร์', '싱가포르']],
  ['ID', ['indonesia', 'インドネシア', '印尼', '印度尼西亚', 'อินโดนีเซีย', '인도네시아']],
  ['VN', ['vietnam', 'viet nam', 'ベトナム', '越南', 'เวียดนาม', '베트남']],
  ['KR', ['south korea', 'korea', '韓国', '韓國', '韩国', '대한민국', '한국', 'เกาหลี', 'han quoc', 'korea selatan']],
  ['MY', ['malaysia', 'マレーシア', '馬來西亞', '马来西亚', 'มาเลเซีย']],
  ['PH', ['philippines', 'フィリピン', '菲律賓', '菲律宾', 'ฟิลิปปินส์', 'filipina']],
  [
    'US',
    [
      'united states',
      'usa',
      'u.s.a.',
      'us',
      'america',
      'アメリカ',
      '美國',
      '美国',
      'สหรัฐอเมริกา',
      'สหรัฐ',
      '미국',
      'hoa ky',
      'amerika serikat',
    ],
  ],
  ['GB', ['united kingdom', 'uk', 'england', 'イギリス', '英國', '英国', 'อังกฤษ', '영국', 'inggris']],
  ['AU', ['australia', 'オーストラリア', '澳洲', '澳大利亚', 'ออสเตรเลีย', '호주']],
  ['CA', ['canada', 'カナダ', '加拿大', 'แคนาดา', '캐나다']],
  ['FR', ['france', 'フランス', '法國', '法国', 'ฝรั่งเศส', '프랑스', 'prancis']],
  ['DE', ['germany', 'ドイツ', '德國', '德国', 'เยอรมนี', '독일', 'jerman']],
];
const COUNTRY_NAMES = COUNTRIES.flatMap(([code, names]) => names.map((name) => [name, code] as const)).sort(
  (a, b) => b[0].length - a[0].length,
);

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const COUNTRY_AT_END = new RegExp(`(?:^|[\\s,、，])(${COUNTRY_NAMES.map(([name]) => escapeRegExp(name)).join('|')})[\\s.。]*$`, 'iu');
const COUNTRY_AT_START = new RegExp(
  `^(${COUNTRY_NAMES.map(([name]) => escapeRegExp(name)).join('|')})(?=[\\s,、，]|\\p{Script=Han})`,
  'iu',
);
const countryCode = (name: string) => COUNTRY_NAMES.find(([known]) => known.toLowerCase() === name.toLowerCase())?.[1];

const JP_ZIP = /〒?\s*(\d{3}-\d{4})(?![\p{N}])/u;
const CA_ZIP = /(?<![\p{L}\p{N}])([A-Z]\d[A-Z] ?\d[A-Z]\d)(?![\p{L}\p{N}])/u;
const UK_ZIP = /(?<![\p{L}\p{N}])([A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})(?![\p{L}\p{N}])/u;
const NUMERIC_ZIP = /(?<![\p{N}/-])(\d{4,6}(?:-\d{4})?)(?![\p{N}/-])/gu;
/** A Taiwanese or Chinese postcode written before the address ("106台北市…"). */
const LEADING_ZIP = /^(\d{3,6})(?=\s*\p{Script=Han})/u;
const JP_PREFECTURE = /(東京都|北海道|(?:京都|大阪)府|\p{Script=Han}{2,3}県)/u;
const JP_CITY = /^(\p{Script=Han}{1,6}?[市区町村郡])/u;
const CJK_CITY = /^(\p{Script=Han}{2,3}[市縣县])/u;
/** Where a request ends and its address begins: "to", a colon, "เป็น", "改成"… */
const ADDRESS_START = /[:：]|(?<![\p{L}])(?:to|ke|thanh|thành|sang)(?![\p{L}])|เป็น|改成|改為|改为|換成|换成|改到/giu;
/** What trails a Japanese address in a sentence ("…1-2-3です", "…に変更してください"). */
const JP_TRAIL = /(?:です|に変更|へ変更|まで|に送|へ送|でお願い|にして).*$/u;

/**
 * A new address from free text, as far as it can be read: the postcode and the country by their
 * forms and names, a Japanese address by its prefecture and city, otherwise lines or comma parts
 * (street first, city last). Null when the text holds no address.
 */
export function parseAddress(message: string): Partial<ShippingAddress> | null {
  let text = withoutContacts(asWritten(message)).replace(HASH_ORDER, ' ').replace(LABELLED_ORDER, ' ');
  const starts = [...text.matchAll(ADDRESS_START)];
  const last = starts.at(-1);
  if (last?.index !== undefined && /\d/.test(text.slice(last.index))) text = text.slice(last.index + last[0].length);
  text = text.replace(/[ \t]+/g, ' ').trim();
  const address: Partial<ShippingAddress> = {};

  const atEnd = COUNTRY_AT_END.exec(text);
  const atStart = atEnd ? null : COUNTRY_AT_START.exec(text);
  const country = atEnd ?? atStart;
  if (country) {
    address.country = countryCode(country[1] as string);
    text = atEnd ? text.slice(0, atEnd.index) : text.slice((atStart as RegExpExecArray)[0].length);
  }

  const zip =
    JP_ZIP.exec(text) ?? CA_ZIP.exec(text) ?? UK_ZIP.exec(text) ?? LEADING_ZIP.exec(text.trim()) ?? [...text.matchAll(NUMERIC_ZIP)].at(-1);
  if (zip?.[1]) {
    address.zip = zip[1];
    text = text.replace(zip[0], ' ');
  }

  const prefecture = JP_PREFECTURE.exec(text);
  if (prefecture) {
    address.province = prefecture[1];
    address.country ??= 'JP';
    const after = text.slice((prefecture.index ?? 0) + (prefecture[1] as string).length).replace(/^[\s、,]+/, '');
    const city = JP_CITY.exec(after);
    if (city) address.city = city[1];
    const street = (city ? after.slice((city[1] as string).length) : after).replace(JP_TRAIL, '').trim();
    const [address1, ...more] = street.split(/[\s、,]+/).filter(Boolean);
    if (address1) address.address1 = address1;
    if (more.length) address.address2 = more.join(' ');
    return address.zip || address.city ? address : null;
  }

  const parts = text
    .split(/\n|[,、，;]/)
    .map((part) => part.replace(/[\s.。]+$/, '').trim())
    .filter((part) => part && !/^\d+$/.test(part));
  // "Springfield, IL": a region code left beside the postcode.
  const region = parts.length > 1 ? /^(.*?)\s*\b([A-Z]{2,3})$/.exec(parts.at(-1) as string) : null;
  if (region && parts.length > 1) {
    address.province = region[2];
    if (region[1]) parts[parts.length - 1] = region[1];
    else parts.pop();
  }
  if (parts.length >= 2) {
    address.address1 = parts[0];
    address.city = parts.at(-1);
    if (parts.length > 2) address.address2 = parts.slice(1, -1).join(', ');
  } else if (parts.length === 1) {
    const only = parts[0] as string;
    const cjkCity = CJK_CITY.exec(only);
    if (cjkCity) {
      address.city = cjkCity[1];
      address.address1 = only.slice((cjkCity[1] as string).length).trim();
    } else {
      const tokens = only.split(' ');
      if (tokens.length >= 2) {
        address.city = tokens.at(-1);
        address.address1 = tokens.slice(0, -1).join(' ');
      }
    }
  }
  // Written in Thai or Hangul: in Thailand or Korea.
  if (!address.country && address.address1) {
    if (/\p{Script=Thai}/u.test(address.address1)) address.country = 'TH';
    else if (/\p{Script=Hangul}/u.test(address.address1)) address.country = 'KR';
  }
  if (!address.zip || !(address.address1 && /\d/.test(`${address.address1} ${address.address2 ?? ''}`))) return null;
  return address;
}

export const completeAddress = (address: Partial<ShippingAddress> | null): address is ShippingAddress =>
  Boolean(address?.address1 && address.city && address.zip && address.country);
