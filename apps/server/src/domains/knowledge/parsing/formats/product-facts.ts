import type { ProductAttribute, ProductFact, ProductFactKind } from '@aisle/contracts/products';
import { foldWidth, parseFlag, weightUnitOf } from './product-values';

/*
 * Typed facts read from a product's prose and columns, in the languages our merchants write:
 * "sleeps 2", "2人用", "นอนได้ 2 คน", "50 มล.", "up to 20 hours of battery", "300 lumens",
 * "SPF50+ PA++++", "賞味期限 30日", "ages 3+", "made of recycled nylon", and whether it is
 * waterproof, where a negation ("not waterproof", "防水ではありません", "ไม่กันน้ำ") makes it
 * false: a shopper filtering for waterproof products must never be sent one that is not.
 * Patterns only: a fact the text does not plainly state is left out rather than guessed.
 */

/** A number as written: "1,000" (grouped), "1.5" or "1,5" (decimal). */
const NUM = String.raw`(\d{1,3}(?:,\d{3})+(?!\d)|\d+(?:[.,]\d+)?)`;
const numberOf = (text: string): number => Number(/^\d{1,3}(?:,\d{3})+$/.test(text) ? text.replace(/,/g, '') : text.replace(',', '.'));
/** Latin letters after a unit mean it was a word ("5 g" but not "5 great"); CJK and Thai run on ("12時間持続"). */
const END = '(?![a-z])';

const WEIGHT = new RegExp(
  `${NUM}\\s*(kilograms?|kgs?|grams?|gr|g|lbs?|pounds?|oz|ounces?|gam|キログラム|キロ|グラム|กิโลกรัม|กก\\.?|กรัม|公斤|千克|克|킬로그램|그램)${END}`,
  'giu',
);
const VOLUME = new RegExp(
  `${NUM}\\s*(ml|millilit(?:er|re)s?|lit(?:er|re)s?|l|cc|fl\\.?\\s?oz|ミリリットル|リットル|มล\\.?|มิลลิลิตร|ลิตร|毫升|公升|升|밀리리터|리터|lít)${END}`,
  'iu',
);
const VOLUME_UNITS: [RegExp, string, number][] = [
  [/^(?:ml|millilit|ミリ|มล|มิลลิ|毫升|밀리)/i, 'ml', 1],
  [/^cc$/i, 'ml', 1],
  [/^fl/i, 'fl oz', 29.5735],
  [/./, 'L', 1000],
];
const CAPACITY = [
  /(?<![\w.])(\d+)\s*[-‐]?\s*(?:persons?|people|man|pers|p)(?![\p{L}]|\.m)/iu,
  /\b(?:sleeps|fits|seats)\s*:?\s*(?:up to\s+)?(\d+)/i,
  /\bfor\s+(?:up to\s+)?(\d+)\s+(?:people|persons|campers|adults|guests)\b/i,
  /(\d+)\s*人(?:用|まで|向け|乗り|座)?/,
  /(\d+)\s*คน/,
  /(\d+)\s*인용/,
  /(\d+)\s+orang\b/i,
  /(\d+)\s+người/i,
];
const BATTERY_WORDS =
  /batter|run\s?time|play\s?time|バッテリー|電池|連続|再生|持続|แบต|续航|續航|电池|baterai|\bpin\b|배터리|재생|사용\s?시간/iu;
const HOURS = new RegExp(`${NUM}\\s*(hours?|hrs?|h|時間|ชั่วโมง|ชม\\.?|小时|小時|jam|giờ|시간)${END}`, 'giu');
const POWER = new RegExp(`${NUM}\\s*(watts?|w|ワット|วัตต์|瓦|와트)${END}`, 'iu');
const BRIGHTNESS = new RegExp(`${NUM}\\s*(lumens?|lm|ルーメン|ลูเมน|流明|루멘)${END}`, 'iu');
const SPF = /\bspf\s*(\d+)\s*\+?/i;
const PA = /\bpa\s*(\+{1,4})/i;
const WATERPROOF =
  /waterproof|water-proof|water[- ]resistant|water[- ]repellent|splash[- ]?proof|\bipx[4-8]\b|\bip6[5-8]\b|防水|耐水|撥水|กันน้ำ|tahan air|anti air|chống nước|kháng nước|방수/giu;
/** Words just before a keyword that deny it: "not", "isn't", "non-", "ไม่", "不", "非", "tidak", "không", "비". */
const NEGATION_BEFORE =
  /(?:\bnot|n't|\bnon-?|\bno|\bnever|\bwithout|ไม่|ไม่ได้|不|非|没有|沒有|無|无|tidak|bukan|tanpa|không|비)\s*(?:be\s+|fully\s+|completely\s+|really\s+|100%\s*|có\s+)?$/iu;
/** Endings just after a keyword that deny it: "防水ではありません", "防水なし", "방수가 되지 않". */
const NEGATION_AFTER =
  /^(?:機能|性能|性|加工|仕様)?(?:では|じゃ|は|が)?(?:あり)?(?:ません|ない|なし|無し|非対応|未対応|されていません|していません)|^\s*(?:기능)?(?:이|가)?\s*(?:되지 않|안\s*됨|안\s*돼|없)/u;
const SHELF_LIFE = [
  /(?:賞味期限|消費期限|保存期間|賞味期間)[^0-9]{0,10}?(\d+)\s*(日|か月|ヶ月|ケ月|カ月|年)/u,
  /(?:อายุ(?:การเก็บรักษา|สินค้า)?|เก็บได้(?:นาน)?)\s*(\d+)\s*(วัน|เดือน|ปี)(?!ขึ้นไป)/u,
  /(?:保质期|保存期限|保存期|保鮮期|保鲜期)[^0-9]{0,6}?(\d+)\s*(天|日|个月|個月|月|年)/u,
  /\bshelf[- ]life(?: of)?[^0-9]{0,10}?(\d+)\s*(days?|months?|years?)\b/i,
  /\b(?:masa simpan|kedaluwarsa)[^0-9]{0,10}?(\d+)\s*(hari|bulan|tahun)\b/i,
  /(?:hạn sử dụng|bảo quản)[^0-9]{0,10}?(\d+)\s*(ngày|tháng|năm)/iu,
  /(?:유통기한|소비기한|보관\s?기간)[^0-9]{0,10}?(\d+)\s*(일|개월|년)/u,
];
const SHELF_UNITS: [RegExp, string][] = [
  [/^(?:日|天|วัน|days?|hari|ngày|일)$/iu, 'days'],
  [/^(?:か月|ヶ月|ケ月|カ月|个月|個月|月|เดือน|months?|bulan|tháng|개월)$/iu, 'months'],
  [/./, 'years'],
];
const AGE = [
  /\bages?\s*(\d+)\s*(?:\+|and up|and over|(?:-|–|to)\s*\d+)/i,
  /\b(\d+)\s*\+?\s*(?:years?|yrs?)\s*(?:and up|and older|\+)/i,
  /(\d+)\s*(?:歳|才)(?:以上|から|～|〜)/u,
  /(\d+)\s*(?:岁|歲)(?:以上|及以上|\+)/u,
  /(\d+)\s*ปีขึ้นไป/u,
  /\busia\s*(\d+)\s*(?:tahun)?\s*(?:\+|ke atas)/i,
  /(?:từ\s*)?(\d+)\s*tuổi(?:\s*trở lên)?/iu,
  /(\d+)\s*세\s*이상/u,
];
const DIMENSIONS = new RegExp(
  `(?:[whdl]\\s*)?${NUM}\\s*(?:cm|mm)?\\s*[x×*]\\s*(?:[whdl]\\s*)?${NUM}\\s*(?:cm|mm)?(?:\\s*[x×*]\\s*(?:[whdl]\\s*)?${NUM})?\\s*(cm|mm|m|in|inch(?:es)?|インチ|ซม\\.?|公分|厘米|센티미터)${END}`,
  'iu',
);
const MATERIAL = [
  /\b(?:made (?:of|from)|material\s*:?)\s+([^.,;\n]{2,40})/i,
  /(?:素材|材質|材料)\s*[:：は]?\s*([^。、,\n]{1,30})/u,
  /(?:材质|面料)\s*[:：为為是]?\s*([^。，,\n]{1,30})/u,
  /(?:วัสดุ\s*[:：]?\s*(?:ทำจาก)?|ทำจาก)\s*([^\s,]{1,30})/u,
  /\b(?:bahan|terbuat dari)\s*:?\s*([^.,;\n]{2,30})/i,
  /(?:chất liệu|làm từ|làm bằng)\s*:?\s*([^.,;\n]{2,30})/iu,
  /(?:소재|재질)\s*[:：는은]?\s*([^.,\n]{1,30})/u,
];

type Fact = ProductFact;
const fact = (kind: ProductFactKind, value: Fact['value'], text: string, unit?: string): Fact =>
  unit === undefined ? { kind, value, text: text.trim() } : { kind, value, unit, text: text.trim() };

/** Clauses a fact is read within: a battery sentence, a negation's reach. */
const clausesOf = (text: string) => text.split(/(?<=[!?。！？;；\n])\s*|(?<=\.)(?:\s+|$)/u).filter(Boolean);

function waterproofOf(text: string): Fact | null {
  const found: { negated: boolean; index: number; words: string }[] = [];
  for (const match of text.matchAll(WATERPROOF)) {
    const before = text.slice(Math.max(0, match.index - 24), match.index);
    const after = text.slice(match.index + match[0].length, match.index + match[0].length + 16);
    const denial = NEGATION_BEFORE.exec(before);
    const index = denial ? match.index - (before.length - denial.index) : match.index;
    found.push({ negated: denial !== null || NEGATION_AFTER.test(after), index, words: match[0] });
  }
  const chosen = found.find((item) => item.negated) ?? found[0];
  if (!chosen) return null;
  // The clause, or where a clause runs long (Thai writes no full stops) the words from the keyword on.
  const clause = clauseAround(text, chosen.words);
  const near = /^\S+(?:\s+[^\s.,;。、，!?]+){0,2}/u.exec(text.slice(chosen.index))?.[0] ?? chosen.words;
  return fact('waterproof', !chosen.negated, clause.length <= 80 ? clause : near);
}

/** The clause of `text` holding `words`, for a fact's `text`. */
const clauseAround = (text: string, words: string) => clausesOf(text).find((clause) => clause.includes(words)) ?? words;

/** Hours of charging are no battery life: "charges in 3 hours", "充電3時間". */
const CHARGING = /(?:\b(?:re)?charg(?:es|ed|ing|e)\b|充電|ชาร์จ|充[电電]|isi daya|sạc|충전)[^.,;。、，\d]{0,25}$/iu;

/**
 * Battery life: the hours a clause about the battery gives, the longest as the value (for "the
 * longest battery") and the words from the first to the last as written ("5 hours on high and
 * 60 hours on low").
 */
function batteryOf(text: string): Fact | null {
  for (const clause of clausesOf(text)) {
    if (!BATTERY_WORDS.test(clause)) continue;
    const hours = [...clause.matchAll(HOURS)].filter((match) => !CHARGING.test(clause.slice(0, match.index)));
    const first = hours[0];
    const last = hours.at(-1);
    if (!first || !last) continue;
    const end = last.index + last[0].length;
    const tail = /^[^.,;。、，]*/u.exec(clause.slice(end))?.[0] ?? '';
    const longest = Math.max(...hours.map((match) => numberOf(match[1] ?? '')));
    return fact('battery', longest, clause.slice(first.index, end + (hours.length > 1 ? tail.length : 0)), 'h');
  }
  return null;
}

function volumeOf(text: string): Fact | null {
  const match = VOLUME.exec(text);
  if (!match?.[1] || !match[2]) return null;
  // "2L" with no space is a clothing size in Japan (2L = XL), not two litres.
  if (/^l$/i.test(match[2]) && !/\s/.test(match[0]) && !/[.,]/.test(match[1]) && Number(match[1]) < 10) return null;
  const unit = VOLUME_UNITS.find(([pattern]) => pattern.test(match[2] as string))?.[1] ?? 'L';
  return fact('volume', numberOf(match[1]), match[0], unit);
}

function firstMatch(patterns: RegExp[], text: string): RegExpExecArray | null {
  for (const pattern of patterns) {
    const match = pattern.exec(text);
    if (match) return match;
  }
  return null;
}

/** Every fact `text` states, at most one of each kind (two for sun protection: SPF and PA). */
/** "two-person" reads as "2-person". */
const NUMBER_WORDS: Record<string, string> = { one: '1', two: '2', three: '3', four: '4', five: '5', six: '6', seven: '7', eight: '8' };
const PEOPLE_WORDS = /\b(one|two|three|four|five|six|seven|eight)(?=[- ]?(?:person|people|man)\b)/gi;

export function factsOfText(source: string): Fact[] {
  const text = foldWidth(source);
  const counted = text.replace(PEOPLE_WORDS, (word) => NUMBER_WORDS[word.toLowerCase()] ?? word);
  const facts: Fact[] = [];
  const add = (item: Fact | null) => item && facts.push(item);
  // "5G" and "4G" are networks, not grams.
  const weight = [...text.matchAll(WEIGHT)].find((match) => match[2] !== 'G');
  const weightUnit = weightUnitOf(weight?.[2]);
  if (weight?.[1] && weightUnit) add(fact('weight', numberOf(weight[1]), weight[0], weightUnit));
  add(volumeOf(text));
  const capacity = firstMatch(CAPACITY, counted);
  if (capacity?.[1]) add(fact('capacity', Number(capacity[1]), capacity[0], 'person'));
  add(batteryOf(text));
  const power = POWER.exec(text);
  if (power?.[1]) add(fact('power', numberOf(power[1]), power[0], 'W'));
  const brightness = BRIGHTNESS.exec(text);
  if (brightness?.[1]) add(fact('brightness', numberOf(brightness[1]), brightness[0], 'lm'));
  const spf = SPF.exec(text);
  if (spf?.[1]) add(fact('spf', Number(spf[1]), spf[0], 'SPF'));
  const pa = PA.exec(text);
  if (pa?.[1]) add(fact('spf', `PA${pa[1]}`, pa[0], 'PA'));
  add(waterproofOf(text));
  const shelf = firstMatch(SHELF_LIFE, text);
  if (shelf?.[1] && shelf[2])
    add(fact('shelfLife', Number(shelf[1]), shelf[0], SHELF_UNITS.find(([p]) => p.test(shelf[2] as string))?.[1]));
  const age = firstMatch(AGE, text);
  if (age?.[1]) add(fact('age', Number(age[1]), age[0], 'years'));
  const size = DIMENSIONS.exec(text);
  if (size?.[1] && size[2])
    add(fact('dimensions', [size[1], size[2], size[3]].filter(Boolean).join(' × '), size[0], size[4]?.replace(/\.$/, '')));
  const material = firstMatch(MATERIAL, text);
  if (material?.[1]) add(fact('material', material[1].trim(), material[0]));
  return facts;
}

const WATERPROOF_HEADER = /waterproof|water[- ]?resistant|防水|耐水|กันน้ำ|tahan air|chống nước|방수/i;

/**
 * Facts of one column: "防水: なし" is false; a bare number takes the unit its header gives
 * ("容量(ml)": 500, "Lumens": 300, "Sleeps": 2).
 */
export function factsOfAttribute(attribute: ProductAttribute): Fact[] {
  const { name, value } = attribute;
  if (WATERPROOF_HEADER.test(name)) {
    const flag = parseFlag(value);
    if (flag !== null) return [fact('waterproof', flag, `${name}: ${value}`)];
  }
  const bare = /^\d+(?:[.,]\d+)?$/.test(value.trim());
  const unit = /[(（[]([^)）\]]+)[)）\]]/.exec(name)?.[1] ?? name;
  return factsOfText(`${name}: ${value}${bare ? ` ${unit}` : ''}`);
}

/** A product's facts: its columns' first (the store typed them), then its description's, then its title's. */
export function productFacts(description: string | undefined, attributes: ProductAttribute[], title = ''): Fact[] {
  const facts: Fact[] = [];
  const candidates = [
    ...attributes.flatMap(factsOfAttribute),
    ...(description ? factsOfText(description) : []),
    // Last: a title says little, but "Ember 2P" or "Bottle 1 L" is still a fact.
    ...factsOfText(title).filter((item) => ['capacity', 'volume', 'spf', 'weight'].includes(item.kind)),
  ];
  for (const candidate of candidates)
    if (!facts.some((known) => known.kind === candidate.kind && known.unit === candidate.unit)) facts.push(candidate);
  // One fact per kind except sun protection (SPF and PA); units of one kind differ only there.
  return facts.filter((item, index) => item.kind === 'spf' || facts.findIndex((known) => known.kind === item.kind) === index);
}
