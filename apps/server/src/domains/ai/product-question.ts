import { parseMoney } from '../knowledge';
import { type Measure, type Superlative, superlativeOf } from './product-superlatives';
import type { ShopperLanguage } from './shopper-language';

export type { Measure, Superlative } from './product-superlatives';

/*
 * What a shopper's question asks of the product records, in any of the shoppers' languages: a
 * superlative ("lightest", "一番軽い", "เบาที่สุด", "最便宜"), a filter (a price bound "under $100",
 * "3000円以下", "ไม่เกิน 500 บาท", "di bawah Rp 100.000"; waterproof; "sleeps 2"), which fact
 * of a product (weight, price, stock, battery…), and whether it points back at a product named
 * earlier ("it", "それ", "อันนี้", "the green one", "the bigger one"). Patterns of every language
 * are tried whatever the shopper's language: a Thai question in an English thread still reads.
 */

type Money = NonNullable<ReturnType<typeof parseMoney>>;

export interface PriceBound {
  bound: 'under' | 'over';
  limit: Money;
}

/** Facts a product can be asked about beyond its columns. */
export type AskedFact =
  | 'battery'
  | 'waterproof'
  | 'capacity'
  | 'volume'
  | 'power'
  | 'brightness'
  | 'spf'
  | 'shelfLife'
  | 'age'
  | 'dimensions'
  | 'material';

/** English price bounds, exactly as before. */
const UNDER = /\b(?:under|below|less than|cheaper than|no more than|up to|within)\s+([$€£]?\s?\d[\d.,]*)/;
const OVER = /\b(?:over|above|more than|at least)\s+([$€£]?\s?\d[\d.,]*)/;
const AMOUNT = String.raw`((?:NT\$|HK\$|S\$|RM|Rp\.?|[$€£¥₩₫฿])?\s*\d[\d.,]*\s*(?:円|บาท|元|塊|块|台幣|台币|원|만\s*원|만원|đ|₫|vnđ|đồng|k|nghìn|ngàn|rb|ribu|juta)?)`;
/** Price bounds in the other languages: the amount's group and which side it bounds. */
const BOUNDS: [RegExp, 'under' | 'over'][] = [
  [new RegExp(`${AMOUNT}\\s*(?:以下|未満|まで|以内|以內|之內|之内|より安い|이하|미만|아래)`, 'iu'), 'under'],
  [new RegExp(`${AMOUNT}\\s*(?:以上|超|より高い|이상|초과)`, 'iu'), 'over'],
  [new RegExp(`(?:ต่ำกว่า|ไม่เกิน|น้อยกว่า|ถูกกว่า|ไม่ถึง|งบ)\\s*${AMOUNT}`, 'iu'), 'under'],
  [new RegExp(`(?:มากกว่า|เกิน|สูงกว่า|ตั้งแต่)\\s*${AMOUNT}`, 'iu'), 'over'],
  [new RegExp(`(?:低於|低于|少於|少于|不超過|不超过|便宜於|便宜于)\\s*${AMOUNT}`, 'iu'), 'under'],
  [new RegExp(`(?:高於|高于|超過|超过)\\s*${AMOUNT}`, 'iu'), 'over'],
  [new RegExp(`(?:di bawah|dibawah|kurang dari|maksimal|maks\\.?|tidak lebih dari)\\s*${AMOUNT}`, 'iu'), 'under'],
  [new RegExp(`(?:di atas|diatas|lebih dari|minimal)\\s*${AMOUNT}`, 'iu'), 'over'],
  [new RegExp(`(?:dưới|ít hơn|không quá|tối đa|rẻ hơn)\\s*${AMOUNT}`, 'iu'), 'under'],
  [new RegExp(`(?:trên|nhiều hơn|đắt hơn)\\s*${AMOUNT}`, 'iu'), 'over'],
];
/** A weight bound: "less than 100 g", "500g以下", "ไม่เกิน 1 กิโลกรัม", "dưới 2 kg". */
const WEIGHT_UNIT = String.raw`(kilograms?|kg|grams?|g|lbs?|pounds?|oz|ounces?|キロ|グラム|กิโลกรัม|กก\.?|กรัม|公斤|千克|克|킬로그램|그램|gam)(?![a-z])`;
const WEIGHT_NUMBER = String.raw`(\d+(?:\.\d+)?)\s*`;
const WEIGHT_BOUNDS: [RegExp, 'under' | 'over'][] = [
  [new RegExp(`\\b(?:under|below|less than|lighter than|no more than|up to|at most)\\s+${WEIGHT_NUMBER}${WEIGHT_UNIT}`, 'iu'), 'under'],
  [new RegExp(`\\b(?:over|above|more than|heavier than|at least)\\s+${WEIGHT_NUMBER}${WEIGHT_UNIT}`, 'iu'), 'over'],
  [new RegExp(`${WEIGHT_NUMBER}${WEIGHT_UNIT}\\s*(?:以下|未満|以内|以內|이하|미만)`, 'iu'), 'under'],
  [new RegExp(`${WEIGHT_NUMBER}${WEIGHT_UNIT}\\s*(?:以上|超|이상)`, 'iu'), 'over'],
  [
    new RegExp(
      `(?:ไม่เกิน|ต่ำกว่า|น้อยกว่า|เบากว่า|低於|低于|少於|少于|不超過|不超过|輕於|轻于|di bawah|kurang dari|maksimal|dưới|nhẹ hơn|không quá)\\s*${WEIGHT_NUMBER}${WEIGHT_UNIT}`,
      'iu',
    ),
    'under',
  ],
  [
    new RegExp(`(?:เกิน|มากกว่า|หนักกว่า|高於|高于|超過|超过|di atas|lebih dari|trên|nặng hơn)\\s*${WEIGHT_NUMBER}${WEIGHT_UNIT}`, 'iu'),
    'over',
  ],
];
const GRAMS_PER: [RegExp, number][] = [
  [/^(?:kilo|kg|キロ|กิโล|กก|公斤|千克|킬로)/i, 1000],
  [/^(?:lb|pound)/i, 453.59237],
  [/^(?:oz|ounce)/i, 28.349523125],
];

export interface WeightBound {
  bound: 'under' | 'over';
  grams: number;
  /** The bound as the shopper wrote it: "100 g". */
  text: string;
}

function weightBoundOf(question: string): WeightBound | null {
  for (const [pattern, bound] of WEIGHT_BOUNDS) {
    const match = pattern.exec(question);
    if (!match?.[1] || !match[2]) continue;
    const per = GRAMS_PER.find(([unit]) => unit.test(match[2] as string))?.[1] ?? 1;
    return { bound, grams: Number(match[1]) * per, text: `${match[1]} ${match[2]}` };
  }
  return null;
}

/** Shorthand multipliers: "200k", "100rb", "3만원", "2 juta". */
const MULTIPLIERS: [RegExp, number][] = [
  [/만/, 10_000],
  [/juta/i, 1_000_000],
  [/\d\s*(?:k|nghìn|ngàn|rb|ribu)\b|(?:nghìn|ngàn)/iu, 1_000],
];

const STOCK = /\b(in stock|available|availability|sold out|out of stock|have any left|back in stock)\b/;
const WEIGHT = /\b(weigh|weighs|weight|how heavy)\b/;
const PRICE = /\b(how much|price|cost|costs|priced)\b/;
const STOCK_OTHER =
  /在庫|売り切れ|品切れ|買えますか|มีของ|สต็อก|สต๊อก|หมด|有[貨货]|[庫库]存|[現现][貨货]|售完|stok|tersedia|habis|còn hàng|hết hàng|재고|품절/iu;
const WEIGHT_OTHER = /重さ|重量|何グラム|何キロ|น้ำหนัก|หนักเท่า|หนักกี่|多重|berat|nặng|무게|무거/iu;
const PRICE_OTHER = /いくら|値段|価格|料金|ราคา|กี่บาท|多少[錢钱]|[價价]格|[價价]錢|售[價价]|harga|giá|가격|얼마에/iu;
/** "How much" words that ask a price only when nothing else is asked ("SPF เท่าไหร่" asks the SPF). */
const HOW_MUCH = /เท่าไร|เท่าไหร่|berapa|bao nhiêu|얼마|多少/iu;

/** Words asking for a fact the records may hold in `facts`. */
const FACT_ASKS: [RegExp, AskedFact][] = [
  [/waterproof|water-?resistant|防水|กันน้ำ|tahan air|anti air|chống nước|방수/iu, 'waterproof'],
  [/battery|バッテリー|電池|แบต|[電电]池|[續续]航|baterai|\bpin\b|배터리/iu, 'battery'],
  [/how many (?:people|persons)|\bsleeps?\b|何人|กี่คน|[几幾]人|berapa orang|mấy người|bao nhiêu người|몇 ?명|몇 ?인/iu, 'capacity'],
  [/\bcapacity\b|\bvolume\b|how much does it hold|容量|内容量|ปริมาณ|ความจุ|\bisi\b|dung tích|용량/iu, 'volume'],
  [/\bwatts?\b|\bpower\b|ワット|消費電力|กำลังไฟ|วัตต์|功率|\bdaya\b|công suất|전력/iu, 'power'],
  [/\bbright|lumen|明るさ|ルーメン|ความสว่าง|亮度|流明|terang|độ sáng|밝기/iu, 'brightness'],
  [/\bspf\b|\bpa\b|sun protection|紫外線|กันแดด|防[晒曬]|tabir surya|chống nắng|자외선/iu, 'spf'],
  [
    /shelf life|expir|best before|賞味期限|消費期限|日持ち|อายุ(?!ผู้)|เก็บได้นาน|保质期|保存期限|放[幾几]天|放多久|保存多久|可以放|保[鮮鲜]期|masa simpan|kedaluwarsa|hạn sử dụng|유통기한/iu,
    'shelfLife',
  ],
  [/\bages?\b|how old|何歳|対象年齢|[几幾][岁歲]|年[龄齡]|\busia\b|tuổi|나이|연령/iu, 'age'],
  [/dimension|measurements|how big|寸法|尺寸|ขนาด|ukuran|kích thước|크기/iu, 'dimensions'],
  [/material|made of|made from|素材|材質|材质|วัสดุ|ทำจาก|bahan|chất liệu|소재|재질/iu, 'material'],
];

/** Filters a question asks for without naming a product. */
const WATERPROOF_FILTER = FACT_ASKS[0]?.[0] as RegExp;
const PEOPLE = [
  /\bsleeps?\s+(\d+)|\bfor\s+(\d+)\s+(?:people|persons|campers|adults)|\b(\d+)[- ]?(?:person|man|people)\b/i,
  /(\d+)\s*人/,
  /(\d+)\s*คน/,
  /(\d+)\s*orang/i,
  /(\d+)\s*người/i,
  /(\d+)\s*(?:인용|명)/,
];

/** Pointing back at a product named before: "it", "the green one", "それ", "緑の方は", "อันนี้", "它", "ini", "cái này", "이거". */
const POINTER =
  /\b(?:it|its|that one|this one|that|this|them|those)\b|\bthe\s+\S+\s+one\b|(?:の|い)(?:方|ほう)(?:は|が|の)|それ|これ|あれ|その|この|そちら|こちら|อันนี้|ตัวนี้|อันนั้น|ตัวนั้น|มัน|ชิ้นนี้|它|[這这][個个款]|那[個个款]|[該该]款|\bini\b|\bitu\b|tersebut|cái này|cái đó|\bnó\b|sản phẩm này|이거|이것|그거|그것|이 제품|그 제품|ตัวสี|อันสี|\byang\s+\S+\s+(?:itu|ini)\b|\bcái\s+màu|[的色]那[個个款]|색\s*(?:거|것)/iu;
/** "the bigger one", "安い方", "ถูกกว่า", "便宜的", "yang lebih murah", "rẻ hơn", "더 싼": which of the earlier ones. */
const COMPARATIVES: [RegExp, Measure, 1 | -1][] = [
  [
    /\b(?:bigger|larger|roomier)\b|大きい(?:方|ほう)|(?:どちら|どっち)[^。？?]*大き|ใหญ่กว่า|[較较]大|大的|lebih besar|lớn hơn|to hơn|더 큰/iu,
    'capacity',
    1,
  ],
  [/\bsmaller\b|小さい(?:方|ほう)|(?:どちら|どっち)[^。？?]*小さ|เล็กกว่า|[較较]小|小的|lebih kecil|nhỏ hơn|더 작은/iu, 'capacity', -1],
  [
    /\b(?:cheaper|less expensive)\b|安い(?:方|ほう)|(?:どちら|どっち)[^。？?]*安|ถูกกว่า|便宜的|[較较]便宜|lebih murah|rẻ hơn|더 싼|더 저렴/iu,
    'price',
    -1,
  ],
  [/\b(?:pricier|more expensive)\b|高い(?:方|ほう)|(?:どちら|どっち)[^。？?]*高|แพงกว่า|[貴贵]的|lebih mahal|đắt hơn|더 비싼/iu, 'price', 1],
  [/\blighter\b|軽い(?:方|ほう)|(?:どちら|どっち)[^。？?]*軽|เบากว่า|[輕轻]的|lebih ringan|nhẹ hơn|더 가벼운/iu, 'weight', -1],
  [/\bheavier\b|重い(?:方|ほう)|(?:どちら|どっち)[^。？?]*重|หนักกว่า|lebih berat|nặng hơn|더 무거운/iu, 'weight', 1],
];

/**
 * A question that leans on the one before for what it asks: "and the Summit Tent?", "what about
 * the green one?", "朝霧は？", "แล้วสีเขียวล่ะ", "那藍色的呢？", "kalau yang hijau?", "còn màu xanh thì sao?", "그럼 이건요?".
 */
const ELLIPTICAL =
  /^\s*(?:and|what about|how about|also)\b|^(?:じゃあ|では|それで)|(?:は|の方は|のほうは)\s*[？?]?\s*$|^(?:แล้ว|และ)|(?:ล่ะ|ละ)\s*[?？]?\s*$|^(?:那|還有|还有)|呢\s*[？?]?\s*$|^(?:kalau|bagaimana dengan|lalu)\b|^còn\b|thì sao\s*\??\s*$|^(?:그럼|그리고)|(?:는요|은요)\s*\??\s*$/iu;

/** "Which …": asking for a list, not about one product. */
/** Asks whether the shop has something ("do you have…", "มี…ไหม", "有…嗎", "…ありますか"). */
const HAVE =
  /\b(?:do you (?:have|sell|carry)|any|are there|is there)\b|ありますか|あります？|ありません|有沒有|有没有|有.+[嗎吗]|มี.+(?:ไหม|มั้ย|บ้าง|หรือเปล่า)|\bada\b|có .+ không|있나요|있어요|있습니까/iu;
/** Asks what a set or box holds ("何が入っていますか", "what's included", "มีอะไรอยู่ในชุด", "裡面有什麼"). */
const CONTENTS =
  /何が入って|入っている(?:もの|の)は|セット内容|内容物|中身|\bwhat(?:'s| is| comes| do you get)? (?:included|inside|in (?:it|the (?:set|box|kit|bundle|pack)))\b|\bwhat does (?:it|the [\w ]+?) (?:include|come with|contain)\b|มีอะไร(?:อยู่)?ใน|ในชุดมีอะไร|ประกอบด้วยอะไร|包含(?:哪些|什麼|什么)|裡面有|里面有|內容物|内容物|有哪些東西|\bisi(?:nya)? apa\b|\bapa (?:saja )?isi|gồm (?:những )?gì|có những gì|구성품|뭐가 들어/iu;
const WHICH = /\b(?:which|what)\b|どれ|どの|อันไหน|ตัวไหน|แบบไหน|อะไรบ้าง|哪|\bmana\b|\bnào\b|어떤|어느|뭐/iu;

/** Words that ask for a column: colours, sizes, materials… (what product-fields.ts answers). */
const FIELD_ASKS =
  /colou?rs?|色|カラー|สี|[顏颜]色|warna|màu|색|\bsizes?\b|サイズ|尺寸|ขนาด|ไซส์|ukuran|kích thước|cỡ|사이즈|크기|material|素材|材質|材质|วัสดุ|bahan|chất liệu|소재/giu;

/** The question without its asking words: what is left names a topic ("shipping") or nothing ("how heavy?"). */
function topicOf(lower: string): string {
  const asks = [
    STOCK,
    WEIGHT,
    PRICE,
    STOCK_OTHER,
    WEIGHT_OTHER,
    PRICE_OTHER,
    HOW_MUCH,
    FIELD_ASKS,
    ...FACT_ASKS.map(([pattern]) => pattern),
  ];
  return asks.reduce((text, pattern) => text.replace(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`), ' '), lower);
}

/**
 * "Without X" in the shoppers' languages: the ingredient or material is the pattern's one group.
 * Chinese and Japanese write it before a noun ("不含小麥的蛋糕", "小麦不使用のパン"); Thai after
 * ไม่มี/ไม่ใส่; Latin scripts around "without", "free", "tanpa", "không có".
 */
const WITHOUT: RegExp[] = [
  /\bwithout (?:any )?([a-z][a-z-]+)/iu,
  /\b([a-z]+)-free\b/iu,
  /\bfree (?:of|from) ([a-z]+)/iu,
  /\bno ([a-z]+) in (?:it|them)\b/iu,
  /(?:不含|無添加|无添加|不加)([\p{Script=Han}\p{Script=Katakana}ー]{1,6}?)(?:的|、|，|,|$|\s)/u,
  /([\p{Script=Han}\p{Script=Katakana}ー]{1,6})(?:不使用|なし|抜き|フリー|が入っていない|を使っていない)/u,
  /(?:ไม่มี|ไม่ใส่|ปราศจาก)([\p{Script=Thai}]{2,12}?)(?:ไหม|มั้ย|บ้าง|\s|$)/u,
  /\btanpa ([a-z]+)/iu,
  /\bkhông có ([\p{L}]+)/iu,
  /([\p{Script=Hangul}]+) ?(?:없는|무첨가|프리)/u,
];

function withoutOf(question: string): string | null {
  for (const pattern of WITHOUT) {
    const found = pattern.exec(question)?.[1]?.trim();
    if (found) return found;
  }
  return null;
}

export interface ProductQuestion {
  /** The question in lower case, for the English patterns. */
  lower: string;
  superlative: Superlative | null;
  price: PriceBound | null;
  weight: WeightBound | null;
  /** Only waterproof products (the question asks for waterproof without naming one). */
  waterproof: boolean;
  /** Products for this many people ("which tents sleep 2"). */
  people: number | null;
  /** Products without an ingredient or material, as the shopper wrote it ("不含小麥" → 小麥, "gluten-free" → gluten). */
  without: string | null;
  asksWeight: boolean;
  asksPrice: boolean;
  /** Only "how much" ("เท่าไหร่", "berapa"): a price unless the question names something else ("ค่า pH เท่าไหร่"). */
  asksHowMuch: boolean;
  asksStock: boolean;
  facts: AskedFact[];
  /** Asks which products ("which tents…", "どれ", "อันไหน"). */
  asksWhich: boolean;
  /** Asks whether the shop has something ("do you have…", "มี…ไหม"). */
  asksHave: boolean;
  /** Asks what a set or box holds. */
  asksContents: boolean;
  /** The question without its asking words ("how much is shipping" → "is shipping"). */
  topic: string;
  /** Leans on the previous message for what it asks ("and the Summit Tent?"). */
  elliptical: boolean;
  /** Points back at a product named earlier. */
  pointsBack: boolean;
  comparative: { measure: Measure; direction: 1 | -1 } | null;
}

function priceBoundOf(question: string, lower: string, currency: string | null): PriceBound | null {
  const english = UNDER.exec(lower) ?? OVER.exec(lower);
  if (english) {
    const limit = parseMoney(english[1]);
    return limit ? { bound: UNDER.test(lower) ? 'under' : 'over', limit } : null;
  }
  for (const [pattern, bound] of BOUNDS) {
    const amount = pattern.exec(question)?.[1];
    const limit = amount ? parseMoney(amount, currency) : null;
    if (!amount || !limit) continue;
    const times = MULTIPLIERS.find(([word]) => word.test(amount))?.[1] ?? 1;
    return { bound, limit: times === 1 ? limit : { ...limit, amount: String(Number(limit.amount) * times) } };
  }
  return null;
}

/** The question's asks; `currency` is the store's, for a bound written without one ("3000以下"). */
export function parseProductQuestion(question: string, currency: string | null = null): ProductQuestion {
  const lower = question.toLowerCase();
  const people = PEOPLE.map((pattern) => pattern.exec(lower)).find(Boolean);
  const comparative = COMPARATIVES.find(([pattern]) => pattern.test(lower));
  const facts = FACT_ASKS.filter(([pattern]) => pattern.test(lower)).map(([, fact]) => fact);
  const asksWeight = WEIGHT.test(lower) || WEIGHT_OTHER.test(lower);
  // "less than 100 g" bounds a weight, not a price.
  const weight = weightBoundOf(question.normalize('NFKC'));
  return {
    lower,
    superlative: superlativeOf(lower),
    price: weight ? null : priceBoundOf(question, lower, currency),
    weight,
    waterproof: WATERPROOF_FILTER.test(lower),
    people: people ? Number(people.slice(1).find(Boolean)) : null,
    without: withoutOf(question) ?? withoutOf(question.normalize('NFKC')),
    asksWeight,
    asksPrice: PRICE.test(lower) || PRICE_OTHER.test(lower),
    asksHowMuch: HOW_MUCH.test(lower) && !facts.length && !asksWeight,
    asksStock: STOCK.test(lower) || STOCK_OTHER.test(lower),
    facts,
    asksWhich: WHICH.test(lower),
    asksHave: HAVE.test(lower),
    asksContents: CONTENTS.test(lower),
    topic: topicOf(lower),
    elliptical: ELLIPTICAL.test(question.trim()),
    pointsBack: POINTER.test(lower),
    comparative: comparative ? { measure: comparative[1], direction: comparative[2] } : null,
  };
}

/** The English patterns as before, for the sentences only English answers use. */
export const ENGLISH = { stock: STOCK, weight: WEIGHT, price: PRICE };

/**
 * The shopper's language from the question's script when the caller gives none: Thai, Korean,
 * Japanese kana, Chinese characters (traditional when it uses traditional-only ones), Vietnamese
 * letters. Latin questions stay English: telling Indonesian from English is the caller's job.
 */
export function scriptLanguage(question: string): ShopperLanguage {
  if (/\p{Script=Thai}/u.test(question)) return 'th';
  if (/\p{Script=Hangul}/u.test(question)) return 'ko';
  if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(question)) return 'ja';
  if (/\p{Script=Han}/u.test(question)) return /[們這個說價錢貴輕還嗎麼買條號開關種與為處來會]/u.test(question) ? 'zh-Hant' : 'zh-Hans';
  if (/[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]/iu.test(question)) return 'vi';
  return 'en';
}
