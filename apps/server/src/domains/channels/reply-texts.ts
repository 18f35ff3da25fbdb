import type { ProductCard } from '@aisle/contracts/commerce';
import { detectLanguage, type ShopperLanguage } from '../ai';
import type { OutboundText } from './channel-adapter';

/*
 * The few words the channels add to an answer's native message (a card's button, a WhatsApp list's
 * button and section titles, a price's "was" and "sold out"), in the shopper languages. Each is
 * short enough for the tightest place it goes: `view` and `seeProducts` at most 20 characters (a
 * Messenger URL button's title, a WhatsApp button), the sections at most 24 (a list's section title).
 */

const en = {
  /** The button on a product card that opens its page. */
  view: 'View',
  /** The button that opens a WhatsApp list of products. */
  seeProducts: 'See products',
  /** The WhatsApp list's section of products. */
  productsSection: 'Products',
  /** The WhatsApp list's section of quick replies ("Talk to a person"). */
  moreHelp: 'More help',
  /** Beside a sale price: the price before. {price} is formatted. */
  was: 'Was {price}',
  /** A product none of whose variants can be bought now. */
  soldOut: 'Sold out',
};

export type ReplyTextKey = keyof typeof en;
type ReplyTexts = Record<ReplyTextKey, string>;

const ja: ReplyTexts = {
  view: '詳しく見る',
  seeProducts: '商品を見る',
  productsSection: '商品',
  moreHelp: 'その他のお手伝い',
  was: '通常価格 {price}',
  soldOut: '売り切れ',
};
const th: ReplyTexts = {
  view: 'ดูสินค้า',
  seeProducts: 'ดูรายการสินค้า',
  productsSection: 'สินค้า',
  moreHelp: 'ความช่วยเหลืออื่น',
  was: 'ราคาปกติ {price}',
  soldOut: 'สินค้าหมด',
};
const zhHant: ReplyTexts = {
  view: '查看',
  seeProducts: '查看商品',
  productsSection: '商品',
  moreHelp: '其他協助',
  was: '原價 {price}',
  soldOut: '已售完',
};
const zhHans: ReplyTexts = {
  view: '查看',
  seeProducts: '查看商品',
  productsSection: '商品',
  moreHelp: '其他帮助',
  was: '原价 {price}',
  soldOut: '已售罄',
};
const id: ReplyTexts = {
  view: 'Lihat',
  seeProducts: 'Lihat produk',
  productsSection: 'Produk',
  moreHelp: 'Bantuan lain',
  was: 'Semula {price}',
  soldOut: 'Stok habis',
};
const vi: ReplyTexts = {
  view: 'Xem',
  seeProducts: 'Xem sản phẩm',
  productsSection: 'Sản phẩm',
  moreHelp: 'Hỗ trợ thêm',
  was: 'Giá gốc {price}',
  soldOut: 'Hết hàng',
};
const ko: ReplyTexts = {
  view: '보기',
  seeProducts: '상품 보기',
  productsSection: '상품',
  moreHelp: '추가 도움',
  was: '정가 {price}',
  soldOut: '품절',
};

export const REPLY_TEXTS: Record<ShopperLanguage, ReplyTexts> = { en, ja, th, 'zh-Hant': zhHant, 'zh-Hans': zhHans, id, vi, ko };

/** How each language writes a price ("¥32,000", "฿1,290.00", "Rp 150.000"). */
const LOCALES: Record<ShopperLanguage, string> = {
  en: 'en-US',
  ja: 'ja-JP',
  th: 'th-TH',
  'zh-Hant': 'zh-TW',
  'zh-Hans': 'zh-CN',
  id: 'id-ID',
  vi: 'vi-VN',
  ko: 'ko-KR',
};

export const replyText = (key: ReplyTextKey, lang: ShopperLanguage, params: Record<string, string> = {}) =>
  REPLY_TEXTS[lang][key].replace(/\{(\w+)\}/g, (place, name: string) => params[name] ?? place);

/** The reply's language: its text's (the answer is in the shopper's language), else its quick replies', else English. */
export function languageOfReply(message: Pick<OutboundText, 'text' | 'quickReplies'>): ShopperLanguage {
  return detectLanguage(message.text) ?? message.quickReplies.map((reply) => detectLanguage(reply.label)).find(Boolean) ?? 'en';
}

/** A decimal price with its currency, as the shopper's language writes it; the bare number when the currency is unknown. */
export function formatPrice(price: string, currency: string | null, lang: ShopperLanguage): string {
  const amount = Number(price);
  if (!Number.isFinite(amount)) return price;
  if (currency) {
    try {
      return new Intl.NumberFormat(LOCALES[lang], { style: 'currency', currency }).format(amount);
    } catch {
      return `${price} ${currency}`;
    }
  }
  return new Intl.NumberFormat(LOCALES[lang], { maximumFractionDigits: 2 }).format(amount);
}

/**
 * A card's price facts as shown: the price, the price before a sale (alone, for a struck-through
 * display, and in words, "Was ¥36,000", for plain text), and "sold out"; each null when the card
 * says nothing of it.
 */
export function priceFactsOf(card: ProductCard, lang: ShopperLanguage) {
  const before = card.compareAtPrice ? formatPrice(card.compareAtPrice, card.currency, lang) : null;
  return {
    price: card.price ? formatPrice(card.price, card.currency, lang) : null,
    before,
    was: before ? replyText('was', lang, { price: before }) : null,
    soldOut: card.available === false ? replyText('soldOut', lang) : null,
  };
}

/** The price facts on one line ("$24.00 · Was $30.00 · Sold out"), or null when there are none. */
export function priceLineOf(card: ProductCard, lang: ShopperLanguage): string | null {
  const facts = priceFactsOf(card, lang);
  const line = [facts.price, facts.was, facts.soldOut].filter(Boolean).join(' · ');
  return line || null;
}
