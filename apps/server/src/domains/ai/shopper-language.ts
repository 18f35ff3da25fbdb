/**
 * The languages a shopper is answered in: every built-in text a shopper can see from the answering
 * side exists in each. A question in another language is answered in English.
 */
export const SHOPPER_LANGUAGES = ['en', 'ja', 'th', 'zh-Hant', 'zh-Hans', 'id', 'vi', 'ko'] as const;
export type ShopperLanguage = (typeof SHOPPER_LANGUAGES)[number];
