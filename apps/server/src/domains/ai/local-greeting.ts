import type { ShopperLanguage } from './shopper-language';
import { shopperText } from './shopper-texts';

/**
 * Small talk the built-in model answers without searching: a message made only of greeting or
 * thanks words ("hi there!", "bonjour", "thanks a lot", "สวัสดีค่ะ", "ありがとうございます"). A greeting
 * followed by a question is a question, and is answered from the stores.
 */
const GREETINGS = new Set(
  'hi hello hey hiya howdy yo bonjour bonsoir salut coucou hallo servus moin hola buenos buenas ciao good morning afternoon evening day there everyone all halo hai chào chao'.split(
    ' ',
  ),
);
const THANKS = new Set('thanks thank thx ty cheers merci danke gracias grazie makasih'.split(' '));
/** Words that may come with a greeting or thanks without making it a question. */
const FILLER = new Set(
  [
    'you so very much a lot again beaucoup vielen dank mille tous tout le monde ok okay great perfect',
    // Indonesian and Vietnamese: "kak", "min" and "shop" address the seller; "ạ", "nhé" are politeness.
    'kak kakak min admin gan sis banyak ya sekali semua shop ạ nhé bạn nhiều ad em anh chị rất',
  ]
    .join(' ')
    .split(' '),
);

/**
 * Greetings and thanks of several words, or of scripts written without spaces (where a word
 * segmenter cuts "ありがとうございます" into pieces): taken out of the message whole, longest first.
 */
const PHRASES: [string, 'greeting' | 'thanks' | 'filler'][] = [
  ...[
    'こんにちは',
    'こんばんは',
    'おはようございます',
    'おはよう',
    'はじめまして',
    'สวัสดี',
    '你好',
    '您好',
    '大家好',
    '哈囉',
    '哈啰',
    '早安',
    '안녕하세요',
    '안녕',
    'xin chào',
    'xin chao',
    'selamat pagi',
    'selamat siang',
    'selamat sore',
    'selamat malam',
  ].map((phrase) => [phrase, 'greeting'] as [string, 'greeting']),
  ...[
    'ありがとうございます',
    'ありがとうございました',
    'ありがとう',
    'どうも',
    'ขอบคุณ',
    '谢谢',
    '謝謝',
    '感谢',
    '感謝',
    '多谢',
    '多謝',
    '감사합니다',
    '감사해요',
    '고맙습니다',
    '고마워요',
    'terima kasih',
    'cảm ơn',
    'cám ơn',
    'cam on',
  ].map((phrase) => [phrase, 'thanks'] as [string, 'thanks']),
  // Politeness and address that come with them: Thai particles, "admin", "everyone", "very".
  ...'ค่ะ คะ ครับ นะ จ้า มากๆ มาก ๆ แอดมิน ทุกคน ございます です 皆さん みなさん よろしくお願いします 本当に とても 大変 你 您 啊 呀 哦 老板 老闆 非常 大家 정말 너무 대단히'
    .split(' ')
    .map((phrase) => [phrase, 'filler'] as [string, 'filler']),
].sort((a, b) => b[0].length - a[0].length);

/** A Latin-script phrase is matched as whole words only ("hai" is not in "thai"); the others anywhere. */
const phrasePattern = (phrase: string) =>
  /\p{Script=Latin}/u.test(phrase) ? new RegExp(`(?<!\\p{L})${phrase}(?!\\p{L})`, 'gu') : new RegExp(phrase, 'gu');
const PHRASE_PATTERNS = PHRASES.map(([phrase, kind]) => ({ pattern: phrasePattern(phrase), kind }));

const wordSegmenter = new Intl.Segmenter('und', { granularity: 'word' });
const wordsOf = (text: string) => [...wordSegmenter.segment(text)].filter((s) => s.isWordLike).map((s) => s.segment);

export type SmallTalk = 'greeting' | 'thanks' | null;

export function smallTalkOf(message: string): SmallTalk {
  let rest = message.toLowerCase();
  const count = wordsOf(rest).length;
  if (!count || count > 8) return null;
  const kinds = new Set<string>();
  for (const { pattern, kind } of PHRASE_PATTERNS) {
    const left = rest.replace(pattern, ' ');
    if (left === rest) continue;
    kinds.add(kind);
    rest = left;
  }
  const words = wordsOf(rest);
  if (!words.every((word) => GREETINGS.has(word) || THANKS.has(word) || FILLER.has(word))) return null;
  if (kinds.has('thanks') || words.some((word) => THANKS.has(word))) return 'thanks';
  return kinds.has('greeting') || words.some((word) => GREETINGS.has(word)) ? 'greeting' : null;
}

/** The reply to small talk, naming what the assistant can help with (its stores' topics when known), in the shopper's language. */
export function smallTalkReply(kind: 'greeting' | 'thanks', topics: string[] = [], lang: ShopperLanguage = 'en'): string {
  const scope = topics.length
    ? shopperText('scopeTopics', lang, { topics: topics.slice(0, 3).join(shopperText('listSeparator', lang)) })
    : shopperText('scopeShop', lang);
  return shopperText(kind === 'thanks' ? 'thanks' : 'greeting', lang, { scope });
}
