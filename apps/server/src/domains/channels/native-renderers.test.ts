import type { ProductCard, QuickReply } from '@aisle/contracts/commerce';
import { describe, expect, it } from 'vitest';
import { lineMessagesError } from '../../testing/fake-line/line-message-rules';
import { pageMessageError, whatsappMessageError } from '../../testing/fake-meta/graph-message-rules';
import type { GqlData } from '../../testing/graphql-client';
import { SHOPPER_LANGUAGES } from '../ai';
import type { OutboundText } from './channel-adapter';
import { lineMessagesOf } from './line/line-messages';
import { pageMessagesOf } from './meta/page-messages';
import { parsePageMessaging } from './meta/parse-page-messaging';
import { parseWhatsApp } from './meta/parse-whatsapp';
import { whatsAppMessagesOf } from './meta/whatsapp-messages';
import { REPLY_TEXTS } from './reply-texts';

/*
 * Each channel's renderer on its own (pure: no app, no network): the same answer as LINE messages,
 * Send API messages and WhatsApp messages, within every documented limit, checked with the fakes'
 * own rules (the ones the fake APIs answer 400 with); the fallbacks when a part would break a limit;
 * the rules themselves refusing what the platforms refuse; and taps read back as the customer's words.
 */

const card = (overrides: Partial<ProductCard> = {}): ProductCard => ({
  title: 'Kumo Tent 2',
  handle: 'kumo-tent-2',
  url: 'https://kumo-outdoor.example/products/kumo-tent-2',
  image: 'https://cdn.kumo-outdoor.example/kumo-tent-2.jpg',
  price: '32000',
  compareAtPrice: null,
  currency: 'JPY',
  available: true,
  options: [],
  variants: [],
  ...overrides,
});

const HANDOFF: QuickReply = { kind: 'handoff', label: 'Talk to a person', text: 'Talk to a person' };

const outbound = (overrides: Partial<OutboundText> = {}): OutboundText => ({
  recipientId: 'customer-1',
  text: 'We have the Kumo Tent 2 and the Kumo Tent 4.',
  products: [card(), card({ title: 'Kumo Tent 4', url: 'https://kumo-outdoor.example/products/kumo-tent-4', price: '54000' })],
  quickReplies: [HANDOFF],
  byPerson: false,
  window: { state: 'open', endsAt: null },
  messageId: '6f1c0a52-1111-4222-8333-944455556666',
  attempt: 0,
  ...overrides,
});

/** Fourteen products with titles past every limit, some without an https image or a page. */
const MANY = Array.from({ length: 14 }, (_, index) =>
  card({
    title: `Kumo Expedition Tent ${index + 1} with Double-Wall Flysheet, Two Vestibules, Footprint and Repair Kit for Four Seasons`,
    url: index % 5 === 4 ? null : `https://kumo-outdoor.example/products/expedition-${index + 1}`,
    image:
      index % 3 === 2
        ? `http://cdn.kumo-outdoor.example/expedition-${index + 1}.jpg`
        : `https://cdn.kumo-outdoor.example/expedition-${index + 1}.jpg`,
    price: String(40000 + index * 1000),
    compareAtPrice: index % 2 ? String(50000 + index * 1000) : null,
    available: index % 4 !== 3,
  }),
);

const MANY_REPLIES: QuickReply[] = Array.from({ length: 15 }, (_, index) => ({
  kind: 'handoff',
  label: `${index} Please let me talk to a real person`,
  text: `I would like to talk to a person from the shop about my order, number ${index}. ${'x'.repeat(400)}`,
}));

const whatsappBody = (part: object) => ({ messaging_product: 'whatsapp', recipient_type: 'individual', to: '15550001111', ...part });

describe('LINE messages', () => {
  it('are the text, a carousel of the products and the quick reply on the last, as LINE accepts them', () => {
    const messages = lineMessagesOf(outbound({ products: [card({ compareAtPrice: '36000' }), outbound().products[1] as ProductCard] }));
    expect(lineMessagesError(messages)).toBeNull();
    expect(messages.map((message) => message.type)).toEqual(['text', 'flex']);
    const [text, flex] = messages as unknown as [{ text: string; quickReply?: unknown }, GqlData];
    expect(text.text).toBe('We have the Kumo Tent 2 and the Kumo Tent 4.');
    expect(text.quickReply).toBeUndefined();
    expect(flex.altText).toBe('Kumo Tent 2, Kumo Tent 4');
    expect(flex.contents.type).toBe('carousel');
    const [first] = flex.contents.contents;
    expect(first.hero).toMatchObject({ type: 'image', url: 'https://cdn.kumo-outdoor.example/kumo-tent-2.jpg' });
    expect(first.body.contents[0]).toMatchObject({ type: 'text', text: 'Kumo Tent 2' });
    expect(first.body.contents[1].contents.map((price: { text: string }) => price.text)).toEqual(['¥32,000', '¥36,000']);
    expect(first.footer.contents[0]).toMatchObject({
      type: 'button',
      action: { type: 'uri', label: 'View', uri: 'https://kumo-outdoor.example/products/kumo-tent-2' },
    });
    expect(flex.quickReply).toEqual({
      items: [{ type: 'action', action: { type: 'message', label: 'Talk to a person', text: 'Talk to a person' } }],
    });
  });

  it('show one product as a single bubble, and nothing but the text for a person’s reply or outside the window', () => {
    const one = lineMessagesOf(outbound({ products: [card()] }));
    expect((one[1] as { contents: { type: string } }).contents.type).toBe('bubble');
    expect(lineMessagesOf(outbound({ byPerson: true }))).toEqual([{ type: 'text', text: 'We have the Kumo Tent 2 and the Kumo Tent 4.' }]);
    expect(lineMessagesOf(outbound({ products: [], quickReplies: [] }))).toEqual([
      { type: 'text', text: 'We have the Kumo Tent 2 and the Kumo Tent 4.' },
    ]);
    // Quick replies alone ride on the text.
    const quick = lineMessagesOf(outbound({ products: [] }));
    expect(quick).toHaveLength(1);
    expect(quick[0]?.quickReply?.items).toHaveLength(1);
  });

  it('fit many products, long titles, http images, missing pages and many quick replies into LINE’s limits', () => {
    const messages = lineMessagesOf(outbound({ products: MANY, quickReplies: MANY_REPLIES }));
    expect(lineMessagesError(messages)).toBeNull();
    const flex = messages[1] as GqlData;
    const bubbles = flex.contents.contents as GqlData[];
    expect(bubbles).toHaveLength(12);
    expect(flex.altText.length).toBeLessThanOrEqual(1500);
    for (const [index, bubble] of bubbles.entries()) {
      expect(bubble.body.contents[0].text.length).toBeLessThanOrEqual(120);
      expect(Boolean(bubble.hero)).toBe(index % 3 !== 2);
      expect(Boolean(bubble.footer)).toBe(index % 5 !== 4);
    }
    const items = flex.quickReply.items as { action: { label: string; text: string } }[];
    expect(items).toHaveLength(13);
    for (const item of items) {
      expect(item.action.label.length).toBeLessThanOrEqual(20);
      expect(item.action.label.endsWith('…')).toBe(true);
      expect(item.action.text.length).toBeLessThanOrEqual(300);
    }
  });

  it('keep a carousel under 50 KB by showing fewer bubbles', () => {
    const heavy = Array.from({ length: 12 }, (_, index) =>
      card({
        title: `Tent ${index}`,
        image: `https://cdn.kumo-outdoor.example/${'i'.repeat(1900)}/${index}.jpg`,
        url: `https://kumo-outdoor.example/${'p'.repeat(900)}/${index}`,
      }),
    );
    const [, flex] = lineMessagesOf(outbound({ products: heavy })) as [unknown, GqlData];
    expect(Buffer.byteLength(JSON.stringify(flex.contents))).toBeLessThanOrEqual(50 * 1024);
    expect(flex.contents.contents.length).toBeLessThan(12);
    expect(lineMessagesError([{ type: 'text', text: 'x' }, flex])).toBeNull();
  });

  it('write the card in the shopper’s language', () => {
    const [, flex] = lineMessagesOf(outbound({ text: 'Kumo Tent 2 は2人用の軽量テントです。', products: [card()], quickReplies: [] })) as [
      unknown,
      GqlData,
    ];
    expect(flex.contents.footer.contents[0].action.label).toBe('詳しく見る');
    expect(flex.contents.body.contents[1].contents[0].text).toBe('￥32,000');
  });
});

describe('Messenger and Instagram messages', () => {
  it('are the text, then a generic template with the quick replies, as the Send API accepts them', () => {
    const messages = pageMessagesOf(outbound({ products: [card({ compareAtPrice: '36000', available: false })] }));
    for (const message of messages) expect(pageMessageError(message)).toBeNull();
    expect(messages).toEqual([
      { text: 'We have the Kumo Tent 2 and the Kumo Tent 4.' },
      {
        attachment: {
          type: 'template',
          payload: {
            template_type: 'generic',
            elements: [
              {
                title: 'Kumo Tent 2',
                subtitle: '¥32,000 · Was ¥36,000 · Sold out',
                image_url: 'https://cdn.kumo-outdoor.example/kumo-tent-2.jpg',
                default_action: { type: 'web_url', url: 'https://kumo-outdoor.example/products/kumo-tent-2' },
                buttons: [{ type: 'web_url', url: 'https://kumo-outdoor.example/products/kumo-tent-2', title: 'View' }],
              },
            ],
          },
        },
        quick_replies: [{ content_type: 'text', title: 'Talk to a person', payload: 'say:Talk to a person' }],
      },
    ]);
  });

  it('fit many products and quick replies into the limits, and leave out a card with nothing beside its title', () => {
    const bare = card({ title: 'Mystery item', url: null, image: null, price: null, available: null });
    const messages = pageMessagesOf(outbound({ products: [bare, ...MANY], quickReplies: MANY_REPLIES }));
    for (const message of messages) expect(pageMessageError(message)).toBeNull();
    const template = messages[1] as GqlData;
    const elements = template.attachment.payload.elements as GqlData[];
    expect(elements).toHaveLength(10);
    expect(elements.map((element) => element.title)).not.toContain('Mystery item');
    for (const element of elements) {
      expect(element.title.length).toBeLessThanOrEqual(80);
      expect(element.title.endsWith('…')).toBe(true);
      expect((element.subtitle ?? '').length).toBeLessThanOrEqual(80);
      if (element.image_url) expect(element.image_url).toMatch(/^https:/);
    }
    expect(elements.filter((element) => !element.image_url)).toHaveLength(3);
    const quick = template.quick_replies as { title: string; payload: string }[];
    expect(quick).toHaveLength(13);
    for (const reply of quick) {
      expect(reply.title.length).toBeLessThanOrEqual(20);
      expect(reply.payload.length).toBeLessThanOrEqual(1000);
    }
  });

  it('are the text alone for a person’s reply (the human-agent tag) or without products and quick replies', () => {
    expect(pageMessagesOf(outbound({ byPerson: true, window: { state: 'human_agent', endsAt: null } }))).toEqual([
      { text: 'We have the Kumo Tent 2 and the Kumo Tent 4.' },
    ]);
    expect(pageMessagesOf(outbound({ products: [] }))).toEqual([
      {
        text: 'We have the Kumo Tent 2 and the Kumo Tent 4.',
        quick_replies: [{ content_type: 'text', title: 'Talk to a person', payload: 'say:Talk to a person' }],
      },
    ]);
  });
});

describe('WhatsApp messages', () => {
  it('are a list for several products, with the quick replies as rows of their own', () => {
    const messages = whatsAppMessagesOf(outbound({ products: [card({ compareAtPrice: '36000' }), outbound().products[1] as ProductCard] }));
    for (const message of messages) expect(whatsappMessageError(whatsappBody(message))).toBeNull();
    expect(messages).toEqual([
      {
        type: 'interactive',
        interactive: {
          type: 'list',
          body: { text: 'We have the Kumo Tent 2 and the Kumo Tent 4.' },
          action: {
            button: 'See products',
            sections: [
              {
                title: 'Products',
                rows: [
                  { id: 'say:Kumo Tent 2', title: 'Kumo Tent 2', description: '¥32,000 · Was ¥36,000' },
                  { id: 'say:Kumo Tent 4', title: 'Kumo Tent 4', description: '¥54,000' },
                ],
              },
              { title: 'More help', rows: [{ id: 'say:Talk to a person', title: 'Talk to a person' }] },
            ],
          },
        },
      },
    ]);
  });

  it('fit many products into ten rows, titles into 24 and prices into 72 characters', () => {
    const messages = whatsAppMessagesOf(outbound({ products: MANY, quickReplies: MANY_REPLIES }));
    expect(messages).toHaveLength(1);
    for (const message of messages) expect(whatsappMessageError(whatsappBody(message))).toBeNull();
    const sections = (messages[0] as GqlData).interactive.action.sections as { rows: Record<string, string>[] }[];
    const rows = sections.flatMap((section) => section.rows);
    expect(rows).toHaveLength(10);
    expect(sections.map((section) => section.rows.length)).toEqual([7, 3]);
    for (const row of rows) {
      expect(row.title?.length).toBeLessThanOrEqual(24);
      expect(row.id?.length).toBeLessThanOrEqual(200);
      expect((row.description ?? '').length).toBeLessThanOrEqual(72);
    }
  });

  it('are a call-to-action card for one product with nothing to tap, and its text first when the answer is long', () => {
    const one = whatsAppMessagesOf(outbound({ products: [card({ compareAtPrice: '36000' })], quickReplies: [] }));
    expect(one).toEqual([
      {
        type: 'interactive',
        interactive: {
          type: 'cta_url',
          header: { type: 'image', image: { link: 'https://cdn.kumo-outdoor.example/kumo-tent-2.jpg' } },
          body: { text: 'We have the Kumo Tent 2 and the Kumo Tent 4.' },
          footer: { text: '¥32,000 · Was ¥36,000' },
          action: { name: 'cta_url', parameters: { display_text: 'View', url: 'https://kumo-outdoor.example/products/kumo-tent-2' } },
        },
      },
    ]);
    const long = 'The Kumo Tent 2 is light. '.repeat(60);
    const split = whatsAppMessagesOf(
      outbound({ text: long, products: [card({ image: 'http://insecure.example/x.jpg' })], quickReplies: [] }),
    );
    for (const message of split) expect(whatsappMessageError(whatsappBody(message))).toBeNull();
    expect(split.map((message) => (message.type === 'interactive' ? message.interactive.type : 'text'))).toEqual(['text', 'cta_url']);
    expect(split[1]).toMatchObject({ interactive: { body: { text: 'Kumo Tent 2' } } });
    expect(split[1]).not.toHaveProperty('interactive.header');
  });

  it('are reply buttons for quick replies: with one product’s image, title, price and page, at most three', () => {
    const replies = [HANDOFF, { ...HANDOFF, label: 'Talk to a person' }, ...MANY_REPLIES];
    const one = whatsAppMessagesOf(outbound({ products: [card()], quickReplies: replies }));
    for (const message of one) expect(whatsappMessageError(whatsappBody(message))).toBeNull();
    const interactive = (one[0] as GqlData).interactive;
    expect(interactive.type).toBe('button');
    expect(interactive.header).toEqual({ type: 'image', image: { link: 'https://cdn.kumo-outdoor.example/kumo-tent-2.jpg' } });
    expect(interactive.body.text).toBe(
      'We have the Kumo Tent 2 and the Kumo Tent 4.\n\nKumo Tent 2\n¥32,000\nhttps://kumo-outdoor.example/products/kumo-tent-2',
    );
    expect(interactive.action.buttons).toHaveLength(3);
    expect(interactive.action.buttons[0]).toEqual({ type: 'reply', reply: { id: 'say:Talk to a person', title: 'Talk to a person' } });

    const none = whatsAppMessagesOf(outbound({ products: [] }));
    expect(none).toEqual([
      {
        type: 'interactive',
        interactive: {
          type: 'button',
          body: { text: 'We have the Kumo Tent 2 and the Kumo Tent 4.' },
          action: { buttons: [{ type: 'reply', reply: { id: 'say:Talk to a person', title: 'Talk to a person' } }] },
        },
      },
    ]);
  });

  it('send the answer as text when it cannot be a body, and for a person', () => {
    const long = 'We ship within two days. '.repeat(60);
    expect(whatsAppMessagesOf(outbound({ text: long, products: [] }))).toEqual([
      { type: 'text', text: { preview_url: false, body: long } },
    ]);
    const withProduct = whatsAppMessagesOf(outbound({ text: long, products: [card()] }));
    for (const message of withProduct) expect(whatsappMessageError(whatsappBody(message))).toBeNull();
    expect(withProduct.map((message) => (message.type === 'interactive' ? message.interactive.type : 'text'))).toEqual(['text', 'button']);
    expect(whatsAppMessagesOf(outbound({ byPerson: true }))).toEqual([
      { type: 'text', text: { preview_url: false, body: 'We have the Kumo Tent 2 and the Kumo Tent 4.' } },
    ]);
    // Two products of one title are one row: the rest is one product's card.
    const twins = whatsAppMessagesOf(outbound({ products: [card(), card()], quickReplies: [] }));
    expect((twins[0] as GqlData).interactive.type).toBe('cta_url');
  });
});

describe('the fakes refuse what the platforms refuse', () => {
  it('LINE: more than 5 messages, an unknown type, 13 bubbles, a long label, an http image, 14 quick replies', () => {
    const text = { type: 'text', text: 'Hi' };
    expect(lineMessagesError(Array.from({ length: 6 }, () => text))).toEqual({
      message: 'The request body has 1 error(s)',
      details: [{ property: 'messages', message: 'size must be between 1 and 5' }],
    });
    expect(lineMessagesError([{ type: 'carousel' }])?.details[0]?.property).toBe('messages[0].type');
    expect(lineMessagesError([{ type: 'text', text: 'x'.repeat(5001) }])?.message).toBe('The request body has 1 error(s)');
    const bubble = (label: string, url = 'https://cdn.example/a.jpg') => ({
      type: 'bubble',
      hero: { type: 'image', url },
      body: { type: 'box', layout: 'vertical', contents: [{ type: 'text', text: 'Tent' }] },
      footer: {
        type: 'box',
        layout: 'vertical',
        contents: [{ type: 'button', action: { type: 'uri', label, uri: 'https://shop.example/p' } }],
      },
    });
    const flex = (contents: unknown, extra: object = {}) => [text, { type: 'flex', altText: 'Tents', contents, ...extra }];
    expect(lineMessagesError(flex({ type: 'carousel', contents: Array.from({ length: 13 }, () => bubble('View')) }))).toMatchObject({
      message: 'A message (messages[1]) in the request body is invalid',
      details: [{ property: 'contents/contents', message: 'must not contain more than 12 bubbles' }],
    });
    expect(lineMessagesError(flex(bubble('x'.repeat(41))))?.details).toEqual([
      { property: 'contents/footer/contents/0/action/label', message: 'must not be longer than 40 characters' },
    ]);
    expect(lineMessagesError(flex(bubble('View', 'http://cdn.example/a.jpg')))?.details).toEqual([
      { property: 'contents/hero/url', message: 'invalid uri scheme: must be https' },
    ]);
    const items = Array.from({ length: 14 }, () => ({ type: 'action', action: { type: 'message', label: 'Hi', text: 'Hi' } }));
    expect(lineMessagesError([{ ...text, quickReply: { items } }])?.details[0]?.message).toBe('must not contain more than 13 items');
    const longLabel = [{ type: 'action', action: { type: 'message', label: 'x'.repeat(21), text: 'Hi' } }];
    expect(lineMessagesError([{ ...text, quickReply: { items: longLabel } }])?.details[0]?.property).toBe(
      'quickReply/items/0/action/label',
    );
    expect(lineMessagesError(flex(bubble('View'), { altText: 'x'.repeat(1501) }))?.details[0]?.property).toBe('altText');
  });

  it('Messenger and Instagram: 11 elements, an 81-character title, a title alone, 4 buttons, a 21-character quick reply', () => {
    const element = { title: 'Tent', subtitle: '¥32,000' };
    const template = (elements: unknown[]) => ({ attachment: { type: 'template', payload: { template_type: 'generic', elements } } });
    expect(pageMessageError(template(Array.from({ length: 11 }, () => element)))?.error).toMatchObject({
      code: 100,
      type: 'OAuthException',
    });
    expect(pageMessageError(template([{ ...element, title: 'x'.repeat(81) }]))?.error.message).toContain('[title] must be at most 80');
    expect(pageMessageError(template([{ title: 'Tent' }]))?.error.message).toContain('at least one property in addition to title');
    const button = { type: 'web_url', url: 'https://shop.example/p', title: 'View' };
    expect(pageMessageError(template([{ ...element, buttons: [button, button, button, button] }]))?.error.message).toContain('at most 3');
    expect(pageMessageError(template([{ ...element, buttons: [{ ...button, title: 'x'.repeat(21) }] }]))?.error.message).toContain(
      'at most 20',
    );
    expect(
      pageMessageError({ text: 'Hi', quick_replies: [{ content_type: 'text', title: 'x'.repeat(21), payload: 'p' }] })?.error.message,
    ).toContain('at most 20');
    expect(pageMessageError({ text: 'Hi', ...template([element]) })?.error.message).toContain('Exactly one of');
  });

  it('WhatsApp: 4 buttons, a 21-character button, a 25-character row, 11 rows, a long body, an untitled section', () => {
    const buttons = (list: { id: string; title: string }[], body = 'Hi') =>
      whatsappBody({
        type: 'interactive',
        interactive: { type: 'button', body: { text: body }, action: { buttons: list.map((reply) => ({ type: 'reply', reply })) } },
      });
    const four = Array.from({ length: 4 }, (_, index) => ({ id: `b${index}`, title: `B${index}` }));
    expect(whatsappMessageError(buttons(four))?.error).toMatchObject({ code: 131009, error_data: { messaging_product: 'whatsapp' } });
    expect(whatsappMessageError(buttons([{ id: 'b', title: 'x'.repeat(21) }]))?.error.error_data?.details).toContain('Max length: 20');
    expect(whatsappMessageError(buttons([{ id: 'b', title: 'B' }], 'x'.repeat(1025)))?.error.code).toBe(131009);
    expect(
      whatsappMessageError(
        buttons([
          { id: 'b', title: 'B' },
          { id: 'b', title: 'C' },
        ]),
      )?.error.error_data?.details,
    ).toContain('unique');
    const list = (sections: unknown[]) =>
      whatsappBody({ type: 'interactive', interactive: { type: 'list', body: { text: 'Hi' }, action: { button: 'See', sections } } });
    const row = (index: number, title = `Row ${index}`) => ({ id: `r${index}`, title });
    expect(whatsappMessageError(list([{ title: 'Products', rows: [row(1, 'x'.repeat(25))] }]))?.error.error_data?.details).toContain(
      'Max length: 24',
    );
    expect(
      whatsappMessageError(list([{ title: 'Products', rows: Array.from({ length: 11 }, (_, index) => row(index)) }]))?.error.code,
    ).toBe(131009);
    expect(whatsappMessageError(list([{ rows: [row(1)] }]))?.error.code).toBe(131008);
    expect(whatsappMessageError(whatsappBody({ type: 'carousel' }))?.error.code).toBe(100);
  });
});

describe('taps read back as the customer’s words', () => {
  it('WhatsApp: a row or a button says what its id stands for; someone else’s id says its title', () => {
    const tap = (kind: 'button_reply' | 'list_reply', reply: { id: string; title: string }) => ({
      object: 'whatsapp_business_account',
      entry: [
        {
          changes: [
            {
              field: 'messages',
              value: {
                metadata: { phone_number_id: '1065' },
                messages: [
                  {
                    from: '1555',
                    id: `wamid.${reply.id}`,
                    timestamp: '1700000000',
                    type: 'interactive',
                    interactive: { type: kind, [kind]: reply },
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    const long = 'Hoshi Sleeping Bag with Hydrophobic Goose Down Fill';
    expect(parseWhatsApp(tap('list_reply', { id: `say:${long}`, title: 'Hoshi Sleeping Bag wi…' }))[0]).toMatchObject({
      kind: 'text',
      text: long,
    });
    expect(parseWhatsApp(tap('button_reply', { id: 'say:Talk to a person', title: 'Talk to a person' }))[0]?.text).toBe('Talk to a person');
    expect(parseWhatsApp(tap('button_reply', { id: 'order-42', title: 'Track order' }))[0]?.text).toBe('Track order');
  });

  it('Messenger and Instagram: a quick reply says what its payload stands for', () => {
    const tap = (payload: string) => ({
      object: 'page',
      entry: [
        {
          id: 'page',
          messaging: [
            {
              sender: { id: 'psid' },
              recipient: { id: 'page' },
              timestamp: 1,
              message: { mid: `m_${payload}`, text: 'Talk to a person', quick_reply: { payload } },
            },
          ],
        },
      ],
    });
    expect(parsePageMessaging('messenger', tap('say:I would like to talk to a person'))[0]?.text).toBe('I would like to talk to a person');
    expect(parsePageMessaging('instagram', tap('SOMETHING_ELSE'))[0]?.text).toBe('Talk to a person');
  });
});

describe('the channels’ own words', () => {
  it('fit their tightest place in every shopper language', () => {
    for (const lang of SHOPPER_LANGUAGES) {
      const texts = REPLY_TEXTS[lang];
      expect(texts.view.length, `${lang} view`).toBeLessThanOrEqual(20);
      expect(texts.seeProducts.length, `${lang} seeProducts`).toBeLessThanOrEqual(20);
      expect(texts.productsSection.length, `${lang} productsSection`).toBeLessThanOrEqual(24);
      expect(texts.moreHelp.length, `${lang} moreHelp`).toBeLessThanOrEqual(24);
      expect(texts.was, `${lang} was`).toContain('{price}');
    }
  });
});
