/*
 * Japanese shoppers often type a word in hiragana where the store writes it in kanji (そうりょう
 * for 送料, きゅうす for 急須), from a phone keyboard not converted or not knowing the kanji. The
 * segmenter cuts such runs at random (ね|だ|ん) and no index term matches them. The readings of
 * the words shops and shoppers use most (fees, payment, returns, delivery, storage, common goods)
 * are turned back into their usual spelling before a question is read. Without a dictionary of
 * readings (kuromoji's is ~20 MB) this covers the shop vocabulary, not every word.
 */

/** Usual spelling → reading(s), each reading three kana or more (shorter ones are inside too many words). */
const READINGS: Record<string, string[]> = {
  // Money, fees and payment
  送料: ['そうりょう'],
  無料: ['むりょう'],
  値段: ['ねだん'],
  価格: ['かかく'],
  料金: ['りょうきん'],
  手数料: ['てすうりょう'],
  税込: ['ぜいこみ'],
  消費税: ['しょうひぜい'],
  割引: ['わりびき'],
  支払い: ['しはらい', 'おしはらい'],
  代引き: ['だいびき'],
  振込: ['ふりこみ'],
  領収書: ['りょうしゅうしょ'],
  会員: ['かいいん'],
  // Orders, delivery and returns
  注文: ['ちゅうもん'],
  予約: ['よやく'],
  解約: ['かいやく'],
  定期便: ['ていきびん'],
  配送: ['はいそう'],
  発送: ['はっそう'],
  配達: ['はいたつ'],
  到着: ['とうちゃく'],
  日数: ['にっすう'],
  海外: ['かいがい'],
  在庫: ['ざいこ'],
  返品: ['へんぴん'],
  返金: ['へんきん'],
  交換: ['こうかん'],
  保証: ['ほしょう'],
  修理: ['しゅうり'],
  包装: ['ほうそう'],
  // The shop
  営業時間: ['えいぎょうじかん'],
  営業: ['えいぎょう'],
  定休日: ['ていきゅうび'],
  住所: ['じゅうしょ'],
  店舗: ['てんぽ'],
  電話: ['でんわ'],
  問い合わせ: ['といあわせ', 'おといあわせ'],
  // What goods are and how they keep
  容量: ['ようりょう'],
  内容量: ['ないようりょう'],
  重さ: ['おもさ'],
  大きさ: ['おおきさ'],
  寸法: ['すんぽう'],
  素材: ['そざい'],
  材質: ['ざいしつ'],
  原材料: ['げんざいりょう'],
  成分: ['せいぶん'],
  産地: ['さんち'],
  賞味期限: ['しょうみきげん'],
  保存: ['ほぞん'],
  常温: ['じょうおん'],
  冷蔵庫: ['れいぞうこ'],
  冷蔵: ['れいぞう'],
  冷凍: ['れいとう'],
  開封: ['かいふう'],
  未開封: ['みかいふう'],
  食洗機: ['しょくせんき'],
  洗濯: ['せんたく'],
  // Goods Japanese shops sell most
  急須: ['きゅうす'],
  湯呑み: ['ゆのみ'],
  茶碗: ['ちゃわん'],
  茶器: ['ちゃき'],
  茶葉: ['ちゃば'],
  抹茶: ['まっちゃ'],
  煎茶: ['せんちゃ'],
  ほうじ茶: ['ほうじちゃ'],
  緑茶: ['りょくちゃ'],
  紅茶: ['こうちゃ'],
  玉露: ['ぎょくろ'],
  麦茶: ['むぎちゃ'],
  和菓子: ['わがし'],
  食器: ['しょっき'],
  化粧水: ['けしょうすい'],
  乳液: ['にゅうえき'],
  美容液: ['びようえき'],
  日焼け止め: ['ひやけどめ'],
  洗顔: ['せんがん'],
  石鹸: ['せっけん'],
  香水: ['こうすい'],
  財布: ['さいふ'],
  帽子: ['ぼうし'],
  手袋: ['てぶくろ'],
  時計: ['とけい'],
  眼鏡: ['めがね'],
  寝袋: ['ねぶくろ'],
  着物: ['きもの'],
  浴衣: ['ゆかた'],
};

const SPELLING = new Map<string, string>();
for (const [spelling, readings] of Object.entries(READINGS)) for (const reading of readings) SPELLING.set(reading, spelling);

/** Longest first, so ないようりょう is read before ようりょう. */
const READING = new RegExp([...SPELLING.keys()].sort((a, b) => b.length - a.length).join('|'), 'gu');

const HIRAGANA = /\p{Script=Hiragana}/u;
/** Particles and endings a word typed in kana may touch on either side ("きゅうすの", "そうりょうが"). */
const BEFORE = new Set([...'のはがをにでともやへお']);
const AFTER = new Set([...'のはがをにでともやへっってだじ']);

/**
 * The text with the readings of shop words written as the shop writes them
 * ("そうりょうがむりょうになるのは" → "送料が無料になるのは"). A reading inside a longer word of
 * kana is left alone: it must touch something other than kana, or a particle.
 */
export function withKanji(text: string): string {
  if (!HIRAGANA.test(text)) return text;
  return text.replace(READING, (reading: string, index: number) => {
    const before = text[index - 1];
    const after = text[index + reading.length];
    const startsWord = before === undefined || !HIRAGANA.test(before) || BEFORE.has(before);
    const endsWord = after === undefined || !HIRAGANA.test(after) || AFTER.has(after);
    return startsWord && endsWord ? (SPELLING.get(reading) ?? reading) : reading;
  });
}
