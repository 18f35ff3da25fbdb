import { describe, expect, it } from 'vitest';
import { expandQuery } from './lexicon/expand-query';
import { intentWords } from './lexicon/intents';
import { closestTerm } from './spelling';
import { termsOf } from './tokenize';

/**
 * The terms a passage is indexed by and a question searched with, in the shoppers' languages: what
 * a shopper's spelling must meet in the store's (these decide which passages an answer can find).
 */
describe('terms in the shoppers’ languages', () => {
  const shares = (a: string, b: string) => termsOf(a).filter((term) => termsOf(b).includes(term));

  it('drops particles and polite endings, keeping the words that carry the question', () => {
    expect(termsOf('ギフト包装はできますか？')).toEqual(['ギフト', '包装', '~包', '~装']);
    expect(termsOf('ส่งฟรีไหมคะ')).toEqual(['ส่ง', 'ฟรี']);
    expect(termsOf('運費怎麼算？')).toEqual(['運費', '~運', '~費']);
    expect(termsOf('배송은 얼마나 걸려요?')).toContain('배송');
    expect(termsOf('Berapa lama pengiriman ke Bandung?')).toEqual(['lama', 'pengiriman', 'bandung']);
  });

  it('keeps negations, which decide "waterproof" against "not waterproof"', () => {
    expect(termsOf('この傘は防水ではありません')).toContain('防水');
    expect(termsOf('ไม่กันน้ำ')).toContain('ไม่');
    expect(termsOf('不防水')).toContain('不');
  });

  it('never folds a Vietnamese function word into an English word', () => {
    // "vui lòng" (please) must not drop "long"; "có" (have) must not drop "co".
    expect(termsOf('how long does it take')).toContain('long');
    expect(termsOf('Phí vận chuyển là bao nhiêu?')).toEqual(['phi', 'van', 'chuyen']);
  });

  it('matches a quantity whatever its spelling', () => {
    for (const spelling of ['2P tent', '2-person tent', 'two people', '2人用のテント', 'เต็นท์ 2 คน', 'เต็นท์สองคน'])
      expect(termsOf(spelling), spelling).toContain('2person');
    for (const spelling of ['100 g', '100g', '100グラム', '100 กรัม', '100克']) expect(termsOf(spelling), spelling).toContain('100g');
    expect(termsOf('1.5kg')).toContain('1500g');
    expect(termsOf('350cc')).toContain('350ml');
    expect(termsOf('ราคา ๒๐ บาท')).toContain('20thb');
  });

  it('keeps words that mix letters and digits whole and by part', () => {
    expect(termsOf('SPF50+ PA++++')).toEqual(expect.arrayContaining(['spf50', 'spf', '50']));
    expect(shares('Does it have SPF 50?', 'กันแดด SPF50')).toEqual(expect.arrayContaining(['spf', '50']));
  });

  it('indexes any price as a price and any time of day as a time, so "how much" and "what time" find them', () => {
    for (const text of ['送料は650円です', 'ค่าส่ง 40 บาท', '運費為 NT$100', 'Orders under $50', 'Rp 150.000'])
      expect(termsOf(text), text).toContain('price');
    for (const text of ['営業時間は午前10時から', 'เปิด 10:00 น.', '早上 8 點', 'open 9 am to 7 pm'])
      expect(termsOf(text), text).toContain('oclock');
    expect(intentWords('いくらですか')[0]?.alternatives.map((a) => a.term)).toContain('price');
    expect(intentWords('What time do you close?')[0]?.alternatives.map((a) => a.term)).toContain('oclock');
    expect(intentWords('Tell me about the tent')).toEqual([]);
  });

  it('finds a Chinese or Japanese word through its characters, weighed below the word itself', () => {
    const [closing] = expandQuery('何時に閉まりますか');
    expect(closing?.term).toBe('何時');
    const [word] = expandQuery('閉まります');
    expect(word?.alternatives).toContainEqual(expect.objectContaining({ term: '~閉', relation: 'character' }));
    expect(termsOf('閉店は午後6時です')).toContain('~閉');
  });

  it('widens a question with the shop’s words in other languages, so an English question finds a Thai or Japanese passage', () => {
    const [shipping] = expandQuery('shipping');
    const terms = shipping?.alternatives.map((alternative) => alternative.term) ?? [];
    expect(terms).toEqual(expect.arrayContaining(['送料', 'ส่ง', '運費', 'pengiriman']));
    // Opened is not unopened: a rule about opened goods is never found for sealed ones.
    const opened = expandQuery('already opened').flatMap((word) => word.alternatives.map((a) => a.term));
    expect(opened).toContain('開封');
    expect(opened).not.toEqual(expect.arrayContaining(['unopen']));
    expect(opened).not.toContain('seal');
  });

  it('matches a misspelt word to the store’s own, and never a short word to another', () => {
    const vocabulary = ['return', 'ship', 'refund', 'cost', 'coat', 'waterproof'];
    expect(closestTerm('retrun', vocabulary)).toBe('return');
    expect(closestTerm('waterprof', vocabulary)).toBe('waterproof');
    expect(closestTerm('coste', vocabulary)).toBe('cost');
    // Four letters allow one edit: "cots" is as close to "coat" as to "cost", so it is left alone.
    expect(closestTerm('cots', vocabulary)).toBeNull();
    expect(closestTerm('cat', vocabulary)).toBeNull();
    expect(closestTerm('bitcoin', vocabulary)).toBeNull();
  });
});
