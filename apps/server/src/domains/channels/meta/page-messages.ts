import type { ProductCard, QuickReply } from '@aisle/contracts/commerce';
import type { ShopperLanguage } from '../../ai';
import { type OutboundText, richRepliesAllowed } from '../channel-adapter';
import { tapPayloadOf } from '../inbound-message';
import { distinctBy, fitLine, httpsImage, webLink } from '../reply-fit';
import { languageOfReply, priceLineOf, replyText } from '../reply-texts';

/*
 * One answer as Send API messages for Messenger and Instagram: the text, then the products it names
 * as a generic template (a carousel of cards: image, title, price, a "View" button), and the quick
 * replies on the last message. Each is its own Send API call, in order. A person's reply, or one
 * sent outside the standard window (the human-agent tag), is the text alone.
 *
 * Messenger: generic template https://developers.facebook.com/docs/messenger-platform/send-messages/template/generic
 *   ("Maximum of 10 elements", title and subtitle "80 character limit", up to three buttons,
 *   default_action "Accepts the same properties as URL button, except title"); URL button
 *   https://developers.facebook.com/docs/messenger-platform/reference/buttons/url ("Button title. 20
 *   character limit"); quick replies https://developers.facebook.com/docs/messenger-platform/reference/buttons/quick-replies
 *   ("A maximum of 13 quick replies", title "20 character limit", payload "1000 character limit").
 * Instagram: generic template https://developers.facebook.com/docs/messenger-platform/instagram/features/generic-template
 *   (the same element shape and limits: 10 elements, 80-character title and subtitle, at most 3
 *   buttons, and only `web_url` and `postback` buttons; not shown in the web version); quick replies
 *   https://developers.facebook.com/docs/messenger-platform/instagram/features/quick-replies
 *   ("A maximum of 13 quick replies", "up to 20 characters before being truncated", plain text only).
 * The renderer keeps to the intersection, so one shape serves both.
 */

export const META_TEMPLATE_ELEMENTS_MAX = 10;
export const META_ELEMENT_TITLE_MAX = 80;
export const META_ELEMENT_SUBTITLE_MAX = 80;
export const META_BUTTON_TITLE_MAX = 20;
export const META_QUICK_REPLIES_MAX = 13;
export const META_QUICK_REPLY_TITLE_MAX = 20;
export const META_QUICK_REPLY_PAYLOAD_MAX = 1000;
/** Meta documents no URL length for templates; a page address longer than this is not a product page. */
const URL_MAX = 2000;

export interface PageQuickReply {
  content_type: 'text';
  title: string;
  payload: string;
}

export interface GenericElement {
  title: string;
  subtitle?: string;
  image_url?: string;
  default_action?: { type: 'web_url'; url: string };
  buttons?: { type: 'web_url'; url: string; title: string }[];
}

/** The Send API's `message`: text or a template attachment, with quick replies on it when any. */
export type PageMessage =
  | { text: string; quick_replies?: PageQuickReply[] }
  | {
      attachment: { type: 'template'; payload: { template_type: 'generic'; elements: GenericElement[] } };
      quick_replies?: PageQuickReply[];
    };

/** A product as a generic template element; null when it would have nothing beside its title (the template requires more). */
export function productElement(card: ProductCard, lang: ShopperLanguage): GenericElement | null {
  const title = fitLine(card.title, META_ELEMENT_TITLE_MAX);
  if (!title) return null;
  const subtitle = priceLineOf(card, lang);
  const image = httpsImage(card.image, URL_MAX);
  const link = webLink(card.url, URL_MAX);
  const element: GenericElement = {
    title,
    ...(subtitle ? { subtitle: fitLine(subtitle, META_ELEMENT_SUBTITLE_MAX) } : {}),
    ...(image ? { image_url: image } : {}),
    ...(link
      ? {
          default_action: { type: 'web_url' as const, url: link },
          buttons: [{ type: 'web_url' as const, url: link, title: fitLine(replyText('view', lang), META_BUTTON_TITLE_MAX) }],
        }
      : {}),
  };
  return Object.keys(element).length > 1 ? element : null;
}

/** Quick replies as the Send API's: the label as the title (20 characters), the words it sends in the payload; at most 13. */
export function pageQuickReplies(replies: readonly QuickReply[]): PageQuickReply[] {
  return distinctBy(
    replies.filter((reply) => reply.label.trim() && reply.text.trim()),
    (reply) => fitLine(reply.label, META_QUICK_REPLY_TITLE_MAX),
  )
    .slice(0, META_QUICK_REPLIES_MAX)
    .map((reply) => ({
      content_type: 'text' as const,
      title: fitLine(reply.label, META_QUICK_REPLY_TITLE_MAX),
      payload: tapPayloadOf(reply.text.trim(), META_QUICK_REPLY_PAYLOAD_MAX),
    }));
}

/** The reply as Send API messages, in order: the text, the products' generic template, quick replies on the last. */
export function pageMessagesOf(message: OutboundText): PageMessage[] {
  const text: PageMessage = { text: message.text };
  if (!richRepliesAllowed(message)) return [text];
  const lang = languageOfReply(message);
  const elements = message.products
    .map((card) => productElement(card, lang))
    .filter((element) => element !== null)
    .slice(0, META_TEMPLATE_ELEMENTS_MAX);
  const messages: PageMessage[] = elements.length
    ? [text, { attachment: { type: 'template', payload: { template_type: 'generic', elements } } }]
    : [text];
  const quickReplies = pageQuickReplies(message.quickReplies);
  const last = messages.at(-1);
  if (quickReplies.length && last) last.quick_replies = quickReplies;
  return messages;
}
