import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssistant } from '../../testing/assistants';
import { connectLine, eventually, postLineWebhook } from '../../testing/channels-test-kit';
import {
  type FakeLineApi,
  type FakeLineChannel,
  lineMessageEvent,
  lineUserId,
  startFakeLineApi,
} from '../../testing/fake-line/fake-line-api';
import { type FakeShopify, startFakeShopify } from '../../testing/fake-shopify/fake-shopify';
import { connectShopToAccount, shopifyEnv } from '../../testing/fake-shopify/shopify-test-kit';
import type { TestViewer } from '../../testing/graphql-client';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser } from '../../testing/users';

const SHOP = 'baan-linen.myshopify.com';
/** Order #1001 of the fake store: placed by Ann@Example.com, delivered by DHL (JD0001). */
const TRACKING_URL = 'https://dhl.example/JD0001';
const THAI = /[\u0E00-\u0E7F]/;

/**
 * Verified order help over LINE, in Thai, on the built-in model (issue 32 §4): a customer asks
 * where their parcel is, is asked for the e-mail, gives a wrong one (nothing of the order comes
 * back), then the right one (status and the carrier's tracking link), each reply a LINE message.
 */
describe('order help over LINE', () => {
  let t: TestApp;
  let line: FakeLineApi;
  let shopify: FakeShopify;
  let owner: TestViewer;
  let channel: FakeLineChannel;

  beforeAll(async () => {
    line = await startFakeLineApi();
    shopify = await startFakeShopify({ products: 2 });
    t = await createTestApp({ ...line.env(), ...shopifyEnv(shopify), DEFAULT_MODEL: 'local:extractive' });
    const user = await createVerifiedUser(t, { email: 'owner@baan-linen.test' });
    owner = { email: user.email, access: user.access, isStaff: false };
    await connectShopToAccount(t, shopify, owner.email, SHOP);
    const assistantId = await createAssistant(t, owner, { assistantName: 'Baan Linen', model: 'local:extractive' });
    channel = line.addChannel('Baan Linen');
    await connectLine(t, line, owner, channel, assistantId);
  });
  afterAll(async () => {
    await t?.close();
    await line?.close();
    await shopify?.close();
  });

  /** The customer's message in, the bot's LINE reply (its text messages) out. */
  async function say(userId: string, text: string): Promise<string> {
    const replyToken = line.replyTokenFor(channel);
    await postLineWebhook(t, channel, [lineMessageEvent({ userId, text, replyToken })]);
    const sent = await eventually(() => line.delivered().find((entry) => entry.target === replyToken), 20_000, 'the LINE reply');
    return sent.messages
      .filter((message) => message.type === 'text')
      .map((message) => String(message.text))
      .join('\n');
  }

  it('asks, tells a wrong e-mail nothing, and answers the right one with the tracking link, in Thai', async () => {
    const userId = lineUserId();
    const asked = await say(userId, 'พัสดุคำสั่งซื้อ #1001 ถึงไหนแล้วคะ');
    expect(asked).toMatch(THAI);
    expect(asked).not.toContain(TRACKING_URL);

    const wrong = await say(userId, 'อีเมล ann@example.org ค่ะ');
    expect(wrong).toMatch(THAI);
    for (const secret of ['DHL', 'JD0001', TRACKING_URL, 'Linen Shirt']) expect(wrong).not.toContain(secret);

    const right = await say(userId, 'ขอโทษค่ะ อีเมลที่ถูกคือ ann@example.com');
    expect(right).toMatch(THAI);
    expect(right).toContain('#1001');
    expect(right).toContain(TRACKING_URL);
  });
});
