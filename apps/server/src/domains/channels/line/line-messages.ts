import type { ProductCard, QuickReply } from '@aisle/contracts/commerce';
import type { messagingApi } from '@line/bot-sdk';
import type { ShopperLanguage } from '../../ai';
import { type OutboundText, richRepliesAllowed } from '../channel-adapter';
import { clip, distinctBy, fitLine, httpsImage, webLink } from '../reply-fit';
import { languageOfReply, priceFactsOf, replyText } from '../reply-texts';

/*
 * One answer as LINE messages (Messaging API reference, https://developers.line.biz/en/reference/messaging-api/):
 * the text, then the products it names as a Flex Message (one bubble, or a carousel of them), and
 * its quick replies on the last message. A person's reply, or a reply that carries nothing more, is
 * the text alone.
 */

/** "Max: 5" message objects per reply or push request (#send-reply-message, #send-push-message). */
export const LINE_MESSAGES_MAX = 5;
/** Flex Message `altText`: "Max character limit: 1500" (#flex-message). */
export const LINE_ALT_TEXT_MAX = 1500;
/** Carousel `contents`: "Max: 12 bubbles"; a carousel's JSON at most 50 KB, a bubble's 30 KB (#f-carousel, #bubble). */
export const LINE_CAROUSEL_BUBBLES_MAX = 12;
export const LINE_CAROUSEL_BYTES_MAX = 50 * 1024;
export const LINE_BUBBLE_BYTES_MAX = 30 * 1024;
/** Image component `url`: "Max character limit: 2000", "Protocol: HTTPS (TLS 1.2 or later)" (#f-image). */
export const LINE_IMAGE_URL_MAX = 2000;
/** URI action `uri`: "Max character limit: 1000"; http, https, line and tel schemes (#uri-action). */
export const LINE_URI_MAX = 1000;
/** Action labels (#action-object-label-spec): on a Flex button required, max 40; on a quick reply button required, max 20. */
export const LINE_BUTTON_LABEL_MAX = 40;
export const LINE_QUICK_REPLY_LABEL_MAX = 20;
/** Message action `text`: "Max character limit: 300" (#message-action). */
export const LINE_MESSAGE_ACTION_TEXT_MAX = 300;
/** Quick reply `items`: "Max: 13" (#items-object; https://developers.line.biz/en/docs/messaging-api/using-quick-reply/). */
export const LINE_QUICK_REPLY_ITEMS_MAX = 13;
/** Flex text has no documented limit of its own; a card's title is kept to what two lines show. */
const CARD_TITLE_MAX = 120;

const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');

/** A product as a bubble: its image (https only), title, price (with the price before a sale) and a "View" button to its page. */
export function productBubble(card: ProductCard, lang: ShopperLanguage): messagingApi.FlexBubble | null {
  const title = fitLine(card.title, CARD_TITLE_MAX);
  if (!title) return null;
  const image = httpsImage(card.image, LINE_IMAGE_URL_MAX);
  const link = webLink(card.url, LINE_URI_MAX);
  const view = link ? { type: 'uri' as const, label: fitLine(replyText('view', lang), LINE_BUTTON_LABEL_MAX), uri: link } : undefined;
  const facts = priceFactsOf(card, lang);
  const priceLine: messagingApi.FlexComponent[] = [
    ...(facts.price ? [{ type: 'text' as const, text: facts.price, weight: 'bold' as const, size: 'md', color: '#111111', flex: 0 }] : []),
    ...(facts.before
      ? [{ type: 'text' as const, text: facts.before, size: 'xs', color: '#8c8c8c', decoration: 'line-through' as const, flex: 0 }]
      : []),
  ];
  const bubble: messagingApi.FlexBubble = {
    type: 'bubble',
    size: 'kilo',
    ...(image
      ? {
          hero: {
            type: 'image',
            url: image,
            size: 'full',
            aspectRatio: '1:1',
            aspectMode: 'cover',
            ...(view ? { action: view } : {}),
          } satisfies messagingApi.FlexImage,
        }
      : {}),
    body: {
      type: 'box',
      layout: 'vertical',
      spacing: 'sm',
      contents: [
        { type: 'text', text: title, weight: 'bold', size: 'sm', wrap: true, maxLines: 2 },
        ...(priceLine.length ? [{ type: 'box' as const, layout: 'baseline' as const, spacing: 'sm', contents: priceLine }] : []),
        ...(facts.soldOut ? [{ type: 'text' as const, text: facts.soldOut, size: 'xs', color: '#b3261e' }] : []),
      ],
    },
    ...(view
      ? { footer: { type: 'box', layout: 'vertical', contents: [{ type: 'button', style: 'primary', height: 'sm', action: view }] } }
      : {}),
  };
  return bytesOf(bubble) <= LINE_BUBBLE_BYTES_MAX ? bubble : null;
}

/** The products as one Flex Message: a bubble, or a carousel of up to 12 (fewer when they would pass its 50 KB). */
export function productFlex(cards: readonly ProductCard[], lang: ShopperLanguage): messagingApi.FlexMessage | null {
  const named = cards.map((card) => ({ card, bubble: productBubble(card, lang) })).filter((entry) => entry.bubble !== null);
  const shown = named.slice(0, LINE_CAROUSEL_BUBBLES_MAX);
  while (shown.length > 1 && bytesOf({ type: 'carousel', contents: shown.map((entry) => entry.bubble) }) > LINE_CAROUSEL_BYTES_MAX)
    shown.pop();
  const [first] = shown;
  if (!first?.bubble) return null;
  return {
    type: 'flex',
    // What the notification and the chat list show in place of the cards.
    altText: clip(shown.map((entry) => entry.card.title.trim()).join(', '), LINE_ALT_TEXT_MAX),
    contents:
      shown.length === 1 ? first.bubble : { type: 'carousel', contents: shown.map((entry) => entry.bubble as messagingApi.FlexBubble) },
  };
}

/** Quick replies as LINE's: a message action sending the reply's text, labelled at most 20 characters; at most 13. */
export function lineQuickReply(replies: readonly QuickReply[]): messagingApi.QuickReply | null {
  const items = distinctBy(
    replies.filter((reply) => reply.label.trim() && reply.text.trim()),
    (reply) => fitLine(reply.label, LINE_QUICK_REPLY_LABEL_MAX),
  )
    .slice(0, LINE_QUICK_REPLY_ITEMS_MAX)
    .map(
      (reply): messagingApi.QuickReplyItem => ({
        type: 'action',
        action: {
          type: 'message',
          label: fitLine(reply.label, LINE_QUICK_REPLY_LABEL_MAX),
          text: clip(reply.text.trim(), LINE_MESSAGE_ACTION_TEXT_MAX),
        } satisfies messagingApi.MessageAction,
      }),
    );
  return items.length ? { items } : null;
}

/** The reply as LINE messages (at most 5): the text, the products' Flex Message, quick replies on the last. */
export function lineMessagesOf(message: OutboundText): messagingApi.Message[] {
  const text: messagingApi.TextMessage = { type: 'text', text: message.text };
  if (!richRepliesAllowed(message)) return [text];
  const lang = languageOfReply(message);
  const flex = message.products.length ? productFlex(message.products, lang) : null;
  const messages: messagingApi.Message[] = flex ? [text, flex] : [text];
  const quickReply = lineQuickReply(message.quickReplies);
  const last = messages.at(-1);
  if (quickReply && last) last.quickReply = quickReply;
  return messages.slice(0, LINE_MESSAGES_MAX);
}

/** The reply's text alone: what is sent when LINE refuses the native messages. */
export const linePlainMessages = (message: OutboundText): messagingApi.Message[] => [{ type: 'text', text: message.text }];
