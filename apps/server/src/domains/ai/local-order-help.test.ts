import { ORDER_TOOL_NAMES } from '@aisle/contracts/commerce';
import { generateText, isStepCount, jsonSchema, type ModelMessage, type ToolSet, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { parseDocument, termsOf } from '../knowledge';
import { languageModelFor } from './language-model';
import type { RetrievedPassage } from './local-answer';
import { orderResultText } from './local-order-help';
import type { StoredProduct } from './local-product-answer';
import { parseAddress } from './order-details';
import { orderIntentOf } from './order-intents';
import type { ShopperLanguage } from './shopper-language';

/**
 * The built-in model in order conversations: the built-in order tools offered as a connected
 * Shopify store offers them (names from the contracts, inputs and outcomes as the order tools
 * take and return them), the tools answering with recorded outcomes, and the shopper writing in
 * their own language across several messages.
 */

const passages: RetrievedPassage[] = [
  {
    id: 'p-returns',
    fileName: 'faq.md',
    heading: 'Help centre › Returns',
    text: 'Our return policy: you can return any unworn item within 30 days of delivery for a full refund.',
    score: 1,
  },
];
const retrieve = async (query: string) => {
  const wanted = new Set(termsOf(query));
  return passages.filter((passage) => termsOf(passage.text).some((term) => wanted.has(term)));
};

async function shopProducts(): Promise<StoredProduct[]> {
  const csv = ['name,price,colors,description', 'Linen Shirt,$59.00,"Blue, White",A breathable linen shirt.'].join('\n');
  const { blocks } = await parseDocument({ fileName: 'products.csv', contentType: 'text/csv', bytes: Buffer.from(csv), currency: 'USD' });
  return blocks.flatMap((block, index) =>
    block.product ? [{ passageId: `p${index}`, fileName: 'products.csv', record: block.product }] : [],
  );
}

type Outcome = Record<string, unknown>;
type Respond = (input: Record<string, unknown>) => Outcome;

const ORDER = {
  name: '#1001',
  placedAt: '2026-03-01T10:00:00Z',
  financialStatus: 'PAID',
  fulfillmentStatus: 'FULFILLED',
  cancelled: false,
  items: [{ title: 'Linen Shirt', quantity: 2 }],
  tracking: [
    {
      status: 'IN_TRANSIT',
      company: 'Yamato Transport',
      number: '4567-8901-2345',
      url: 'https://track.example.com/yamato?no=456789012345&lang=ja',
    },
  ],
};
const TRACKING_URL = 'https://track.example.com/yamato?no=456789012345&lang=ja';
const CODE = '482913';

const identity = {
  orderNumber: { type: 'string', description: 'The order number, e.g. #1001' },
  contact: { type: 'string', description: 'The e-mail address or phone number the order was placed with' },
};
const codeProperty = { code: { type: 'string', description: 'The 6-digit code sent to the order’s e-mail' } };
const addressProperty = {
  address: {
    type: 'object',
    properties: {
      address1: { type: 'string' },
      address2: { type: 'string' },
      city: { type: 'string' },
      province: { type: 'string' },
      zip: { type: 'string' },
      country: { type: 'string' },
    },
    required: ['address1', 'city', 'zip', 'country'],
  },
};
const SCHEMAS: Record<string, { description: string; properties: Record<string, unknown>; required: string[] }> = {
  [ORDER_TOOL_NAMES.status]: {
    description: 'Looks up an order’s status and tracking from its number and the e-mail or phone it was placed with.',
    properties: identity,
    required: ['orderNumber', 'contact'],
  },
  [ORDER_TOOL_NAMES.returns]: {
    description: 'Starts a return for an order after verifying the shopper with a one-time code.',
    properties: { ...identity, ...codeProperty, reason: { type: 'string' } },
    required: ['orderNumber', 'contact'],
  },
  [ORDER_TOOL_NAMES.addressChange]: {
    description: 'Changes the shipping address of an unfulfilled order after verifying the shopper with a one-time code.',
    properties: { ...identity, ...codeProperty, ...addressProperty },
    required: ['orderNumber', 'contact', 'address'],
  },
  [ORDER_TOOL_NAMES.resendConfirmation]: {
    description: 'Sends the order confirmation again after verifying the shopper with a one-time code.',
    properties: { ...identity, ...codeProperty },
    required: ['orderNumber', 'contact'],
  },
};

/** The order tools of a connected store; each answers with `respond` and records what it was called with. */
function orderTools(respond: Partial<Record<string, Respond>>, calls: { name: string; input: Record<string, unknown> }[]): ToolSet {
  return Object.fromEntries(
    Object.entries(respond).map(([name, answer]) => {
      const schema = SCHEMAS[name] as (typeof SCHEMAS)[string];
      return [
        name,
        tool({
          description: schema.description,
          inputSchema: jsonSchema<Record<string, unknown>>({
            type: 'object',
            properties: schema.properties,
            required: schema.required,
          } as never),
          execute: async (input: Record<string, unknown>) => {
            calls.push({ name, input });
            return (answer as Respond)(input);
          },
        }),
      ];
    }),
  );
}

/** The store's order tools answering as a store with order #1001 placed by ann@example.com would. */
function store(overrides: Partial<Record<string, Respond>> = {}) {
  const calls: { name: string; input: Record<string, unknown> }[] = [];
  const matches = (input: Record<string, unknown>) =>
    String(input.orderNumber).replace('#', '') === '1001' && ['ann@example.com', '09012345678'].includes(String(input.contact));
  const verified = (input: Record<string, unknown>, done: Outcome): Outcome => {
    if (!matches(input)) return { outcome: 'not_found' };
    if (input.code === undefined) return { outcome: 'code_sent', sentTo: 'a•••@example.com' };
    return input.code === CODE ? done : { outcome: 'code_wrong', triesLeft: 4 };
  };
  const respond: Partial<Record<string, Respond>> = {
    [ORDER_TOOL_NAMES.status]: (input) => (matches(input) ? { outcome: 'status', order: ORDER } : { outcome: 'not_found' }),
    [ORDER_TOOL_NAMES.returns]: (input) => verified(input, { outcome: 'done', action: 'return', order: ORDER, returnName: '#1001-R1' }),
    [ORDER_TOOL_NAMES.addressChange]: (input) => verified(input, { outcome: 'done', action: 'address', order: ORDER }),
    [ORDER_TOOL_NAMES.resendConfirmation]: (input) => verified(input, { outcome: 'done', action: 'confirmation', order: ORDER }),
    ...overrides,
  };
  for (const [name, answer] of Object.entries(overrides)) if (!answer) delete respond[name];
  return { tools: orderTools(respond, calls), calls };
}

/** A conversation with the built-in model: each message answered with the history so far, as the turn sends it (text only). */
function conversation(tools: ToolSet | undefined, products: StoredProduct[] = []) {
  const history: ModelMessage[] = [];
  const model = languageModelFor({}, 'local:extractive', { retrieve, products: async () => products });
  return async (message: string) => {
    history.push({ role: 'user', content: message });
    const result = await generateText({ model, messages: history, tools, stopWhen: isStepCount(3) });
    history.push({ role: 'assistant', content: result.text });
    return result.text;
  };
}

interface Case {
  lang: ShopperLanguage;
  whereIsMyOrder: string;
  asked: string;
  details: string;
  status: string;
  returnIt: string;
  askedReturn: string;
  codeSent: string;
  returned: string;
}

const CASES: Case[] = [
  {
    lang: 'en',
    whereIsMyOrder: 'Where is my order?',
    asked: 'I can check on your order. Please tell me your order number and the e-mail address (or phone number) you ordered with.',
    details: 'It’s #1001, ann@example.com',
    status: [
      'Order #1001 has shipped and is on its way.',
      'Items: Linen Shirt × 2.',
      'Carrier: Yamato Transport, tracking number 4567-8901-2345.',
      `Track it here: ${TRACKING_URL}`,
    ].join('\n'),
    returnIt: 'I want to return my order',
    askedReturn:
      'I can start a return for you. Please tell me your order number and the e-mail address (or phone number) you ordered with.',
    codeSent: "To make sure it's you, I've sent a 6-digit code to a•••@example.com. Please type the code here.",
    returned: "I've started a return for order #1001 (return #1001-R1). The shop will review it and contact you by e-mail.",
  },
  {
    lang: 'ja',
    whereIsMyOrder: '注文はどこですか？',
    asked: 'ご注文の状況をお調べします。注文番号と、ご注文時のメールアドレス（または電話番号）を教えてください。',
    details: '注文番号は#1001、メールは ann@example.com です',
    status: [
      'ご注文#1001は発送済みで、現在輸送中です。',
      'ご注文の商品：Linen Shirt ×2',
      '配送業者：Yamato Transport、お問い合わせ番号：4567-8901-2345',
      `配送状況はこちら：${TRACKING_URL}`,
    ].join('\n'),
    returnIt: '返品したいです',
    askedReturn: '返品のお手続きを承ります。注文番号と、ご注文時のメールアドレス（または電話番号）を教えてください。',
    codeSent: 'ご本人確認のため、a•••@example.com に6桁の確認コードをお送りしました。届いたコードをこちらに入力してください。',
    returned: 'ご注文#1001の返品を受け付けました（返品番号：#1001-R1）。ショップが内容を確認し、メールでご連絡します。',
  },
  {
    lang: 'th',
    whereIsMyOrder: 'พัสดุถึงไหนแล้วคะ',
    asked: 'ตรวจสอบสถานะคำสั่งซื้อให้ได้ค่ะ รบกวนแจ้งเลขที่คำสั่งซื้อ และอีเมล (หรือเบอร์โทรศัพท์) ที่ใช้สั่งซื้อด้วยค่ะ',
    details: 'เลขที่คำสั่งซื้อ 1001 อีเมล ann@example.com ค่ะ',
    status: [
      'คำสั่งซื้อ #1001 จัดส่งแล้ว และอยู่ระหว่างขนส่งค่ะ',
      'สินค้า: Linen Shirt × 2',
      'ขนส่ง: Yamato Transport เลขพัสดุ: 4567-8901-2345',
      `ติดตามพัสดุได้ที่: ${TRACKING_URL}`,
    ].join('\n'),
    returnIt: 'อยากคืนสินค้าค่ะ',
    askedReturn: 'ช่วยเริ่มเรื่องคืนสินค้าให้ได้ค่ะ รบกวนแจ้งเลขที่คำสั่งซื้อ และอีเมล (หรือเบอร์โทรศัพท์) ที่ใช้สั่งซื้อด้วยค่ะ',
    codeSent: 'เพื่อยืนยันตัวตน ได้ส่งรหัส 6 หลักไปที่ a•••@example.com แล้วค่ะ กรุณาพิมพ์รหัสที่ได้รับในแชทนี้ค่ะ',
    returned: 'เริ่มเรื่องคืนสินค้าของคำสั่งซื้อ #1001 แล้วค่ะ (เลขที่การคืนสินค้า #1001-R1) ร้านจะตรวจสอบและติดต่อกลับทางอีเมลค่ะ',
  },
  {
    lang: 'zh-Hant',
    whereIsMyOrder: '我的訂單到哪了？',
    asked: '我可以幫您查詢訂單狀態。請告訴我您的訂單編號和下單時使用的電子郵件（或電話號碼）。',
    details: '訂單編號 1001，email 是 ann@example.com',
    status: [
      '訂單 #1001 已出貨，正在運送中。',
      '商品：Linen Shirt × 2',
      '物流公司：Yamato Transport，追蹤編號：4567-8901-2345',
      `追蹤貨件：${TRACKING_URL}`,
    ].join('\n'),
    returnIt: '我要退貨',
    askedReturn: '我可以幫您申請退貨。請告訴我您的訂單編號和下單時使用的電子郵件（或電話號碼）。',
    codeSent: '為了確認是您本人，我已將 6 位數驗證碼寄到 a•••@example.com，請在這裡輸入驗證碼。',
    returned: '已為訂單 #1001 申請退貨（退貨編號：#1001-R1）。商店審核後會以電子郵件與您聯絡。',
  },
];

describe('the built-in model’s order help', () => {
  for (const c of CASES) {
    describe(`in ${c.lang}`, () => {
      it('asks for what is missing, then looks the order up with the details of a later message and tells its status and tracking link', async () => {
        const { tools, calls } = store();
        const say = conversation(tools);
        expect(await say(c.whereIsMyOrder)).toBe(c.asked);
        expect(calls).toEqual([]);
        const status = await say(c.details);
        expect(calls).toEqual([
          { name: 'order_status', input: { orderNumber: c.details.includes('#1001') ? '#1001' : '1001', contact: 'ann@example.com' } },
        ]);
        expect(status).toBe(c.status);
        expect(status).toContain(TRACKING_URL);
      });

      it('starts a return across three messages: the request, the details, the code (never repeated back)', async () => {
        const { tools, calls } = store();
        const say = conversation(tools);
        expect(await say(c.returnIt)).toBe(c.askedReturn);
        expect(await say(c.details)).toBe(c.codeSent);
        const returned = await say(CODE);
        expect(returned).toBe(c.returned);
        expect(returned).not.toContain(CODE);
        expect(calls.map((call) => call.name)).toEqual(['start_return', 'start_return']);
        expect(calls[0]?.input).not.toHaveProperty('code');
        expect(calls[1]?.input).toMatchObject({ contact: 'ann@example.com', code: CODE });
      });
    });
  }

  it('asks in Simplified Chinese, Indonesian, Vietnamese and Korean, and calls the tool once the details come', async () => {
    const sentences: [ShopperLanguage, string, string, string][] = [
      [
        'zh-Hans',
        '我的订单到哪了？',
        '我可以帮您查询订单状态。请告诉我您的订单号和下单时使用的邮箱（或手机号）。',
        '订单号 1001，邮箱 ann@example.com',
      ],
      [
        'id',
        'Kak, pesanan saya sudah sampai mana ya?',
        'Saya bisa cek status pesanan Anda. Mohon beri tahu nomor pesanan Anda dan email (atau nomor telepon) yang dipakai saat memesan.',
        'nomor pesanan 1001, email ann@example.com',
      ],
      [
        'vi',
        'Đơn hàng của tôi đang ở đâu vậy?',
        'Tôi có thể kiểm tra đơn hàng giúp bạn. Bạn vui lòng cho tôi biết mã đơn hàng và email (hoặc số điện thoại) bạn đã dùng khi đặt hàng.',
        'mã đơn hàng 1001, email ann@example.com',
      ],
      [
        'ko',
        '제 주문 배송 어디쯤인가요?',
        '주문 상태를 확인해 드릴게요. 다음을 알려 주세요: 주문번호, 주문 시 사용한 이메일 주소(또는 전화번호).',
        '주문번호 1001, 이메일 ann@example.com',
      ],
    ];
    for (const [lang, question, asked, details] of sentences) {
      const { tools, calls } = store();
      const say = conversation(tools);
      expect(await say(question), lang).toBe(asked);
      const answer = await say(details);
      expect(calls, lang).toEqual([{ name: 'order_status', input: { orderNumber: '1001', contact: 'ann@example.com' } }]);
      expect(answer, lang).toContain(TRACKING_URL);
      expect(answer, lang).toContain('#1001');
    }
    // The same request written other ways in each language.
    for (const request of ['我要退货', 'mau retur kak', 'tôi muốn đổi trả', '반품하고 싶어요']) {
      const { tools, calls } = store();
      const answer = await conversation(tools)(`${request} #1001 ann@example.com`);
      expect(
        calls.map((call) => call.name),
        request,
      ).toEqual(['start_return']);
      expect(answer, request).toContain('a•••@example.com');
    }
  });

  it('reads an order number in full-width digits, and takes a phone number as the contact', async () => {
    const { tools, calls } = store();
    const say = conversation(tools);
    await say('配送状況を確認したいです。注文番号：１００１');
    expect(calls).toEqual([]);
    const answer = await say('電話番号は 090-1234-5678 です');
    expect(calls).toEqual([{ name: 'order_status', input: { orderNumber: '1001', contact: '09012345678' } }]);
    expect(answer).toContain(TRACKING_URL);
  });

  it('asks for what is still missing only, in the language of the thread when a message has no words', async () => {
    const { tools, calls } = store();
    const say = conversation(tools);
    expect(await say('注文した商品がまだ届きません。注文番号は1001です')).toBe(
      'ご注文の状況をお調べします。ご注文時のメールアドレス（または電話番号）を教えてください。',
    );
    expect(await say('ann@example.com')).toContain('ご注文#1001は発送済み');
    expect(calls).toHaveLength(1);
  });

  it('says the same for a wrong e-mail as for no order, then answers once the right e-mail comes', async () => {
    const { tools, calls } = store();
    const say = conversation(tools);
    const wrongEmail = await say('Where is my order #1001? I ordered with bob@example.com');
    const noOrder = await conversation(store().tools)('Where is my order #9999? I ordered with ann@example.com');
    expect(wrongEmail).toBe(
      "There's no order matching that order number and e-mail address (or phone number). Please check both and try again.",
    );
    expect(noOrder).toBe(wrongEmail);
    expect(wrongEmail).not.toMatch(/Linen|Yamato|http/);
    const right = await say('Sorry, it is ann@example.com');
    expect(calls.at(-1)).toEqual({ name: 'order_status', input: { orderNumber: '#1001', contact: 'ann@example.com' } });
    expect(right).toContain(TRACKING_URL);
  });

  it('changes a shipping address read from free text, after the code', async () => {
    const { tools, calls } = store();
    const say = conversation(tools);
    expect(await say('住所変更したいです。注文番号 1001、ann@example.com')).toBe(
      'お届け先住所の変更を承ります。新しいお届け先の住所（郵便番号・都道府県・市区町村・番地・国）を教えてください。',
    );
    expect(await say('〒150-0001 東京都渋谷区神宮前1-2-3')).toContain('a•••@example.com に6桁の確認コード');
    expect(await say('482 913')).toBe('ご注文#1001のお届け先住所を変更しました。');
    expect(calls.at(-1)).toEqual({
      name: 'change_shipping_address',
      input: {
        orderNumber: '1001',
        contact: 'ann@example.com',
        code: CODE,
        address: { zip: '150-0001', province: '東京都', country: 'JP', city: '渋谷区', address1: '神宮前1-2-3' },
      },
    });
  });

  it('resends the confirmation, and asks again for a wrong code with the tries left', async () => {
    const { tools, calls } = store();
    const say = conversation(tools);
    expect(await say("I didn't get my order confirmation email. Order #1001, ann@example.com")).toContain('a•••@example.com');
    expect(await say('111111')).toBe("That code doesn't match. Please check it and type it again (tries left: 4).");
    expect(await say(CODE)).toBe("I've sent the confirmation of order #1001 again, to the e-mail address on the order.");
    expect(calls.map((call) => call.input.code)).toEqual([undefined, '111111', CODE]);
  });

  it('tells every outcome in the shopper’s language, from the tool’s own fields only', () => {
    const json = (value: Outcome) => ({ type: 'json' as const, value: value as never });
    const outcomes: Outcome[] = [
      { outcome: 'not_found' },
      { outcome: 'status', order: ORDER },
      { outcome: 'status', order: { ...ORDER, fulfillmentStatus: 'UNFULFILLED', tracking: [] } },
      { outcome: 'status', order: { ...ORDER, tracking: [{ ...ORDER.tracking[0], status: 'DELIVERED' }] } },
      { outcome: 'status', order: { ...ORDER, cancelled: true } },
      { outcome: 'code_sent', sentTo: 'a•••@example.com' },
      { outcome: 'code_wrong', triesLeft: 2 },
      { outcome: 'code_expired' },
      { outcome: 'too_many_tries' },
      { outcome: 'done', action: 'return', order: ORDER },
      { outcome: 'done', action: 'address', order: ORDER },
      { outcome: 'done', action: 'confirmation', order: ORDER },
      { outcome: 'not_possible', reason: 'outside_return_window' },
      { outcome: 'not_possible', reason: 'already_fulfilled' },
      { outcome: 'not_possible', reason: 'already_returned' },
      { outcome: 'not_possible', reason: 'cancelled' },
      { outcome: 'rate_limited', retryAfterMinutes: 15 },
      { outcome: 'unavailable' },
    ];
    const scripts: Record<ShopperLanguage, RegExp> = {
      en: /\bthe\b|\border\b|\bcode\b|\btries\b/i,
      ja: /[\p{Script=Hiragana}\p{Script=Katakana}]/u,
      th: /\p{Script=Thai}/u,
      'zh-Hant': /[訂單請這確認貨還經過]/u,
      'zh-Hans': /[订单请这确认货还经过]/u,
      id: /\b(pesanan|kode|silakan|coba)\b/i,
      vi: /[ạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹđ]/iu,
      ko: /\p{Script=Hangul}/u,
    };
    for (const lang of Object.keys(scripts) as ShopperLanguage[]) {
      const texts = outcomes.map((outcome) => orderResultText(json(outcome), lang));
      // Each outcome has its own words, in the shopper's language.
      expect(new Set(texts).size, lang).toBe(outcomes.length);
      for (const text of texts) expect(text, `${lang}: ${text}`).toMatch(scripts[lang]);
      expect(texts[5], lang).toContain('a•••@example.com');
      expect(texts[6], lang).toContain('2');
      expect(texts[16], lang).toContain('15');
      expect(texts[1], lang).toContain(TRACKING_URL);
      // Nothing the tool did not return: a not-found, a refusal or a failure names no order, item or address.
      for (const index of [0, 12, 13, 14, 15, 16, 17]) expect(texts[index], lang).not.toMatch(/#1001|Linen|Yamato|http/);
    }
    expect(orderResultText({ type: 'error-text', value: 'GraphQL error: access denied for orders' }, 'en')).toBe(
      "I can't reach the store's orders right now. Please try again later, or ask for a person and someone from the team will help.",
    );
    expect(orderResultText(json({ outcome: 'rate_limited', retryAfterMinutes: 1 }), 'en')).toBe(
      'There have been too many tries. Please try again in 1 minute.',
    );
  });

  it('leaves other questions to the shop’s knowledge and products', async () => {
    const { tools, calls } = store();
    const products = await shopProducts();
    const say = conversation(tools, products);
    expect(await say('What colors does the Linen Shirt come in?')).toMatch(/Blue/);
    expect(await say('What is your return policy?')).toBe(
      'Our return policy: you can return any unworn item within 30 days of delivery for a full refund.',
    );
    // In the middle of an order conversation too: a product question is a product question.
    await say('Where is my order?');
    expect(await say('How much is the Linen Shirt?')).toBe('The Linen Shirt costs $59.00.');
    expect(await say('Thanks!')).toMatch(/^You're welcome!/);
    expect(calls).toEqual([]);
  });

  it('behaves as before without the order tools, and leaves an action the owner turned off alone', async () => {
    const without = await conversation(undefined)('Where is my order #1001? I ordered with ann@example.com');
    expect(without).toMatch(/^I couldn't find that in this store's knowledge/);
    const { tools, calls } = store({ [ORDER_TOOL_NAMES.returns]: undefined });
    const say = conversation(tools);
    expect(await say('I want to return my order #1001, ann@example.com')).not.toMatch(/code|return for you/);
    expect(calls).toEqual([]);
    expect(await say('Where is order #1001? ann@example.com')).toContain(TRACKING_URL);
  });
});

describe('what an order message asks for', () => {
  it('tells the request however a shopper writes it, in each language', () => {
    const requests: Record<string, string[]> = {
      status: [
        'Where is my order?',
        'Can you track my package?',
        'Has my parcel shipped yet?',
        '注文はどこですか？',
        '配送状況を教えてください',
        '注文した商品がまだ届きません',
        'พัสดุถึงไหนแล้วคะ',
        'ออเดอร์ของฉันถึงไหนแล้ว',
        '我的訂單到哪了？',
        '订单到哪了',
        'pesanan saya di mana?',
        'đơn hàng của tôi ở đâu',
        'don hang cua toi o dau',
        '주문 배송 조회',
      ],
      returns: [
        'I want to return my order',
        'I’d like to send these back',
        '返品したいです',
        'คืนสินค้า',
        '退貨',
        '我要退货',
        'mau retur kak',
        'đổi trả',
        '반품하고 싶어요',
      ],
      addressChange: [
        'I need to change my shipping address',
        '住所変更したいです',
        'เปลี่ยนที่อยู่ค่ะ',
        '我想改地址',
        'ganti alamat',
        'đổi địa chỉ giao hàng',
        '주소 변경',
      ],
      resendConfirmation: [
        "I didn't get my order confirmation email",
        '確認メールを再送してください',
        'ยังไม่ได้รับอีเมลยืนยันคำสั่งซื้อ',
        '沒收到訂單確認信',
        'email konfirmasi belum masuk',
        'gửi lại email xác nhận giúp mình',
        '주문 확인 메일을 못 받았어요',
      ],
    };
    for (const [intent, messages] of Object.entries(requests))
      for (const message of messages) expect(orderIntentOf(message), message).toBe(intent);
  });

  it('leaves general questions about shipping and returns, and other requests, to the shop’s knowledge', () => {
    for (const message of [
      'What is your return policy?',
      'Can I return items after 30 days?',
      'How long does shipping take?',
      'Where do you ship orders from?',
      'Can I cancel my order?',
      'Do you have the linen shirt in blue?',
      '返品ポリシーを教えて',
      '注文から何日で届きますか',
      'นโยบายการคืนสินค้าเป็นอย่างไร',
      'ส่งไปญี่ปุ่นได้ไหม',
      '退貨政策是什麼？',
      '你們店在哪裡？',
      'berapa lama pengiriman ke Bali?',
      '배송 보통 며칠 걸려요?',
    ])
      expect(orderIntentOf(message), message).toBeNull();
  });
});

describe('a new address from free text', () => {
  it('reads the postcode, the country and the street and city as written in the shoppers’ countries', () => {
    expect(parseAddress('1-2-3 Jingumae, Shibuya-ku, Tokyo 150-0001, Japan')).toEqual({
      address1: '1-2-3 Jingumae',
      address2: 'Shibuya-ku',
      city: 'Tokyo',
      zip: '150-0001',
      country: 'JP',
    });
    expect(parseAddress('Please change it to: 123 Main St, Springfield, IL 62704, USA')).toEqual({
      address1: '123 Main St',
      city: 'Springfield',
      province: 'IL',
      zip: '62704',
      country: 'US',
    });
    expect(parseAddress('ที่อยู่ใหม่: 99/1 ถนนสุขุมวิท แขวงคลองเตย เขตคลองเตย กรุงเทพมหานคร 10110')).toEqual({
      address1: '99/1 ถนนสุขุมวิท แขวงคลองเตย เขตคลองเตย',
      city: 'กรุงเทพมหานคร',
      zip: '10110',
      country: 'TH',
    });
    expect(parseAddress('台灣 10617 台北市大安區忠孝東路四段1號')).toEqual({
      address1: '大安區忠孝東路四段1號',
      city: '台北市',
      zip: '10617',
      country: 'TW',
    });
    expect(parseAddress('ann@example.com #1001')).toBeNull();
    expect(parseAddress('I need to change my address')).toBeNull();
  });
});
