import stopwordsIso from 'stopwords-iso/stopwords-iso.json' with { type: 'json' };

/*
 * Function words with no retrieval signal, in the languages shoppers write: particles and
 * auxiliaries (Japanese は・が・です・ます, Thai ค่ะ・ครับ・ไหม, Chinese 的・了・吗, Korean endings),
 * pronouns and question frames. Counted, they let long particle-heavy sections outrank the one
 * that answers, and they make a relevance check pass on words that say nothing.
 *
 * Sources weighed: `stopwords-iso` (maintained lists for 50+ languages, 228 KB of JSON, loaded
 * once, sub-millisecond look-ups) against a morphological analyser (kuromoji for Japanese:
 * lemmas and parts of speech, but ~20 MB of dictionary, ~300 ms to load, Japanese only, and no
 * counterpart for Thai in npm). Intl.Segmenter already splits CJK and Thai with ICU's
 * dictionaries, so lists are enough; chosen. The lists are built for documents, not shops: they
 * drop words that carry a shop's facts (Thai ส่ง "send", วัน "day", เปิด "open"; Chinese 大/小;
 * numbers; negations, which decide "waterproof" against "not waterproof"), so those are kept here.
 * Indonesian and Vietnamese lists are written in the Latin alphabet and collide with English
 * words ("lama", "bay", "can"): only their function words without such a collision are used.
 */

/** English, French and German, written for this product (the lists' English is far too broad: "need", "first", "new"). */
const EUROPEAN =
  'a an and are as at be but by for from has have how i if in into is it its me my of on or our so than that the their them then there whats ' +
  'these they this to too was we were what when where which who why will with you your do does did can could would should about ' +
  'am been being any all also just not no nor only very ' +
  'le la les un une des du de et est en au aux ce ces dans pour par sur pas que qui ne se sa son ses vos votre nous vous il elle ' +
  'ou où y à avec mais plus leur leurs mon ma mes ton ta tes cette cet comme être avoir ont sont ' +
  'der die das und ist ein eine einen einem einer eines dem den des zu zum zur im ins mit auf für von sie es ich wir ihr ihre ihren ' +
  'nicht oder aber auch wie bei aus nach an am um als sich wird werden kann können dass unser unsere mein meine';

/** What shoppers add around a question in each script, beyond the lists: polite endings and question frames. */
const EXTRA = {
  ja: 'ですか でしょうか ますか ください 下さい お願い します したい ほしい 欲しい 教え 知り たい いくつ どう どんな どれ どちら ね よ わ か な の かな くだ さい くださ 下さ ござ ませ せん どこ いつ どのくらい どれくらい どの位 って たら した して んで まり まっ まし ませ れる られ たい ても でも けど など くれ もら いる ある なる なっ しま かか かかり くらい どの いい ので よう すれ でき できる できます できますか られ られる もらえ もらう いただけ いただく 可能 あと それと それから ありますか ありま すか ござい ございます 大丈夫 よい いい 良い',
  th: 'ไหน อะไร ยังไง ไง อย่างไร ได้ไหม ได้ มี ทำ ต้อง เท่าไร เท่าไหร่ แบบไหน ตัวไหน อันไหน ค่ะ คะ ครับ คับ เท่า ไหร่ จ้า จ้ะ นะ น่ะ ไหม มั้ย มั๊ย หรือเปล่า เปล่า บ้าง ยังไง อย่างไร หน่อย ด้วย จ๊ะ ฉัน ผม หนู เรา คุณ ดิฉัน ทาง ร้าน เจ้า',
  // 時 alone is "when" (訂購時), 問 alone "to ask": neither says what is asked about.
  zh: '時 时 問 问 怎麼 怎么 如何 哪裡 哪里 哪 哪些 哪個 哪个 哪一 哪款 什麼 什么 幾 几 么 麼 算 請問 请问 可不可以 能不能 有沒有 有没有 是不是 一下 嗎？ 呢？ 的 了 吗 嗎 呢 吧 啊 呀 是 在 和 与 與 及 或 也 都 就 还 還 我 你 您 他 她 它 们 們 这 這 那 哪 什么 什麼 个 個 把 被 让 讓 给 給 对 對 从 從 向 到 为 為 于 於 之 其 该 該 此 很 请 請 吗？ 可以 能 会 會 想 要 你們 你们 我們 我们',
  ko: '이 그 저 것 수 등 좀 요 및 제 저희 당신 혹시 어떻게 무엇 뭐 뭔가 어디 언제 있나요 있어요 되나요 돼요 가능한가요 할 수',
} as const;

/** Words the lists call function words that a shop's facts depend on. */
const KEEP = new Set(
  (
    'ない なし 無し 不 没 沒 没有 沒有 無 无 非 别 別 ไม่ ไม่ได้ 안 못 없 없다 ' +
    'ส่ง วัน เปิด รับ จัด ถูก หนึ่ง ก่อน หลัง นาน ใหม่ ราย ที่สุด สุด มาก ' +
    '上 下 大 小 多 少 长 長 短 高 低 新 旧 舊 前 后 後 内 內 外 买 買 卖 賣 送 退 换 換 钱 錢 价 價 贵 貴 便宜 最 重 轻 輕 ' +
    '何 いくら 時間 日 月 年 上 下 前 後 以上 以下 未満 最も 一番 新しい 大きい 小さい 重い 軽い'
  ).split(' '),
);

const INDONESIAN =
  'bagaimanakah dimana kapan gimana ga gak nggak kah dong ' +
  'ada adalah agar akan aku anda apa apakah atau bagaimana bahwa beberapa begitu belum berapa bisa boleh dan dari dengan di dia ' +
  'hal harus ia ingin ini itu jika juga kalau kalian kami kamu kan karena ke kenapa kita lagi lah mana masih mau mereka nya oleh ' +
  'pada pula pun saja saya sama sangat sebagai sedang sekali selalu seperti sudah supaya tapi telah tentang tetapi untuk yang ya';
const VIETNAMESE =
  'và của là có không cho tôi bạn được này ở với thì mà các những một cũng như nào gì đâu sao vậy ạ nhé nhỉ chứ hả ' +
  'ở đâu đâu khi nào thế nào như thế nào làm sao bao giờ bao nhiêu em chị mình ơi muốn hỏi cần biết xin vui lòng giúp để theo về khi nếu hay hoặc rồi đã đang sẽ còn';

const NUMERAL = /[\p{N}〇一二三四五六七八九十百千万萬两兩零]/u;

/** One hiragana or katakana letter alone is a particle or the end of a verb cut off by the segmenter. */
export const LONE_KANA = /^[\p{Script=Hiragana}\p{Script=Katakana}ー]$/u;

function fromList(language: 'ja' | 'th' | 'zh' | 'ko'): string[] {
  const list = (stopwordsIso as Record<string, string[]>)[language] ?? [];
  return [...list, ...EXTRA[language].split(' ')].filter((word) => /\p{L}/u.test(word) && !NUMERAL.test(word) && !KEEP.has(word));
}

/** Every language's function words, lower case, before accent folding (the tokenizer folds both sides alike). */
export const STOP_WORD_LIST: string[] = [
  ...EUROPEAN.split(' '),
  ...fromList('ja'),
  ...fromList('th'),
  ...fromList('zh'),
  ...fromList('ko'),
  ...INDONESIAN.split(' '),
];

/**
 * Vietnamese function words, compared before accents are folded: folded, "lòng" and "có" would
 * be English "long" and "co". A shopper typing without diacritics keeps them (they cost a little
 * ranking, never a match).
 */
export const VIETNAMESE_STOP_WORDS = new Set(VIETNAMESE.split(' ').map((word) => word.normalize('NFKC')));

/**
 * Korean writes particles onto the word ("배송은", "반품을", "서울에서"): the word's stem is what
 * a search should match. Longest first; a one-syllable word keeps its ending.
 */
const KOREAN_PARTICLES = [
  '에서는',
  '으로는',
  '에서',
  '으로',
  '까지',
  '부터',
  '에게',
  '한테',
  '은',
  '는',
  '이',
  '가',
  '을',
  '를',
  '에',
  '의',
  '도',
  '로',
  '와',
  '과',
  '요',
];
const HANGUL = /^\p{Script=Hangul}+$/u;

export function stripKoreanParticle(word: string): string {
  if (!HANGUL.test(word)) return word;
  for (const particle of KOREAN_PARTICLES) {
    if (word.length > particle.length && word.endsWith(particle)) return word.slice(0, -particle.length);
  }
  return word;
}
