import { SHARED_CHAT_UNAVAILABLE_TEXT } from '@aisle/contracts/visitor-chat';
import { describe, expect, it } from 'vitest';
import { BUSY_TEXT } from '../../lib/turn-gate';
import { UNKNOWN_ANSWER } from './local-answer';
import { detectLanguage, SHOPPER_LANGUAGES } from './shopper-language';
import { SHOPPER_TEXTS, shopperText } from './shopper-texts';

const placesOf = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('the built-in texts a shopper reads', () => {
  it('exist in every language, none empty, each with the places English has', () => {
    const keys = Object.keys(SHOPPER_TEXTS.en).sort();
    for (const lang of SHOPPER_LANGUAGES) {
      expect(Object.keys(SHOPPER_TEXTS[lang]).sort(), lang).toEqual(keys);
      for (const key of keys) {
        const text = SHOPPER_TEXTS[lang][key as keyof typeof SHOPPER_TEXTS.en];
        expect(text.trim(), `${lang} ${key}`).not.toBe('');
        expect(placesOf(text), `${lang} ${key}`).toEqual(placesOf(SHOPPER_TEXTS.en[key as keyof typeof SHOPPER_TEXTS.en]));
      }
    }
  });

  it('say in English exactly what the product has always said', () => {
    expect(shopperText('unknown', 'en')).toBe(UNKNOWN_ANSWER);
    expect(shopperText('handoff', 'en')).toBe(
      "I've asked someone from our team to help you. They will reply in this chat as soon as they can.",
    );
    expect(shopperText('busy', 'en')).toBe(BUSY_TEXT);
    expect(shopperText('unavailable', 'en')).toBe(SHARED_CHAT_UNAVAILABLE_TEXT);
  });

  it('are written in their own language', () => {
    for (const lang of SHOPPER_LANGUAGES)
      for (const key of ['unknown', 'handoff', 'unavailable'] as const)
        expect(detectLanguage(shopperText(key, lang)), `${lang} ${key}`).toBe(lang);
  });

  it('fill their places once, leaving a value’s own braces as written', () => {
    expect(shopperText('scopeTopics', 'ja', { topics: '{scope}' })).toBe('{scope}に関するご質問');
    expect(shopperText('greeting', 'en', { scope: 'questions about tents' })).toBe(
      'Hello! I can help with questions about tents. What would you like to know?',
    );
  });
});
