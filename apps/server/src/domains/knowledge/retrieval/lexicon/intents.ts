import { PRICE_TERM, TIME_OF_DAY_TERM } from '../languages/quantities';
import { CHARACTER_PREFIX, termsOf } from '../tokenize';
import type { QueryWord } from './expand-query';

/*
 * What a question asks for, beyond its words: "where", "what time", "how much", "how long" are
 * function words (dropped as terms), yet they say which sentence answers: the one with an
 * address, a time of day, a price, a duration. Each intent found in a question becomes one soft
 * query word whose terms are what such a sentence contains; it ranks passages and chooses
 * sentences, and is never required for a passage to count as relevant.
 */

interface Intent {
  name: string;
  /** The asking words say nothing of the topic ("which day of the week"): not words to match. */
  framing?: boolean;
  asks: RegExp;
  /** Words (any language) or canonical terms a sentence answering it contains. */
  answers: string[];
}

const INTENTS: Intent[] = [
  {
    name: 'where',
    asks: /\bwhere\b|どこ|何処|ที่ไหน|ตรงไหน|อยู่ไหน|哪裡|哪里|在哪|\bdi ?mana\b|ở đâu|어디/iu,
    answers:
      'address located street avenue road floor 住所 所在地 丁目 番地 ที่อยู่ ซอย ถนน เขต 地址 位於 位于 路 街 巷 區 号 號 alamat jalan jl lantai đường 주소 로 길'.split(
        ' ',
      ),
  },
  {
    name: 'time',
    asks: /\bwhat time\b|\bwhen\b|\bhours\b|何時|いつ|กี่โมง|เมื่อไหร่|幾點|几点|什麼時候|什么时候|\bkapan\b|jam berapa|khi nào|mấy giờ|언제|몇 시/iu,
    answers: [
      TIME_OF_DAY_TERM,
      'open',
      'close',
      'daily',
      '営業',
      '毎日',
      'เปิด',
      'ปิด',
      'ทุกวัน',
      '營業',
      '营业',
      '每天',
      'buka',
      'tutup',
      '영업',
    ],
  },
  {
    name: 'price',
    asks: /\bhow much\b|\bcosts?\b|\bprice\b|\bfee\b|いくら|料金|เท่าไหร่|เท่าไร|กี่บาท|ราคา|多少|多付|要付|價格|价格|費用|费用|\bberapa\b|\bharga\b|\bbiaya\b|bao nhiêu|\bgiá\b|얼마|가격/iu,
    answers: [PRICE_TERM, 'free', '無料', 'ฟรี', '免費', '免费', 'gratis', '무료'],
  },
  {
    // "Which courier?": the answer names a carrier.
    name: 'carrier',
    asks: /宅配業者|配送業者|運送会社|どこの(?:宅配|配送|運送)|\bwhich (?:courier|carrier|shipping company|delivery company)\b|\bwhat (?:courier|carrier|shipping company)\b|ขนส่งเจ้าไหน|ขนส่งอะไร|ส่งกับ(?:อะไร|ที่ไหน)|哪家(?:物流|快遞|快递|宅配|貨運)|什麼(?:物流|快遞|貨運)|什么(?:物流|快递|货运)|\bkurir apa\b|\bekspedisi apa\b|đơn vị vận chuyển nào|택배사/iu,
    answers:
      'ヤマト 佐川 日本郵便 ゆうパック 西濃 kerry flash ไปรษณีย์ ems dhl fedex ups usps 黑貓 新竹 郵局 邮局 順豐 顺丰 jne sicepat ninja viettel ghn cj 우체국'.split(
        ' ',
      ),
  },
  {
    // "Which cards do you take?": the answer names card brands, not the list of ways to pay.
    name: 'cardBrand',
    asks: /(?:クレジット)?カードの(?:種類|会社|ブランド)|(?:どの|どんな|何の)(?:クレジット)?カード|\b(?:which|what)(?: kinds? of| types? of| sorts? of)? (?:credit |debit )?cards?\b|\bcard (?:types|brands)\b|บัตร(?:เครดิต)?(?:อะไร|ไหน|ประเภท|ชนิด|ยี่ห้อ)|(?:信用卡|刷卡)(?:的)?(?:種類|种类|哪些|哪幾|哪几|可以用哪)|(?:哪些|哪種|哪种|什麼|什么)(?:的)?信用卡|\bkartu (?:kredit |debit )?apa\b|\bjenis kartu\b|thẻ (?:tín dụng )?(?:nào|gì)|loại thẻ|어떤 카드|카드 종류/iu,
    answers: 'visa mastercard jcb amex american express unionpay 銀聯 银联 diners discover'.split(' '),
  },
  {
    // "Which day of the week…": the answer names a day (or every day).
    name: 'weekday',
    framing: true,
    asks: /\b(?:which|what) days?(?: of the week)?\b|\bday of the week\b|何曜日|星期幾|星期几|禮拜幾|礼拜几|วันไหน|วันอะไร|\bhari apa\b|thứ mấy|무슨 요일/iu,
    answers: [
      ...'monday tuesday wednesday thursday friday saturday sunday'.split(' '),
      ...'月曜 火曜 水曜 木曜 金曜 土曜 日曜'.split(' '),
      ...'週一 週二 週三 週四 週五 週六 週日'.split(' '),
      ...'วันจันทร์ วันอังคาร วันพุธ วันพฤหัสบดี วันศุกร์ วันเสาร์ วันอาทิตย์'.split(' '),
      ...'senin selasa rabu kamis jumat sabtu minggu'.split(' '),
      ...'월요일 화요일 수요일 목요일 금요일 토요일 일요일'.split(' '),
    ],
  },
  {
    name: 'deadline',
    asks: /\buntil when\b|\bby when\b|\bdeadline\b|いつまで|期限|ถึงเมื่อไหร่|ภายในกี่วัน|ภายในวันไหน|期限|截止|最晚|什麼時候前|什么时候前|sampai kapan|batas waktu|hạn chót|đến khi nào|언제까지|기한/iu,
    answers: [
      'within',
      'before',
      'until',
      '以内',
      '以內',
      '内',
      '內',
      '前',
      'まで',
      'ภายใน',
      'ก่อน',
      '之前',
      'dalam',
      'sebelum',
      'trong vòng',
      '이내',
      '까지',
    ],
  },
  {
    name: 'duration',
    asks: /\bhow long\b|\bhow many days\b|何日|どのくらい|どれくらい|กี่วัน|นานแค่ไหน|นานไหม|幾天|几天|多久|berapa lama|berapa hari|bao lâu|mấy ngày|며칠|얼마나 걸/iu,
    answers: ['day', 'week', 'month', 'hour', 'within', '以内', 'ภายใน', '內', '内', 'dalam', '이내'],
  },
];

/** How much a word (not a price or a time of day) in a sentence says it answers the intent. */
const WORD_ANSWER_WEIGHT = 0.5;

/** How much an intent's terms count against the question's own words. */
export const INTENT_WEIGHT = 0.5;

/** The canonical terms stand as they are; words become their terms. */
const answerTerms = INTENTS.map((intent) => [
  ...new Set(
    intent.answers.flatMap((word) =>
      // A character of a word ("~業" of "営業") is in too many words to say what a sentence answers.
      word === PRICE_TERM || word === TIME_OF_DAY_TERM ? [word] : termsOf(word).filter((term) => !term.startsWith(CHARACTER_PREFIX)),
    ),
  ),
]);

/** The intents of a question as soft query words ("where" → address, street, 住所, ซอย…). */
export function intentWords(question: string): QueryWord[] {
  return INTENTS.flatMap((intent, index) =>
    intent.asks.test(question)
      ? [
          {
            term: `intent:${intent.name}`,
            surface: intent.name,
            // A time of day or a price says so for certain; a word ("open", "within") only leans that way.
            alternatives: (answerTerms[index] ?? []).map((term) => ({
              term,
              relation: 'commerce' as const,
              weight: term === PRICE_TERM || term === TIME_OF_DAY_TERM ? 1 : WORD_ANSWER_WEIGHT,
              word: term,
            })),
          },
        ]
      : [],
  );
}

/**
 * The words a question asks with where they say only what kind of answer is wanted ("which day
 * of the week"), not what it is about: no words for a passage to match. ("How many days" keeps
 * "days": a return window is counted in them.)
 */
export function intentPhrases(question: string): string[] {
  return INTENTS.flatMap((intent) => {
    const found = intent.framing ? intent.asks.exec(question) : null;
    return found ? [found[0]] : [];
  });
}
