import type { ShopperLanguage } from '../ai';

/**
 * How shoppers ask, per language, for the generated cases (generate-cases.ts): a template per kind
 * of fact, filled with a topic or a product's name. Written for this product in each language the
 * shops sell in, so a suite reads like the store's own customers; none repeats a sentence of the
 * store's files, since the store's words only fill the slots.
 */
export interface CaseTexts {
  /** A section whose fact is an amount of money. */
  money: string;
  /** …a length of time (delivery days, a return window). */
  duration: string;
  /** …a time of day (opening hours). */
  time: string;
  /** …a place. */
  where: string;
  /** Any other fact. */
  about: string;
  /** A product's price. */
  price: string;
  /** A product's option ("Size": which sizes). */
  option: string;
  /** A product's other attribute ("Material"). */
  attribute: string;
  /** Which of two products costs less. */
  cheaper: string;
  /** The first question of a follow-up pair, naming a product… */
  tellMe: string;
  /** …and the follow-up that does not name it again. */
  howMuchIsIt: string;
  /** Questions no shop's knowledge answers: the right answer says so and offers a person. */
  unanswerable: [string, string];
}

const en: CaseTexts = {
  money: '{topic} — how much is it?',
  duration: '{topic} — how long does it take?',
  time: '{topic} — what time?',
  where: '{topic} — where is it?',
  about: 'Could you tell me about {topic}?',
  price: 'How much is the {product}?',
  option: 'Which {option} options does the {product} come in?',
  attribute: "What's the {attribute} of the {product}?",
  cheaper: 'Which is cheaper, the {a} or the {b}?',
  tellMe: 'Tell me about the {product}.',
  howMuchIsIt: 'And how much is it?',
  unanswerable: ["What is the name of the shop owner's cat?", 'Do you give piano lessons?'],
};

const ja: CaseTexts = {
  money: '{topic}はいくらですか？',
  duration: '{topic}はどのくらいかかりますか？',
  time: '{topic}は何時ですか？',
  where: '{topic}はどこですか？',
  about: '{topic}について教えてください。',
  price: '{product}はいくらですか？',
  option: '{product}の{option}は何がありますか？',
  attribute: '{product}の{attribute}を教えてください。',
  cheaper: '{a}と{b}、どちらが安いですか？',
  tellMe: '{product}について教えてください。',
  howMuchIsIt: 'それはいくらですか？',
  unanswerable: ['店長の猫の名前は何ですか？', 'ピアノのレッスンはやっていますか？'],
};

const th: CaseTexts = {
  money: '{topic}ราคาเท่าไหร่คะ',
  duration: '{topic}ใช้เวลากี่วันคะ',
  time: '{topic}กี่โมงคะ',
  where: '{topic}อยู่ที่ไหนคะ',
  about: 'ขอทราบเรื่อง{topic}หน่อยค่ะ',
  price: '{product}ราคาเท่าไหร่คะ',
  option: '{product}มี{option}อะไรบ้างคะ',
  attribute: '{product}{attribute}อะไรคะ',
  cheaper: '{a}กับ{b} อันไหนถูกกว่ากันคะ',
  tellMe: 'ขอรายละเอียด{product}หน่อยค่ะ',
  howMuchIsIt: 'แล้วราคาเท่าไหร่คะ',
  unanswerable: ['แมวของเจ้าของร้านชื่ออะไรคะ', 'ที่ร้านมีสอนเปียโนไหมคะ'],
};

const zhHant: CaseTexts = {
  money: '{topic}要多少錢？',
  duration: '{topic}需要多久？',
  time: '{topic}是幾點？',
  where: '{topic}在哪裡？',
  about: '想請問一下{topic}的相關資訊。',
  price: '{product}多少錢？',
  option: '{product}有哪些{option}？',
  attribute: '{product}的{attribute}是什麼？',
  cheaper: '{a}和{b}，哪一個比較便宜？',
  tellMe: '請介紹一下{product}。',
  howMuchIsIt: '那它多少錢？',
  unanswerable: ['店長養的貓叫什麼名字？', '你們有開鋼琴課嗎？'],
};

const zhHans: CaseTexts = {
  money: '{topic}要多少钱？',
  duration: '{topic}需要多久？',
  time: '{topic}是几点？',
  where: '{topic}在哪里？',
  about: '想问一下{topic}的相关信息。',
  price: '{product}多少钱？',
  option: '{product}有哪些{option}？',
  attribute: '{product}的{attribute}是什么？',
  cheaper: '{a}和{b}，哪一个更便宜？',
  tellMe: '请介绍一下{product}。',
  howMuchIsIt: '那它多少钱？',
  unanswerable: ['店长养的猫叫什么名字？', '你们有开钢琴课吗？'],
};

const id: CaseTexts = {
  money: '{topic} — berapa biayanya?',
  duration: '{topic} — berapa lama?',
  time: '{topic} — jam berapa?',
  where: '{topic} — di mana?',
  about: 'Boleh tahu soal {topic}?',
  price: 'Berapa harga {product}?',
  option: '{product} ada {option} apa saja?',
  attribute: 'Apa {attribute} dari {product}?',
  cheaper: 'Mana yang lebih murah, {a} atau {b}?',
  tellMe: 'Ceritakan tentang {product}.',
  howMuchIsIt: 'Harganya berapa?',
  unanswerable: ['Siapa nama kucing pemilik toko?', 'Apakah ada les piano?'],
};

const vi: CaseTexts = {
  money: '{topic} — giá bao nhiêu?',
  duration: '{topic} — mất bao lâu?',
  time: '{topic} — lúc mấy giờ?',
  where: '{topic} — ở đâu?',
  about: 'Cho mình hỏi về {topic} với?',
  price: '{product} giá bao nhiêu?',
  option: '{product} có những {option} nào?',
  attribute: '{attribute} của {product} là gì?',
  cheaper: '{a} hay {b}, cái nào rẻ hơn?',
  tellMe: 'Giới thiệu cho mình về {product}.',
  howMuchIsIt: 'Vậy giá bao nhiêu?',
  unanswerable: ['Con mèo của chủ cửa hàng tên là gì?', 'Cửa hàng có dạy đàn piano không?'],
};

const ko: CaseTexts = {
  money: '{topic} 얼마예요?',
  duration: '{topic} 얼마나 걸려요?',
  time: '{topic} 몇 시예요?',
  where: '{topic} 어디예요?',
  about: '{topic}에 대해 알려주세요.',
  price: '{product} 가격이 얼마예요?',
  option: '{product} {option}은 뭐가 있어요?',
  attribute: '{product}의 {attribute}은 뭐예요?',
  cheaper: '{a}랑 {b} 중에 뭐가 더 싸요?',
  tellMe: '{product}에 대해 알려주세요.',
  howMuchIsIt: '그럼 가격은 얼마예요?',
  unanswerable: ['사장님 고양이 이름이 뭐예요?', '피아노 레슨도 하나요?'],
};

export const CASE_TEXTS: Record<ShopperLanguage, CaseTexts> = { en, ja, th, 'zh-Hant': zhHant, 'zh-Hans': zhHans, id, vi, ko };

/** A template with its slots filled. */
export const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
