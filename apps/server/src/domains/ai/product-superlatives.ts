/*
 * Superlatives a shopper asks for, in every shopper language: "lightest", "一番軽い", "เบาที่สุด",
 * "最便宜", "paling ringan", "nhẹ nhất", "가장 가벼운", and the measure each compares.
 */

/** What products are compared by. */
export type Measure = 'weight' | 'price' | 'capacity' | 'battery' | 'brightness' | 'power' | 'shelfLife';

export interface Superlative {
  measure: Measure;
  /** 1: the largest value wins; -1: the smallest. */
  direction: 1 | -1;
  /** The English word, for English answers ("lightest"). */
  word: string;
}

const sup = (measure: Measure, direction: 1 | -1, word: string): Superlative => ({ measure, direction, word });
const BEST = '(?:一番|いちばん|最も|もっとも)\\s*';
const MOST_KO = '(?:가장|제일)\\s*';

/** English first, exactly as before; then each language. The first pattern that matches decides. */
const SUPERLATIVES: [RegExp, Superlative][] = [
  [/\b(lightest|least heavy|weighs? the least)\b/, sup('weight', -1, 'lightest')],
  [/\b(heaviest|weighs? the most)\b/, sup('weight', 1, 'heaviest')],
  [/\b(cheapest|least expensive|lowest price|most affordable|costs? the least)\b/, sup('price', -1, 'cheapest')],
  [/\b(most expensive|priciest|highest price|costs? the most)\b/, sup('price', 1, 'most expensive')],
  [/\b(biggest|largest|roomiest|most spacious)\b/, sup('capacity', 1, 'biggest')],
  [/\b(smallest|most compact)\b/, sup('capacity', -1, 'smallest')],
  [/\b(longest|best) battery|\bbattery (?:life )?lasts? the longest|\blongest[- ]lasting\b/, sup('battery', 1, 'longest-lasting')],
  [/\bbrightest\b/, sup('brightness', 1, 'brightest')],
  [/\b(?:longest shelf life|keeps? (?:the )?longest)\b/, sup('shelfLife', 1, 'longest-keeping')],
  [/\bruns? (?:the )?longest|\blasts? (?:the )?longest|\blongest run ?time/, sup('battery', 1, 'longest-lasting')],
  [
    /一番日持ち|日持ちが一番|賞味期限が一番長|保存最久|保存期限最長|保存期限最长|最耐放|保存最[長长]|เก็บได้นานที่สุด|อายุนานที่สุด/,
    sup('shelfLife', 1, 'longest-keeping'),
  ],
  [
    /masa simpan paling lama|paling awet|để được lâu nhất|hạn sử dụng dài nhất|가장 오래 보관|유통기한이 가장 긴/,
    sup('shelfLife', 1, 'longest-keeping'),
  ],
  [/\bmost powerful\b/, sup('power', 1, 'most powerful')],
  [new RegExp(`${BEST}軽|最軽量`), sup('weight', -1, 'lightest')],
  [new RegExp(`${BEST}重(?!要)`), sup('weight', 1, 'heaviest')],
  [new RegExp(`${BEST}(?:安|お手頃)|最安`), sup('price', -1, 'cheapest')],
  [new RegExp(`${BEST}高(?:い|価)`), sup('price', 1, 'most expensive')],
  [new RegExp(`バッテリー.*${BEST}(?:長|持)|${BEST}長持ち`), sup('battery', 1, 'longest-lasting')],
  [new RegExp(`${BEST}(?:大き|容量が大き)|最大`), sup('capacity', 1, 'biggest')],
  [new RegExp(`${BEST}小さ`), sup('capacity', -1, 'smallest')],
  [new RegExp(`${BEST}明る`), sup('brightness', 1, 'brightest')],
  [/เบาที่สุด/, sup('weight', -1, 'lightest')],
  [/หนักที่สุด/, sup('weight', 1, 'heaviest')],
  [/ถูกที่สุด|ราคาต่ำที่สุด|ประหยัดที่สุด/, sup('price', -1, 'cheapest')],
  [/แพงที่สุด|ราคาสูงที่สุด/, sup('price', 1, 'most expensive')],
  [/แบต.*(?:นาน|อึด|ทน)ที่สุด/, sup('battery', 1, 'longest-lasting')],
  [/ใหญ่ที่สุด|จุมากที่สุด|(?:ปริมาณ|ความจุ)(?:เยอะ|มาก)ที่สุด/, sup('capacity', 1, 'biggest')],
  [/เล็กที่สุด/, sup('capacity', -1, 'smallest')],
  [/สว่างที่สุด/, sup('brightness', 1, 'brightest')],
  [/最[輕轻]/, sup('weight', -1, 'lightest')],
  [/最重(?!要)/, sup('weight', 1, 'heaviest')],
  [/最便宜|最[實实]惠|[價价]格最低/, sup('price', -1, 'cheapest')],
  [/最[貴贵]|[價价]格最高/, sup('price', 1, 'most expensive')],
  [/(?:[續续]航|[電电]池).*最(?:[長长]|久)/, sup('battery', 1, 'longest-lasting')],
  [/最大|容量最大|最[寬宽]敞/, sup('capacity', 1, 'biggest')],
  [/最小/, sup('capacity', -1, 'smallest')],
  [/最亮/, sup('brightness', 1, 'brightest')],
  [/paling ringan|teringan/, sup('weight', -1, 'lightest')],
  [/paling berat|terberat/, sup('weight', 1, 'heaviest')],
  [/paling murah|termurah/, sup('price', -1, 'cheapest')],
  [/paling mahal|termahal/, sup('price', 1, 'most expensive')],
  [/baterai.*(?:paling (?:lama|awet|tahan lama)|terlama|terawet)/, sup('battery', 1, 'longest-lasting')],
  [/paling besar|terbesar/, sup('capacity', 1, 'biggest')],
  [/paling kecil|terkecil/, sup('capacity', -1, 'smallest')],
  [/paling terang|terterang/, sup('brightness', 1, 'brightest')],
  [/nhẹ nhất/, sup('weight', -1, 'lightest')],
  [/nặng nhất/, sup('weight', 1, 'heaviest')],
  [/rẻ nhất/, sup('price', -1, 'cheapest')],
  [/đắt nhất|mắc nhất/, sup('price', 1, 'most expensive')],
  [/pin.*(?:lâu nhất|trâu nhất|bền nhất)/, sup('battery', 1, 'longest-lasting')],
  [/lớn nhất|to nhất|rộng nhất/, sup('capacity', 1, 'biggest')],
  [/nhỏ nhất/, sup('capacity', -1, 'smallest')],
  [/sáng nhất/, sup('brightness', 1, 'brightest')],
  [new RegExp(`${MOST_KO}가벼`), sup('weight', -1, 'lightest')],
  [new RegExp(`${MOST_KO}무거`), sup('weight', 1, 'heaviest')],
  [new RegExp(`${MOST_KO}(?:싼|저렴)|최저가`), sup('price', -1, 'cheapest')],
  [new RegExp(`${MOST_KO}비싼`), sup('price', 1, 'most expensive')],
  [new RegExp(`배터리.*${MOST_KO}오래`), sup('battery', 1, 'longest-lasting')],
  [new RegExp(`${MOST_KO}(?:큰|넓)`), sup('capacity', 1, 'biggest')],
  [new RegExp(`${MOST_KO}작은`), sup('capacity', -1, 'smallest')],
  [new RegExp(`${MOST_KO}밝`), sup('brightness', 1, 'brightest')],
];

/** The superlative the question asks for, or null. */
export const superlativeOf = (lower: string): Superlative | null => SUPERLATIVES.find(([pattern]) => pattern.test(lower))?.[1] ?? null;
