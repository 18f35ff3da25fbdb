import { describe, expect, it } from 'vitest';
import { detectLanguage, languageOfThread } from './shopper-language';

describe('the language of a shopper’s message', () => {
  it.each([
    ['送料はいくらですか？', 'ja'],
    ['matchaの値段は？', 'ja'],
    ['担当者と話したいです', 'ja'],
    ['SPF50 ราคาเท่าไหร่', 'th'],
    ['ขอคุยกับแอดมินหน่อย', 'th'],
    ['這個有貨嗎？運費多少？', 'zh-Hant'],
    ['这个有货吗？运费多少？', 'zh-Hans'],
    ['請問可以寄到台北嗎', 'zh-Hant'],
    ['可以退换吗', 'zh-Hans'],
    ['이거 얼마예요?', 'ko'],
    ['배송은 며칠 걸려요?', 'ko'],
    ['berapa harga serum ini?', 'id'],
    ['ongkir ke surabaya berapa ya', 'id'],
    ['bisa COD tidak?', 'id'],
    ['giá bao nhiêu?', 'vi'],
    ['sản phẩm này còn hàng không ạ', 'vi'],
    ['co ship cod khong', 'vi'],
    ['how much is shipping to bangkok?', 'en'],
    ['do you have this in size M?', 'en'],
    ['is the serum good for oily skin', 'en'],
    ['do you have 抹茶 latte?', 'en'],
    ['any news about my order from last week?', 'en'],
    ['tell us more about the refill packs', 'en'],
    ['kalau order dari bandung kirimnya pakai apa?', 'id'],
    ['stok warna hitam masih ada di gudang?', 'id'],
  ])('%s → %s', (message, language) => {
    expect(detectLanguage(message)).toBe(language);
  });

  it('is unsure of a message with too little to go on, so the thread’s language decides', () => {
    for (const message of ['ok', '12345', 'SPF50?', 'iphone 15', '👍', '', '!!!']) expect(detectLanguage(message)).toBeNull();
  });

  it('reads a thread’s language from the newest message that tells it, English when none does', () => {
    expect(languageOfThread(['送料はいくらですか？', 'SPF50?', 'ok'])).toBe('ja');
    expect(languageOfThread(['how much is it?', 'berapa harga serum ini?', '123'])).toBe('id');
    expect(languageOfThread(['ok', '123'])).toBe('en');
    expect(languageOfThread([])).toBe('en');
  });
});
