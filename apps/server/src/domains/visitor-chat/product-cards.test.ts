import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssistant } from '../../testing/assistants';
import { type GqlData, gql, type TestViewer } from '../../testing/graphql-client';
import { createStore, post, uploadFiles, waitForFiles } from '../../testing/knowledge';
import { MESSAGE_FIELDS, parseEvents, shareAssistant, visitor } from '../../testing/sharing-test-client';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser } from '../../testing/users';

/** A Shopify-style product list (as the catalog sync writes it): variant ids, images, sale prices. */
const products = {
  currency: 'JPY',
  products: [
    {
      title: 'Kumo Tent 2',
      handle: 'kumo-tent-2',
      url: 'https://kumo-outdoor.example/products/kumo-tent-2',
      image: { src: 'https://cdn.kumo-outdoor.example/kumo-tent-2.jpg' },
      body_html: '<p>A light tent for two people. Waterproof flysheet, 1.9 kg.</p>',
      product_type: 'Tents',
      options: [{ name: 'Color', values: ['Moss', 'Sand'] }],
      variants: [
        {
          id: 'gid://shopify/ProductVariant/44011',
          title: 'Moss',
          option1: 'Moss',
          price: '32000',
          compare_at_price: '36000',
          available: true,
        },
        { id: 'gid://shopify/ProductVariant/44012', title: 'Sand', option1: 'Sand', price: '32000', available: false },
      ],
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
      title: 'Hoshi Sleeping Bag',
      handle: 'hoshi-sleeping-bag',
      url: 'https://kumo-outdoor.example/products/hoshi-sleeping-bag',
      body_html: '<p>Down sleeping bag, comfort rating 0°C.</p>',
      product_type: 'Sleeping bags',
      variants: [{ id: 44031, title: 'Default Title', price: '18000', available: true }],
    },
  ],
};

/** A Bangkok skincare shop's list, in Thai, in baht (a CSV-like JSON without variant ids: cards link, no cart). */
const thaiProducts = {
  currency: 'THB',
  products: [
    {
      title: 'ครีมกันแดดใบบัว SPF50',
      url: 'https://baibua.example/products/sunscreen-spf50',
      image: 'https://cdn.baibua.example/sunscreen-50.jpg',
      description: 'ครีมกันแดดเนื้อบางเบา กันน้ำ เหมาะกับผิวแพ้ง่าย',
      product_type: 'ครีมกันแดด',
      price: '590',
    },
    {
      title: 'ครีมกันแดดใบบัว สูตรเด็ก',
      url: 'https://baibua.example/products/sunscreen-kids',
      image: 'https://cdn.baibua.example/sunscreen-kids.jpg',
      description: 'ครีมกันแดดสำหรับเด็ก อ่อนโยน ไม่มีน้ำหอม',
      product_type: 'ครีมกันแดด',
      price: '450',
      compare_at_price: '520',
    },
    { title: 'โทนเนอร์ใบบัว', description: 'โทนเนอร์สำหรับผิวมัน', product_type: 'โทนเนอร์', price: '390' },
  ],
};

describe('product cards on answers that name the store’s products', () => {
  let t: TestApp;
  let owner: TestViewer;
  let assistantId: string;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({
      DEFAULT_MODEL: 'local:extractive',
      SHARED_CHAT_VISITOR_RATE_LIMIT: '1000',
      SHARED_CHAT_READ_RATE_LIMIT: '1000',
    });
    const user = await createVerifiedUser(t, { email: 'owner@kumo-outdoor.test' });
    owner = { email: user.email, access: user.access, isStaff: false };
    const storeId = await createStore(t, owner, 'Catalog');
    const { fileIds } = await uploadFiles(t, owner, storeId, [
      { fileName: 'products.json', contentType: 'application/json', bytes: JSON.stringify(products) },
    ]);
    await waitForFiles(t, fileIds);
    assistantId = await createAssistant(t, owner, { model: 'local:extractive' });
    expect((await post(t, owner, '/api/assistant/store-add/', { assistantId, storeId })).status).toBe(201);
    token = (await shareAssistant(t, owner, assistantId)).shareToken.token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives a shopper the products the answer names as cards, with the "Talk to a person" quick reply, in the reply, the stream and the history', async () => {
    const first = await visitor(t, 'message', { token, message: 'Which tents do you have?' });
    expect(first.status).toBe(200);
    const reply = first.body.reply;
    const cards = reply.products as GqlData[];
    expect(cards.map((card) => card.title)).toEqual(expect.arrayContaining(['Kumo Tent 2', 'Kumo Tent 4']));
    expect(cards.map((card) => card.title)).not.toContain('Hoshi Sleeping Bag');
    for (const card of cards) expect(reply.content).toContain(card.title);
    const two = cards.find((card) => card.title === 'Kumo Tent 2');
    expect(two).toMatchObject({
      url: 'https://kumo-outdoor.example/products/kumo-tent-2',
      image: 'https://cdn.kumo-outdoor.example/kumo-tent-2.jpg',
      price: '32000',
      compareAtPrice: '36000',
      currency: 'JPY',
      available: true,
    });
    expect(two?.variants.map((variant: GqlData) => [variant.id, variant.title, variant.available])).toEqual([
      ['44011', 'Moss', true],
      ['44012', 'Sand', false],
    ]);
    expect(reply.quickReplies).toEqual([{ kind: 'handoff', label: 'Talk to a person', text: 'Talk to a person' }]);

    const { sharedThreadId, visitorToken } = first.body;
    const streamed = await t.app.inject({
      method: 'POST',
      url: '/api/shared-chat/stream/',
      payload: { token, message: 'Tell me about the Hoshi Sleeping Bag', sharedThreadId, visitorToken },
    });
    const done = parseEvents(streamed.body).find((event) => event.event === 'done');
    expect(((done?.data.reply.products ?? []) as GqlData[]).map((card) => card.title)).toEqual(['Hoshi Sleeping Bag']);
    expect(done?.data.reply.products[0].image).toBeNull();

    const history = await visitor(t, 'thread', { token, sharedThreadId, visitorToken });
    const replies = (history.body.messages as GqlData[]).filter((message) => message.senderType === 'assistant');
    expect(replies.map((message) => (message.products as GqlData[]).length)).toEqual([cards.length, 1]);

    // The owner's inbox has what the shopper saw, stored with the reply.
    const inbox = await gql(
      t,
      owner,
      `query($id: ID!) { sharedMessagesBySharedThreadID(sharedThreadID: $id) { items { ${MESSAGE_FIELDS} } } }`,
      {
        id: sharedThreadId,
      },
    );
    const stored = ((inbox.data?.sharedMessagesBySharedThreadID.items ?? []) as GqlData[]).filter((m) => m.senderType === 'assistant');
    expect(stored.map((message) => JSON.parse(message.llmUsage).products.length).sort()).toEqual([1, cards.length].sort());
  });

  it('hands the thread to a person when the shopper taps the quick reply, in their language', async () => {
    const asked = await visitor(t, 'message', { token, message: 'テントはありますか？' });
    expect(asked.status).toBe(200);
    const quick = asked.body.reply.quickReplies as { text: string; label: string }[];
    expect(quick).toEqual([{ kind: 'handoff', label: '担当者と話したい', text: '担当者と話したい' }]);
    const { sharedThreadId, visitorToken } = asked.body;
    const tapped = await visitor(t, 'message', { token, message: quick[0]?.text, sharedThreadId, visitorToken });
    expect(tapped.body.reply.content).toContain('スタッフに対応を依頼しました');
    expect(tapped.body.reply.quickReplies).toBeUndefined();
  });

  it('lists a Thai shop’s products of a kind as cards in baht, with the quick reply in Thai', async () => {
    const thai = await createVerifiedUser(t, { email: 'owner@baibua.test' });
    const thaiOwner = { email: thai.email, access: thai.access, isStaff: false };
    const storeId = await createStore(t, thaiOwner, 'สินค้า');
    const { fileIds } = await uploadFiles(t, thaiOwner, storeId, [
      { fileName: 'สินค้า.json', contentType: 'application/json', bytes: JSON.stringify(thaiProducts) },
    ]);
    await waitForFiles(t, fileIds);
    const thaiAssistant = await createAssistant(t, thaiOwner, { model: 'local:extractive' });
    expect((await post(t, thaiOwner, '/api/assistant/store-add/', { assistantId: thaiAssistant, storeId })).status).toBe(201);
    const thaiToken = (await shareAssistant(t, thaiOwner, thaiAssistant)).shareToken.token;

    const asked = await visitor(t, 'message', { token: thaiToken, message: 'มีครีมกันแดดแบบไหนบ้างคะ' });
    expect(asked.status).toBe(200);
    const cards = asked.body.reply.products as GqlData[];
    expect(cards.map((card) => card.title).sort()).toEqual(['ครีมกันแดดใบบัว SPF50', 'ครีมกันแดดใบบัว สูตรเด็ก'].sort());
    expect(cards.find((card) => card.title.includes('สูตรเด็ก'))).toMatchObject({
      price: '450',
      compareAtPrice: '520',
      currency: 'THB',
      image: 'https://cdn.baibua.example/sunscreen-kids.jpg',
    });
    // No variant ids in this list: nothing a cart could take.
    expect(cards.flatMap((card) => card.variants.map((variant: GqlData) => variant.id))).toEqual([null, null]);
    expect(asked.body.reply.quickReplies).toEqual([{ kind: 'handoff', label: 'ขอคุยกับพนักงาน', text: 'ขอคุยกับพนักงาน' }]);
  });

  it('shows the owner the same cards in their own chat (streamed), without the quick reply', async () => {
    const thread = await post(t, owner, '/api/thread/create/', { assistantId });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chat/message/',
      headers: { authorization: `Bearer ${owner.access}`, accept: 'text/event-stream' },
      payload: { threadId: thread.body?.id, content: 'Do you sell the Kumo Tent 4?' },
    });
    const events = parseEvents(res.body);
    const shown = events.find((event) => event.event === 'products')?.data as unknown as GqlData[];
    expect(shown.map((card) => card.title)).toEqual(['Kumo Tent 4']);
    const done = events.find((event) => event.event === 'done');
    expect(done?.data.reply.llmUsage.products.map((card: GqlData) => card.title)).toEqual(['Kumo Tent 4']);
    expect(done?.data.reply.llmUsage.quickReplies).toBeUndefined();
  });
});
