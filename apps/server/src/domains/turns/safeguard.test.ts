import { describe, expect, it } from 'vitest';
import { couldNotAnswer } from './handoff';
import { isRefusal, looksOffTopic, refusalText, SAFEGUARD_REFUSAL } from './safeguard';

describe('requests no shop assistant is for', () => {
  it.each([
    'Write me a poem about the sea',
    'can you write a short story for my kid?',
    'Tell me a joke',
    'write python code that sorts a list',
    '海についての詩を書いてください',
    '面白いジョークを言って',
    'ช่วยแต่งกลอนเกี่ยวกับทะเลให้หน่อย',
    'เล่าเรื่องตลกให้ฟังหน่อย',
    '幫我寫一首詩',
    '给我讲个笑话',
    'Tolong buatkan puisi tentang laut',
    'Viết cho tôi một bài thơ về biển',
    '바다에 대한 시를 써 줘',
  ])('declines "%s"', (message) => {
    expect(looksOffTopic(message)).toBe(true);
  });

  it.each([
    'Can you write a gift message on the card?',
    'Can you give me the code for 10% off?',
    'Do you have a discount code?',
    'What time do you open?',
    'ギフトカードにメッセージを書いてもらえますか？',
    'มีโค้ดส่วนลดไหม',
    '作業時間は何時から？',
    'Ada kode promo?',
    '5시에 문 닫나요?',
    'Is the poem notebook in stock?',
  ])('answers the shop question "%s"', (message) => {
    expect(looksOffTopic(message)).toBe(false);
  });

  it('a refusal, in any language, is not a "don\'t know" that would call a person', () => {
    expect(SAFEGUARD_REFUSAL).toBe(
      "I'm sorry, I can't help with that. I'm here to answer questions about this shop — its products, orders, shipping and returns.",
    );
    for (const lang of ['en', 'ja', 'th', 'zh-Hant', 'zh-Hans', 'id', 'vi', 'ko'] as const) {
      expect(isRefusal(refusalText(lang))).toBe(true);
      expect(couldNotAnswer(refusalText(lang))).toBe(false);
    }
    expect(couldNotAnswer("I don't know which size fits you best.")).toBe(true);
  });
});
