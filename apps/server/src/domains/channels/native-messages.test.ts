import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedThreads } from '../../db/schema';
import {
  channelThreads,
  connectLine,
  connectMetaAccount,
  createSellingAssistant,
  eventually,
  postLineWebhook,
  postMetaWebhook,
} from '../../testing/channels-test-kit';
import {
  type FakeLineApi,
  type FakeLineChannel,
  lineMessageEvent,
  lineUserId,
  startFakeLineApi,
} from '../../testing/fake-line/fake-line-api';
import { type FakeGraphApi, startFakeGraphApi } from '../../testing/fake-meta/fake-graph-api';
import {
  messagingPayload,
  quickReplyEvent,
  textEvent,
  whatsappInteractivePayload,
  whatsappMessagesPayload,
} from '../../testing/fake-meta/meta-webhooks';
import type { GqlData, TestViewer } from '../../testing/graphql-client';
import { post } from '../../testing/knowledge';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser } from '../../testing/users';
import { HANDOFF_TEXT } from '../turns';

const PAGE = '104000000000021';
const INSTAGRAM = '17841400000000021';
const WABA = '102290129340321';
const PHONE = '106540352242921';

/** The shop's product list (Shopify-style: handles, https images, variants with prices, a sale price), in yen. */
const CATALOG = {
  currency: 'JPY',
  products: [
    {
      title: 'Kumo Tent 2',
      handle: 'kumo-tent-2',
      url: 'https://kumo-outdoor.example/products/kumo-tent-2',
      image: { src: 'https://cdn.kumo-outdoor.example/kumo-tent-2.jpg' },
      body_html: '<p>A light tent for two people. Waterproof flysheet, 1.9 kg.</p>',
      product_type: 'Tents',
      variants: [{ id: 44011, title: 'Moss', price: '32000', compare_at_price: '36000', available: true }],
    },
    {
      title: 'Kumo Tent 4',
      handle: 'kumo-tent-4',
      url: 'https://kumo-outdoor.example/products/kumo-tent-4',
      image: { src: 'https://cdn.kumo-outdoor.example/kumo-tent-4.jpg' },
      body_html: '<p>A family tent for four people. Waterproof, 4.8 kg.</p>',
      product_type: 'Tents',
      variants: [{ id: 44021, title: 'Default Title', price: '54000', available: true }],
    },
    {
      title: 'Hoshi Sleeping Bag with Hydrophobic Goose Down Fill and Two-Way Zip for Alpine Winter Nights',
      handle: 'hoshi-sleeping-bag',
      url: 'https://kumo-outdoor.example/products/hoshi-sleeping-bag',
      // An image the platforms would not fetch (not https): the card goes without it.
      image: { src: 'http://cdn.kumo-outdoor.example/hoshi.jpg' },
      body_html: '<p>Down sleeping bag, comfort rating 0°C.</p>',
      product_type: 'Sleeping bags',
      variants: [{ id: 44031, title: 'Default Title', price: '18000', available: false }],
    },
  ],
};

/**
 * One answer, rendered per channel (issue 32 §3): the same product question over LINE, Messenger,
 * Instagram and WhatsApp reaches each platform as its native message (a Flex carousel, a generic
 * template, an interactive list), each checked by the fakes against the platform's documented
 * schema and limits; the "Talk to a person" quick reply, tapped, hands the thread to a person; a
 * person's reply and a reply outside the standard window are plain text.
 */
describe('native messages per channel', () => {
  let t: TestApp;
  let line: FakeLineApi;
  let graph: FakeGraphApi;
  let owner: TestViewer;
  let lineChannel: FakeLineChannel;
  let assistantId: string;

  beforeAll(async () => {
    line = await startFakeLineApi();
    graph = await startFakeGraphApi();
    graph.pages = [{ id: PAGE, name: 'Kumo Outdoor', instagram: { id: INSTAGRAM, username: 'kumo.outdoor' } }];
    graph.whatsappAccounts = [{ id: WABA, numbers: [{ id: PHONE, displayPhoneNumber: '+1 555-000-2121', verifiedName: 'Kumo Outdoor' }] }];
    t = await createTestApp({ ...line.env(), ...graph.env(), DEFAULT_MODEL: 'local:extractive' });
    const user = await createVerifiedUser(t, { email: 'owner@kumo-native.test' });
    owner = { email: user.email, access: user.access, isStaff: false };
    assistantId = await createSellingAssistant(t, owner, CATALOG);
    lineChannel = line.addChannel('Kumo Outdoor');
    await connectLine(t, line, owner, lineChannel, assistantId);
    await connectMetaAccount(t, graph, owner, 'messenger', assistantId);
    await connectMetaAccount(t, graph, owner, 'instagram', assistantId);
    await connectMetaAccount(t, graph, owner, 'whatsapp', assistantId);
  });
  afterAll(async () => {
    await t.close();
    await line.close();
    await graph.close();
  });

  const threadOf = async (origin: string, user: string) =>
    (await channelThreads(t, origin)).find((conversation) => conversation.thread.channelUserId === user);
  const graphSendsTo = (to: string) =>
    graph.sends.filter((sent) => (sent.body.recipient as { id?: string } | undefined)?.id === to || sent.body.to === to);
  const messenger = (from: string, text: string) =>
    postMetaWebhook(t, 'messenger', messagingPayload('page', [{ id: PAGE, events: [textEvent({ to: PAGE, from, text })] }]));

  it('sends a LINE customer the answer, a Flex carousel of the products it names, and the quick reply that hands over', async () => {
    const userId = lineUserId();
    const replyToken = line.replyTokenFor(lineChannel);
    await postLineWebhook(t, lineChannel, [lineMessageEvent({ userId, text: 'Which tents do you have?', replyToken })]);
    const sent = await eventually(() => line.delivered().find((entry) => entry.target === replyToken), 20_000, 'the LINE reply');
    expect(sent.kind).toBe('reply');
    const [text, flex, ...more] = sent.messages;
    expect(more).toEqual([]);
    expect(text?.type).toBe('text');
    expect(text?.text).toContain('Kumo Tent 2');
    expect(text?.quickReply).toBeUndefined();
    expect(flex).toMatchObject({ type: 'flex', altText: 'Kumo Tent 2, Kumo Tent 4', contents: { type: 'carousel' } });
    const carousel = flex?.contents as { contents: LineBubble[] } | undefined;
    expect((carousel?.contents ?? []).map(bubbleFacts)).toEqual([
      {
        title: 'Kumo Tent 2',
        prices: ['¥32,000', '¥36,000'],
        image: 'https://cdn.kumo-outdoor.example/kumo-tent-2.jpg',
        button: { type: 'uri', label: 'View', uri: 'https://kumo-outdoor.example/products/kumo-tent-2' },
      },
      {
        title: 'Kumo Tent 4',
        prices: ['¥54,000'],
        image: 'https://cdn.kumo-outdoor.example/kumo-tent-4.jpg',
        button: { type: 'uri', label: 'View', uri: 'https://kumo-outdoor.example/products/kumo-tent-4' },
      },
    ]);
    // The sale's earlier price is struck through beside the price.
    expect(JSON.stringify(flex)).toContain('"text":"¥36,000","size":"xs","color":"#8c8c8c","decoration":"line-through"');
    expect(flex?.quickReply?.items).toEqual([
      { type: 'action', action: { type: 'message', label: 'Talk to a person', text: 'Talk to a person' } },
    ]);

    // Tapping the quick reply sends its text as the customer's message: the thread goes to a person.
    const tapToken = line.replyTokenFor(lineChannel);
    await postLineWebhook(t, lineChannel, [lineMessageEvent({ userId, text: 'Talk to a person', replyToken: tapToken })]);
    const handedOver = await eventually(() => line.delivered().find((entry) => entry.target === tapToken), 20_000, 'the handoff');
    expect(handedOver.messages).toEqual([{ type: 'text', text: HANDOFF_TEXT }]);
    expect((await threadOf('line', userId))?.thread).toMatchObject({ needsHuman: true, needsHumanReason: 'asked' });
  });

  it('sends a Messenger customer the answer, then a generic template with the quick reply; a tapped quick reply hands over', async () => {
    await messenger('psid-tents', 'Which tents do you have?');
    const sends = await eventually(() => (graphSendsTo('psid-tents').length >= 2 ? graphSendsTo('psid-tents') : null), 20_000, 'two sends');
    expect(sends.map((sent) => sent.status)).toEqual([200, 200]);
    const [text, template] = sends.map((sent) => sent.body.message as GqlData);
    expect(Object.keys(text ?? {})).toEqual(['text']);
    expect(text?.text).toContain('Kumo Tent 2');
    expect(template?.attachment).toEqual({ type: 'template', payload: { template_type: 'generic', elements: TENT_ELEMENTS } });
    expect(template?.quick_replies).toEqual([{ content_type: 'text', title: 'Talk to a person', payload: 'say:Talk to a person' }]);

    const [quick] = (template?.quick_replies ?? []) as { title: string; payload: string }[];
    await postMetaWebhook(
      t,
      'messenger',
      messagingPayload('page', [
        { id: PAGE, events: [quickReplyEvent({ to: PAGE, from: 'psid-tents', title: quick?.title ?? '', payload: quick?.payload ?? '' })] },
      ]),
    );
    await eventually(() => graph.delivered().some((sent) => sent.to === 'psid-tents' && sent.text === HANDOFF_TEXT), 20_000, 'the handoff');
    expect(graphSendsTo('psid-tents').at(-1)?.body.message).toEqual({ text: HANDOFF_TEXT });
    expect((await threadOf('messenger', 'psid-tents'))?.thread).toMatchObject({ needsHuman: true, needsHumanReason: 'asked' });
  });

  it('sends an Instagram customer the same generic template and quick reply', async () => {
    const ask = (text: string, extra: Record<string, unknown> = {}) =>
      postMetaWebhook(
        t,
        'instagram',
        messagingPayload('instagram', [
          { id: INSTAGRAM, events: [{ ...textEvent({ to: INSTAGRAM, from: 'igsid-tents', text }), ...extra }] },
        ]),
      );
    await ask('Which tents do you have?');
    const sends = await eventually(
      () => (graphSendsTo('igsid-tents').length >= 2 ? graphSendsTo('igsid-tents') : null),
      20_000,
      'two sends',
    );
    expect(sends.map((sent) => [sent.senderId, sent.status])).toEqual([
      [PAGE, 200],
      [PAGE, 200],
    ]);
    const template = sends[1]?.body.message as GqlData;
    expect(template.attachment.payload.elements).toEqual(TENT_ELEMENTS);
    // Instagram takes web_url and postback buttons only: the cards' buttons are web_url.
    expect(TENT_ELEMENTS.flatMap((element) => element.buttons.map((button) => button.type))).toEqual(['web_url', 'web_url']);
    expect(template.quick_replies).toEqual([{ content_type: 'text', title: 'Talk to a person', payload: 'say:Talk to a person' }]);

    await postMetaWebhook(
      t,
      'instagram',
      messagingPayload('instagram', [
        {
          id: INSTAGRAM,
          events: [quickReplyEvent({ to: INSTAGRAM, from: 'igsid-tents', title: 'Talk to a person', payload: 'say:Talk to a person' })],
        },
      ]),
    );
    await eventually(
      () => graph.delivered().some((sent) => sent.to === 'igsid-tents' && sent.text === HANDOFF_TEXT),
      20_000,
      'the handoff',
    );
    expect((await threadOf('instagram', 'igsid-tents'))?.thread).toMatchObject({ needsHuman: true, needsHumanReason: 'asked' });
  });

  it('sends a WhatsApp customer an interactive list; a tapped row asks about its product, a tapped button hands over', async () => {
    const customer = '15550002121';
    await postMetaWebhook(
      t,
      'whatsapp',
      whatsappMessagesPayload({ wabaId: WABA, phoneNumberId: PHONE, messages: [{ from: customer, text: 'Which tents do you have?' }] }),
    );
    const [list] = await eventually(() => (graphSendsTo(customer).length ? graphSendsTo(customer) : null), 20_000, 'the list');
    expect(list?.status).toBe(200);
    expect(list?.body).toMatchObject({ messaging_product: 'whatsapp', to: customer, type: 'interactive' });
    const interactive = list?.body.interactive as GqlData;
    expect(interactive.type).toBe('list');
    expect(interactive.body.text).toContain('Kumo Tent 2');
    expect(interactive.action).toEqual({
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
    });

    // A tapped row is the customer asking about that product: one product, with its image, price and page.
    await postMetaWebhook(
      t,
      'whatsapp',
      whatsappInteractivePayload({
        wabaId: WABA,
        phoneNumberId: PHONE,
        from: customer,
        reply: { kind: 'list_reply', id: 'say:Kumo Tent 4', title: 'Kumo Tent 4', description: '¥54,000' },
      }),
    );
    const card = await eventually(() => (graphSendsTo(customer).length >= 2 ? graphSendsTo(customer)[1] : null), 20_000, 'the card');
    expect(card.status).toBe(200);
    const buttons = card.body.interactive as GqlData;
    expect(buttons).toMatchObject({
      type: 'button',
      header: { type: 'image', image: { link: 'https://cdn.kumo-outdoor.example/kumo-tent-4.jpg' } },
      action: { buttons: [{ type: 'reply', reply: { id: 'say:Talk to a person', title: 'Talk to a person' } }] },
    });
    expect(buttons.body.text).toContain('Kumo Tent 4\n¥54,000\nhttps://kumo-outdoor.example/products/kumo-tent-4');
    expect((await threadOf('whatsapp', customer))?.messages.filter((m) => m.senderType === 'user').map((m) => m.content)).toEqual([
      'Which tents do you have?',
      'Kumo Tent 4',
    ]);

    await postMetaWebhook(
      t,
      'whatsapp',
      whatsappInteractivePayload({
        wabaId: WABA,
        phoneNumberId: PHONE,
        from: customer,
        reply: { kind: 'button_reply', id: 'say:Talk to a person', title: 'Talk to a person' },
      }),
    );
    const handedOver = await eventually(
      () => (graphSendsTo(customer).length >= 3 ? graphSendsTo(customer)[2] : null),
      20_000,
      'the handoff',
    );
    expect(handedOver.body).toMatchObject({ type: 'text', text: { body: HANDOFF_TEXT } });
    expect((await threadOf('whatsapp', customer))?.thread).toMatchObject({ needsHuman: true, needsHumanReason: 'asked' });
  });

  it('fits a long title and drops an image that is not https, on every channel', async () => {
    const question = 'Which sleeping bags do you have?';
    const userId = lineUserId();
    const replyToken = line.replyTokenFor(lineChannel);
    await postLineWebhook(t, lineChannel, [lineMessageEvent({ userId, text: question, replyToken })]);
    await messenger('psid-bag', question);
    const customer = '15550003131';
    await postMetaWebhook(
      t,
      'whatsapp',
      whatsappMessagesPayload({ wabaId: WABA, phoneNumberId: PHONE, messages: [{ from: customer, text: question }] }),
    );

    const fromLine = await eventually(() => line.delivered().find((entry) => entry.target === replyToken), 20_000, 'the LINE reply');
    const bubble = fromLine.messages[1]?.contents as unknown as LineBubble;
    expect(bubble.type).toBe('bubble');
    expect(bubble.hero).toBeUndefined();
    expect(bubbleFacts(bubble)).toMatchObject({ title: LONG_TITLE, prices: ['¥18,000'], image: null });
    expect(JSON.stringify(bubble)).toContain('"text":"Sold out"');

    const sends = await eventually(() => (graphSendsTo('psid-bag').length >= 2 ? graphSendsTo('psid-bag') : null), 20_000, 'two sends');
    const template = sends[1]?.body.message as GqlData | undefined;
    const element = (template?.attachment.payload.elements ?? [])[0] as GqlData;
    expect(element.title.length).toBeLessThanOrEqual(80);
    expect(element.title.endsWith('…')).toBe(true);
    expect(LONG_TITLE.startsWith(element.title.slice(0, -1))).toBe(true);
    expect(element.image_url).toBeUndefined();
    expect(element.subtitle).toBe('¥18,000 · Sold out');

    const [wa] = await eventually(() => (graphSendsTo(customer).length ? graphSendsTo(customer) : null), 20_000, 'the WhatsApp reply');
    expect(wa?.status).toBe(200);
    const interactive = wa?.body.interactive as GqlData;
    expect(interactive.type).toBe('button');
    expect(interactive.header).toBeUndefined();
    expect(interactive.body.text).toContain(`${LONG_TITLE}\n¥18,000 · Sold out\nhttps://kumo-outdoor.example/products/hoshi-sleeping-bag`);
  });

  it('sends a person’s reply as text alone, and outside the 24 hours only a tagged text', async () => {
    await messenger('psid-person', 'Which tents do you have?');
    await eventually(() => graphSendsTo('psid-person').length >= 2, 20_000, 'the bot’s reply');
    const threadId = (await threadOf('messenger', 'psid-person'))?.thread.id as string;
    expect(
      (await post(t, owner, '/api/messenger/user_reply/', { sharedThreadId: threadId, content: 'Hi, Aki here: both are in stock.' }))
        .status,
    ).toBe(201);
    await eventually(() => graphSendsTo('psid-person').length === 3, 20_000, 'the person’s reply');
    expect(graphSendsTo('psid-person')[2]?.body).toMatchObject({
      messaging_type: 'RESPONSE',
      message: { text: 'Hi, Aki here: both are in stock.' },
    });

    // Past the 24 hours only a person may write (HUMAN_AGENT), and only text.
    await t.services.db
      .update(sharedThreads)
      .set({ lastVisitorMessageAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(sharedThreads.id, threadId));
    expect(
      (await post(t, owner, '/api/messenger/user_reply/', { sharedThreadId: threadId, content: 'The Kumo Tent 2 is back.' })).status,
    ).toBe(201);
    await eventually(() => graphSendsTo('psid-person').length === 4, 20_000, 'the tagged reply');
    expect(graphSendsTo('psid-person')[3]?.body).toEqual({
      recipient: { id: 'psid-person' },
      messaging_type: 'MESSAGE_TAG',
      tag: 'HUMAN_AGENT',
      message: { text: 'The Kumo Tent 2 is back.' },
    });

    // LINE and WhatsApp: a person's reply is a text message too.
    const userId = lineUserId();
    const replyToken = line.replyTokenFor(lineChannel);
    await postLineWebhook(t, lineChannel, [lineMessageEvent({ userId, text: 'Which tents do you have?', replyToken })]);
    await eventually(() => line.delivered().some((entry) => entry.target === replyToken), 20_000, 'the LINE reply');
    const lineThread = (await threadOf('line', userId))?.thread.id as string;
    expect(
      (await post(t, owner, '/api/line/user_reply/', { sharedThreadId: lineThread, content: 'Aki here, happy to help.' })).status,
    ).toBe(201);
    const pushed = await eventually(() => line.delivered().find((entry) => entry.target === userId), 20_000, 'the pushed reply');
    expect(pushed).toMatchObject({ kind: 'push', messages: [{ type: 'text', text: 'Aki here, happy to help.' }] });

    const customer = '15550004141';
    await postMetaWebhook(
      t,
      'whatsapp',
      whatsappMessagesPayload({ wabaId: WABA, phoneNumberId: PHONE, messages: [{ from: customer, text: 'Which tents do you have?' }] }),
    );
    await eventually(() => graphSendsTo(customer).length === 1, 20_000, 'the bot’s list');
    const waThread = (await threadOf('whatsapp', customer))?.thread.id as string;
    expect((await post(t, owner, '/api/whatsapp/user_reply/', { sharedThreadId: waThread, content: 'Aki here.' })).status).toBe(201);
    await eventually(() => graphSendsTo(customer).length === 2, 20_000, 'the person’s reply');
    expect(graphSendsTo(customer)[1]?.body).toMatchObject({ type: 'text', text: { body: 'Aki here.' } });
  });

  it('falls back to the text alone when a platform refuses the native message', async () => {
    // LINE refuses the reply and the push of the carousel: the text goes alone.
    line.failNext(
      { status: 400, message: 'A message (messages[1]) in the request body is invalid' },
      { status: 400, message: 'A message (messages[1]) in the request body is invalid' },
    );
    const userId = lineUserId();
    const replyToken = line.replyTokenFor(lineChannel);
    await postLineWebhook(t, lineChannel, [lineMessageEvent({ userId, text: 'Which tents do you have?', replyToken })]);
    const sent = await eventually(() => line.delivered().find((entry) => entry.target === replyToken), 20_000, 'the text');
    expect(sent.messages).toHaveLength(1);
    expect(sent.messages[0]?.type).toBe('text');
    expect(sent.messages[0]?.text).toContain('Kumo Tent 2');

    // WhatsApp refuses the list (a 400 invalid parameter): the answer goes as a text message.
    graph.failNext({ status: 400, error: { message: '(#131009) Parameter value is not valid', type: 'OAuthException', code: 131009 } });
    const customer = '15550005151';
    await postMetaWebhook(
      t,
      'whatsapp',
      whatsappMessagesPayload({ wabaId: WABA, phoneNumberId: PHONE, messages: [{ from: customer, text: 'Which tents do you have?' }] }),
    );
    await eventually(() => graphSendsTo(customer).length === 2, 20_000, 'the fallback');
    const [refused, text] = graphSendsTo(customer);
    expect(refused).toMatchObject({ status: 400, body: { type: 'interactive' } });
    expect(text).toMatchObject({ status: 200, body: { type: 'text' } });
    expect((text?.body.text as { body: string } | undefined)?.body).toContain('Kumo Tent 2');
    const stored = (await threadOf('whatsapp', customer))?.messages.at(-1);
    expect(stored).toMatchObject({ senderType: 'assistant', deliveryStatus: 'sent' });
  });
});

const LONG_TITLE = 'Hoshi Sleeping Bag with Hydrophobic Goose Down Fill and Two-Way Zip for Alpine Winter Nights';

/** The generic template elements both Meta channels get for the two tents. */
const TENT_ELEMENTS = [
  {
    title: 'Kumo Tent 2',
    subtitle: '¥32,000 · Was ¥36,000',
    image_url: 'https://cdn.kumo-outdoor.example/kumo-tent-2.jpg',
    default_action: { type: 'web_url', url: 'https://kumo-outdoor.example/products/kumo-tent-2' },
    buttons: [{ type: 'web_url', url: 'https://kumo-outdoor.example/products/kumo-tent-2', title: 'View' }],
  },
  {
    title: 'Kumo Tent 4',
    subtitle: '¥54,000',
    image_url: 'https://cdn.kumo-outdoor.example/kumo-tent-4.jpg',
    default_action: { type: 'web_url', url: 'https://kumo-outdoor.example/products/kumo-tent-4' },
    buttons: [{ type: 'web_url', url: 'https://kumo-outdoor.example/products/kumo-tent-4', title: 'View' }],
  },
];

interface LineBubble {
  type: string;
  hero?: { url: string };
  body: { contents: { type: string; text?: string; contents?: { text: string }[] }[] };
  footer?: { contents: { action: unknown }[] };
}

/** What a shopper sees on a bubble: its title, its prices, its image and its button. */
function bubbleFacts(bubble: LineBubble) {
  const [title, prices] = bubble.body.contents;
  return {
    title: title?.text,
    prices: prices?.type === 'box' ? (prices.contents ?? []).map((price) => price.text) : [],
    image: bubble.hero?.url ?? null,
    button: bubble.footer?.contents[0]?.action ?? null,
  };
}
