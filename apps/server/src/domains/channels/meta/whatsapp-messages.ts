import type { ProductCard, QuickReply } from '@aisle/contracts/commerce';
import type { ShopperLanguage } from '../../ai';
import { type OutboundText, richRepliesAllowed } from '../channel-adapter';
import { tapPayloadOf } from '../inbound-message';
import { clip, distinctBy, fitLine, httpsImage, webLink } from '../reply-fit';
import { languageOfReply, priceLineOf, replyText } from '../reply-texts';

/*
 * One answer as WhatsApp Cloud API messages. WhatsApp has no carousel of cards for a shop that is
 * not on Meta's catalog; its interactive messages carry the answer's text as their body instead:
 *
 * - several products: a list message (https://developers.facebook.com/documentation/business-messaging/whatsapp/messages/interactive-list-messages):
 *   the answer as the body (at most 4096 characters), a button (at most 20) that opens the rows,
 *   one row per product (title at most 24, the price as its description, at most 72; id at most
 *   200) and, in a section of their own, the quick replies; sections at most 10, rows at most 10 in
 *   all, each section titled (at most 24). A tapped row comes back as the customer's message
 *   (parse-whatsapp.ts): the product's whole title, or the quick reply's words.
 * - one product and nothing to tap: a call-to-action URL message (https://developers.facebook.com/documentation/business-messaging/whatsapp/messages/interactive-cta-url-messages):
 *   the product's image as the header, the answer as the body (at most 1024), its price as the
 *   footer (at most 60), and a "View" button (at most 20) to its page.
 * - quick replies (with one product or none): a reply buttons message (https://developers.facebook.com/documentation/business-messaging/whatsapp/messages/interactive-reply-buttons-messages):
 *   at most 3 buttons, titles at most 20 and distinct, ids at most 256; the body at most 1024 (the
 *   answer, and the one product's title, price and page); the product's image as the header.
 * - otherwise, and whenever the answer cannot be the body (too long), the answer goes as a text
 *   message (https://developers.facebook.com/documentation/business-messaging/whatsapp/messages/text-messages,
 *   at most 4096) and, with one product, its card follows with the product as the body.
 * A person's reply, and anything outside the customer service window, is a text message.
 */

export const WA_TEXT_MAX = 4096;
export const WA_LIST_BODY_MAX = 4096;
export const WA_LIST_BUTTON_MAX = 20;
export const WA_LIST_ROWS_MAX = 10;
export const WA_SECTION_TITLE_MAX = 24;
export const WA_ROW_ID_MAX = 200;
export const WA_ROW_TITLE_MAX = 24;
export const WA_ROW_DESCRIPTION_MAX = 72;
export const WA_BUTTONS_BODY_MAX = 1024;
export const WA_REPLY_BUTTONS_MAX = 3;
export const WA_BUTTON_ID_MAX = 256;
export const WA_BUTTON_TITLE_MAX = 20;
export const WA_CTA_BODY_MAX = 1024;
export const WA_CTA_DISPLAY_TEXT_MAX = 20;
export const WA_FOOTER_MAX = 60;
/** Meta documents no URL length for a media header or a CTA; a longer address is not a shop's page or image. */
const URL_MAX = 2000;

type ImageHeader = { type: 'image'; image: { link: string } };

export type WhatsAppInteractive =
  | {
      type: 'list';
      body: { text: string };
      action: { button: string; sections: { title: string; rows: { id: string; title: string; description?: string }[] }[] };
    }
  | {
      type: 'button';
      header?: ImageHeader;
      body: { text: string };
      action: { buttons: { type: 'reply'; reply: { id: string; title: string } }[] };
    }
  | {
      type: 'cta_url';
      header?: ImageHeader;
      body: { text: string };
      footer?: { text: string };
      action: { name: 'cta_url'; parameters: { display_text: string; url: string } };
    };

/** What follows `messaging_product`, `recipient_type` and `to` in a message's body. */
export type WhatsAppMessage =
  | { type: 'text'; text: { preview_url: boolean; body: string } }
  | { type: 'interactive'; interactive: WhatsAppInteractive };

const textMessage = (body: string): WhatsAppMessage => ({ type: 'text', text: { preview_url: false, body: clip(body, WA_TEXT_MAX) } });
const interactive = (value: WhatsAppInteractive): WhatsAppMessage => ({ type: 'interactive', interactive: value });

const imageHeader = (card: ProductCard): { header: ImageHeader } | object => {
  const image = httpsImage(card.image, URL_MAX);
  return image ? { header: { type: 'image', image: { link: image } } } : {};
};

/** The product on a few lines: title, price, page. */
function productSummary(card: ProductCard, lang: ShopperLanguage): string {
  return [card.title.trim(), priceLineOf(card, lang), webLink(card.url, URL_MAX)].filter(Boolean).join('\n');
}

function productRows(cards: readonly ProductCard[], lang: ShopperLanguage, max: number) {
  const rows = cards
    .filter((card) => card.title.trim())
    .map((card) => {
      const description = priceLineOf(card, lang);
      return {
        id: tapPayloadOf(card.title.trim(), WA_ROW_ID_MAX),
        title: fitLine(card.title, WA_ROW_TITLE_MAX),
        ...(description ? { description: fitLine(description, WA_ROW_DESCRIPTION_MAX) } : {}),
      };
    });
  return distinctBy(rows, (row) => row.id).slice(0, max);
}

const usableReplies = (replies: readonly QuickReply[]) => replies.filter((reply) => reply.label.trim() && reply.text.trim());

/** Quick replies as reply buttons (at most 3, distinct titles of at most 20, the words they send in the id). */
export function replyButtons(replies: readonly QuickReply[]) {
  const buttons = usableReplies(replies).map((reply) => ({
    type: 'reply' as const,
    reply: { id: tapPayloadOf(reply.text.trim(), WA_BUTTON_ID_MAX), title: fitLine(reply.label, WA_BUTTON_TITLE_MAX) },
  }));
  return distinctBy(
    distinctBy(buttons, (button) => button.reply.title),
    (button) => button.reply.id,
  ).slice(0, WA_REPLY_BUTTONS_MAX);
}

/** Several products: one list message with the answer as its body. */
function productList(message: OutboundText, lang: ShopperLanguage): WhatsAppMessage[] | null {
  if (message.text.length > WA_LIST_BODY_MAX) return null;
  const replyRows = distinctBy(
    usableReplies(message.quickReplies).map((reply) => ({
      id: tapPayloadOf(reply.text.trim(), WA_ROW_ID_MAX),
      title: fitLine(reply.label, WA_ROW_TITLE_MAX),
    })),
    (row) => row.id,
  ).slice(0, WA_REPLY_BUTTONS_MAX);
  const rows = productRows(message.products, lang, WA_LIST_ROWS_MAX - replyRows.length).filter(
    (row) => !replyRows.some((reply) => reply.id === row.id),
  );
  if (rows.length < 2) return null;
  const sections = [
    { title: fitLine(replyText('productsSection', lang), WA_SECTION_TITLE_MAX), rows },
    ...(replyRows.length ? [{ title: fitLine(replyText('moreHelp', lang), WA_SECTION_TITLE_MAX), rows: replyRows }] : []),
  ];
  return [
    interactive({
      type: 'list',
      body: { text: message.text },
      action: { button: fitLine(replyText('seeProducts', lang), WA_LIST_BUTTON_MAX), sections },
    }),
  ];
}

/** One product: its call-to-action card, or with quick replies its reply buttons; the answer as the body where it fits. */
function oneProduct(message: OutboundText, card: ProductCard, lang: ShopperLanguage): WhatsAppMessage[] | null {
  const buttons = replyButtons(message.quickReplies);
  if (buttons.length) {
    const summary = productSummary(card, lang);
    const joined = `${message.text}\n\n${summary}`;
    return joined.length <= WA_BUTTONS_BODY_MAX
      ? [interactive({ type: 'button', ...imageHeader(card), body: { text: joined }, action: { buttons } })]
      : [
          textMessage(message.text),
          interactive({ type: 'button', ...imageHeader(card), body: { text: clip(summary, WA_BUTTONS_BODY_MAX) }, action: { buttons } }),
        ];
  }
  const link = webLink(card.url, URL_MAX);
  if (!link) return null;
  const footer = priceLineOf(card, lang);
  const cta = (body: string) =>
    interactive({
      type: 'cta_url',
      ...imageHeader(card),
      body: { text: body },
      ...(footer ? { footer: { text: fitLine(footer, WA_FOOTER_MAX) } } : {}),
      action: { name: 'cta_url', parameters: { display_text: fitLine(replyText('view', lang), WA_CTA_DISPLAY_TEXT_MAX), url: link } },
    });
  return message.text.length <= WA_CTA_BODY_MAX
    ? [cta(message.text)]
    : [textMessage(message.text), cta(fitLine(card.title, WA_CTA_BODY_MAX))];
}

/** The reply as WhatsApp messages, in order (see above). */
export function whatsAppMessagesOf(message: OutboundText): WhatsAppMessage[] {
  const plain = [textMessage(message.text)];
  if (!richRepliesAllowed(message)) return plain;
  const lang = languageOfReply(message);
  // One row or card per title: WhatsApp refuses two rows with one id, and the tap could not tell them apart.
  const cards = distinctBy(
    message.products.filter((card) => card.title.trim()),
    (card) => card.title.trim(),
  );
  if (cards.length >= 2) {
    const list = productList({ ...message, products: cards }, lang);
    if (list) return list;
  }
  const [only] = cards;
  if (cards.length === 1 && only) {
    const card = oneProduct(message, only, lang);
    if (card) return card;
  }
  const buttons = replyButtons(message.quickReplies);
  if (buttons.length && message.text.length <= WA_BUTTONS_BODY_MAX)
    return [interactive({ type: 'button', body: { text: message.text }, action: { buttons } })];
  return plain;
}

/** The reply's text alone: what is sent when WhatsApp refuses the interactive message. */
export const whatsAppPlainMessages = (message: OutboundText): WhatsAppMessage[] => [textMessage(message.text)];
