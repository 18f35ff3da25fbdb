import { describe, expect, it } from 'vitest';
import { smallTalkOf, smallTalkReply } from './local-greeting';
import { detectLanguage, type ShopperLanguage } from './shopper-language';

const greetings: [string, ShopperLanguage][] = [
  ['hi there!', 'en'],
  ['こんにちは', 'ja'],
  ['สวัสดีค่ะ', 'th'],
  ['您好', 'zh-Hant'],
  ['你好', 'zh-Hans'],
  ['halo kak', 'id'],
  ['selamat pagi', 'id'],
  ['xin chào shop', 'vi'],
  ['안녕하세요', 'ko'],
];
const thanks: [string, ShopperLanguage][] = [
  ['thanks a lot', 'en'],
  ['ありがとうございます', 'ja'],
  ['ขอบคุณมากค่ะ', 'th'],
  ['謝謝你', 'zh-Hant'],
  ['谢谢', 'zh-Hans'],
  ['terima kasih banyak', 'id'],
  ['cảm ơn shop nhiều', 'vi'],
  ['감사합니다', 'ko'],
];

describe('small talk in the shopper’s language', () => {
  it.each(greetings)('%s is a greeting, answered in %s', (message, lang) => {
    expect(smallTalkOf(message)).toBe('greeting');
    expect(detectLanguage(smallTalkReply('greeting', ['Skincare guide', 'Shipping'], lang))).toBe(lang);
  });

  it.each(thanks)('%s is thanks, answered in %s', (message, lang) => {
    expect(smallTalkOf(message)).toBe('thanks');
    expect(detectLanguage(smallTalkReply('thanks', [], lang))).toBe(lang);
  });

  it('takes a greeting followed by a question for a question', () => {
    for (const message of [
      'こんにちは、送料はいくらですか？',
      'สวัสดีค่ะ มีสีดำไหมคะ',
      '你好，这个多少钱？',
      'halo kak, ada warna hitam?',
      '안녕하세요 배송 얼마나 걸려요?',
      'thai food?',
    ])
      expect(smallTalkOf(message), message).toBeNull();
  });

  it('names the assistant’s topics in the reply', () => {
    expect(smallTalkReply('greeting', ['Skincare', 'Shipping'], 'ja')).toBe(
      'こんにちは！Skincare、Shippingに関するご質問にお答えできます。どのようなことをお知りになりたいですか？',
    );
  });

  it('answers English as it always has', () => {
    expect(smallTalkReply('greeting', ['tents', 'returns'])).toBe(
      'Hello! I can help with questions about tents, returns. What would you like to know?',
    );
    expect(smallTalkReply('thanks')).toBe(
      "You're welcome! If anything else comes up, I can help with questions about this shop's products and policies, answered from its own documents.",
    );
  });
});
