import { createRequire } from 'node:module';

/*
 * Which detector for Latin-script messages (id / vi / en), measured on 60 short shop messages of
 * 2–8 words written for the purpose (20 each: "berapa harga serum ini?", "co ship cod khong",
 * "is the tea organic?"…), each detector limited to these languages, Node 24, one process each:
 *
 *   detector            right   load     resident memory (over a bare node's 44 MB)
 *   tinyld 1.3.4        59/60   0.3–0.8 s  +51 MB   (missed "apakah barang ini ready?" → en)
 *   eld 2.1.0 (small)   39/60   ~1 s     +160 MB  (59/60 once its Malay stands for Indonesian; large: +415 MB)
 *   franc-min 6.2.0     57/60   30 ms    +9 MB    (took two English questions for Vietnamese)
 *   tinyld/light        20/60   60 ms    +12 MB
 *
 * tinyld: the most right, pure JS, no install scripts and no dependencies, and it says when it is
 * unsure (nothing for "ok", "SPF50?", "iphone 15"), which is when the thread's earlier language
 * should decide. Its weight is paid only by a process that meets a Latin-script message it cannot
 * place otherwise: it is loaded on first use, so an idle server stays as small as before.
 * Vietnamese letters (ư, ơ, đ, ạ…) settle Vietnamese before any detector.
 */

/**
 * The languages a shopper is answered in: every built-in text a shopper can see from the answering
 * side exists in each. A question in another language is answered in English.
 */
export const SHOPPER_LANGUAGES = ['en', 'ja', 'th', 'zh-Hant', 'zh-Hans', 'id', 'vi', 'ko'] as const;
export type ShopperLanguage = (typeof SHOPPER_LANGUAGES)[number];

/** The languages' English names, for instructions to a network model. */
export const LANGUAGE_NAMES: Record<ShopperLanguage, string> = {
  en: 'English',
  ja: 'Japanese',
  th: 'Thai',
  'zh-Hant': 'Traditional Chinese',
  'zh-Hans': 'Simplified Chinese',
  id: 'Indonesian',
  vi: 'Vietnamese',
  ko: 'Korean',
};

const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/gu;
const HANGUL = /\p{Script=Hangul}/gu;
const THAI = /\p{Script=Thai}/gu;
const HAN = /\p{Script=Han}/gu;
const LATIN = /\p{Script=Latin}/gu;

/**
 * One Han character or Hangul syllable carries about as much as three Latin or Thai letters, so a
 * product name in Latin letters ("matchaの値段は？", "SPF50 ราคาเท่าไหร่") does not outweigh the question.
 */
const DENSE_SCRIPT_WEIGHT = 3;

/** Characters written differently in Traditional and Simplified Chinese, the ones shop messages use most, pair by pair. */
const TRADITIONAL = new Set(
  '們這個買嗎發運費貨價錢選擇無單號碼說話問題請謝準備時間過還會郵購網頁產氣質顏長較實體廣東應該讓驗樣種類優點條適關門雙幾灣換麼區內為與從兩對來後現開學車專業寫戶帳訊聯絡電見紅綠藍黃',
);
const SIMPLIFIED = new Set(
  '们这个买吗发运费货价钱选择无单号码说话问题请谢准备时间过还会邮购网页产气质颜长较实体广东应该让验样种类优点条适关门双几湾换么区内为与从两对来后现开学车专业写户帐讯联络电见红绿蓝黄',
);

function chineseVariant(text: string): ShopperLanguage {
  let traditional = 0;
  let simplified = 0;
  for (const char of text) {
    if (TRADITIONAL.has(char)) traditional++;
    else if (SIMPLIFIED.has(char)) simplified++;
  }
  // A tie (no telling character) is read as Traditional: Taiwan and Hong Kong shop on LINE.
  return simplified > traditional ? 'zh-Hans' : 'zh-Hant';
}

/** Letters only Vietnamese writes (â, ê, ô left out: French names and "crêpe" have them too). */
const VIETNAMESE_LETTERS = /[ăđơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]/iu;
/** Words a detector may not know in a two-word message but a shopper of these languages writes often. */
const INDONESIAN_CUES =
  /\b(halo|hai|kak|kakak|gan|terima kasih|makasih|selamat (pagi|siang|sore|malam)|berapa|apakah|bisa|tidak|nggak|gak|dong|ya)\b/iu;
const VIETNAMESE_CUES = /\b(xin chao|cam on|shop oi|ad oi|khong|bao nhieu|duoc khong)\b/iu;

/**
 * English's commonest small words: two of them and no Indonesian or Vietnamese cue settle English
 * without the detector, so most English turns never load it (and never wait for it to load).
 */
const ENGLISH_WORDS = new Set(
  'the a an is are was were be been do does did can could will would should you your i my me we our us it its this that these those what how when where which who why with for to of in on at by from about into and or but if than have has had not please there any many much more some also just'.split(
    ' ',
  ),
);

interface TinyLd {
  detectAll(text: string, options?: { only?: string[] }): { lang: string; accuracy: number }[];
}
let tinyld: TinyLd | undefined;
/** Loaded on first use (see the top of this file): synchronous, so detection stays a plain function. */
const detector = () => {
  tinyld ??= createRequire(import.meta.url)('tinyld') as TinyLd;
  return tinyld;
};

/** Below this, tinyld is guessing (measured: Spanish and German questions score 0.04–0.06 as Indonesian). */
const MIN_ACCURACY = 0.08;
/** A message of one or two words is trusted only when the detector is quite sure ("hello" scores 0.2, "berapa" 1). */
const SHORT_MIN_ACCURACY = 0.5;

function latinLanguage(text: string): ShopperLanguage | null {
  if (VIETNAMESE_LETTERS.test(text) || VIETNAMESE_CUES.test(text)) return 'vi';
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  if (!words.length) return null;
  if (new Set(words.filter((word) => ENGLISH_WORDS.has(word))).size >= 2 && !INDONESIAN_CUES.test(text)) return 'en';
  // Malay stands for Indonesian: the detector tells them apart poorly, and either reads the other.
  const scores = new Map<string, number>();
  for (const guess of detector().detectAll(text, { only: ['en', 'id', 'vi', 'ms'] })) {
    const language = guess.lang === 'ms' ? 'id' : guess.lang;
    scores.set(language, Math.max(scores.get(language) ?? 0, guess.accuracy));
  }
  const [best, next] = [...scores].sort((a, b) => b[1] - a[1]);
  const floor = words.length <= 2 ? SHORT_MIN_ACCURACY : MIN_ACCURACY;
  if (best && best[1] >= floor && best[1] - (next?.[1] ?? 0) >= MIN_ACCURACY / 2) return best[0] as ShopperLanguage;
  return INDONESIAN_CUES.test(text) ? 'id' : null;
}

const count = (text: string, script: RegExp) => text.match(script)?.length ?? 0;

/**
 * The language of a short chat message, or null when it cannot be told (numbers, a product code,
 * "ok"): the caller then keeps the thread's earlier language. The script decides first (kana is
 * Japanese even among kanji; Hangul Korean; Thai; Han without kana Chinese, Traditional or
 * Simplified by the characters that differ), then a detector among the Latin-script languages.
 */
export function detectLanguage(text: string): ShopperLanguage | null {
  // A turn asks for its question's language several times (prompt, handoff, cards, follow-ups'
  // earlier questions): a statistical detection each time cost ~0.4 ms of a turn.
  const known = detected.get(text);
  if (known !== undefined) return known;
  const language = detectOnce(text);
  if (text.length <= DETECTED_TEXT_MAX) {
    if (detected.size >= DETECTED_KEPT) detected.delete(detected.keys().next().value as string);
    detected.set(text, language);
  }
  return language;
}

/** Recently detected texts (a shopper's messages), oldest first out. */
const detected = new Map<string, ShopperLanguage | null>();
const DETECTED_KEPT = 1_000;
const DETECTED_TEXT_MAX = 1_000;

function detectOnce(text: string): ShopperLanguage | null {
  const kana = count(text, KANA);
  const scripts: [ShopperLanguage | 'zh' | 'latin', number][] = [
    ['ja', kana ? (kana + count(text, HAN)) * DENSE_SCRIPT_WEIGHT : 0],
    ['ko', count(text, HANGUL) * DENSE_SCRIPT_WEIGHT],
    ['th', count(text, THAI)],
    ['zh', kana ? 0 : count(text, HAN) * DENSE_SCRIPT_WEIGHT],
    ['latin', count(text, LATIN)],
  ];
  const [script, weight] = scripts.reduce((best, next) => (next[1] > best[1] ? next : best));
  if (!weight) return null;
  if (script === 'zh') return chineseVariant(text);
  if (script === 'latin') return latinLanguage(text);
  return script;
}

/** The thread's language: the newest of the shopper's messages (given oldest first) whose language is clear; English when none is. */
export function languageOfThread(messages: string[]): ShopperLanguage {
  for (const message of messages.toReversed()) {
    const language = detectLanguage(message);
    if (language) return language;
  }
  return 'en';
}
