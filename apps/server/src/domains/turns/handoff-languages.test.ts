import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssistant } from '../../testing/assistants';
import { setBalanceUsd } from '../../testing/balances';
import type { FakeLlm } from '../../testing/fake-llm/fake-llm-server';
import { FAKE_OPENAI_KEY, startFakeOpenAi } from '../../testing/fake-llm/fake-openai';
import type { TestViewer } from '../../testing/graphql-client';
import { shareAssistant, visitor } from '../../testing/sharing-test-client';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createVerifiedUser } from '../../testing/users';
import { SHOPPER_LANGUAGES, shopperText } from '../ai';
import { couldNotAnswer, HANDOFF_TEXT, handoffRequestOf } from './handoff';

describe('a shopper asking for a person, in their language', () => {
  it.each([
    ['担当者と話したいです', 'asked'],
    ['スタッフさんに代わってもらえますか', 'asked'],
    ['ขอคุยกับแอดมินหน่อย', 'asked'],
    ['ขอคุยกับพนักงานค่ะ', 'asked'],
    ['我要找真人客服', 'asked'],
    ['可以轉人工嗎', 'asked'],
    ['kak, saya mau bicara dengan admin', 'asked'],
    ['bisa hubungi CS?', 'asked'],
    ['cho mình gặp nhân viên', 'asked'],
    ['상담원 연결해 주세요', 'asked'],
    ['最悪です。詐欺ですか', 'upset'],
    ['โกงกันชัดๆ', 'upset'],
    ['你们是骗子吧', 'upset'],
    ['saya sangat kecewa', 'upset'],
    ['lừa đảo à', 'upset'],
    ['정말 최악이에요', 'upset'],
  ])('%s → %s', (message, reason) => {
    expect(handoffRequestOf(message)).toBe(reason);
  });

  it('leaves ordinary product questions to the assistant', () => {
    for (const question of [
      'ひどい肌荒れに使えますか？',
      '友人に話したらおすすめされました。在庫はありますか？',
      'แอดมินคะ ตัวนี้มีสีดำไหม',
      '人工皮革的包包有货吗？',
      '客服电话是多少？',
      'kak admin, ada warna hitam?',
      'serum ini cocok untuk jerawat parah?',
      'nhân viên giao hàng khi nào tới?',
      '이거 사기 전에 궁금한 게 있어요',
      'SPF50 ราคาเท่าไหร่',
    ])
      expect(handoffRequestOf(question), question).toBeNull();
  });

  it('recognises the built-in “don’t know” in every language, alone or followed by the handoff', () => {
    for (const lang of SHOPPER_LANGUAGES) {
      expect(couldNotAnswer(shopperText('unknown', lang)), lang).toBe(true);
      expect(couldNotAnswer(`${shopperText('unknown', lang)} ${shopperText('handoff', lang)}`), lang).toBe(true);
    }
    expect(couldNotAnswer('Our returns window is 30 days.')).toBe(false);
    expect(couldNotAnswer('返品は30日以内です。')).toBe(false);
  });
});

describe('a visitor’s turn in their language', () => {
  let t: TestApp;
  let fake: FakeLlm;
  let localToken: string;
  let networkToken: string;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await createTestApp({
      OPENAI_API_KEY: FAKE_OPENAI_KEY,
      OPENAI_BASE_URL: fake.baseUrl,
      DEFAULT_MODEL: 'local:extractive',
      SHARED_CHAT_VISITOR_RATE_LIMIT: '1000',
    });
    const user = await createVerifiedUser(t, { email: 'languages@shop.test' });
    const owner: TestViewer = { email: user.email, access: user.access, isStaff: false };
    await setBalanceUsd(t.services.db, owner.email, 5);
    const local = await createAssistant(t, owner, { model: 'local:extractive' });
    localToken = (await shareAssistant(t, owner, local)).shareToken.token as string;
    const network = await createAssistant(t, owner, { model: 'openai:gpt-4.1-mini' });
    networkToken = (await shareAssistant(t, owner, network)).shareToken.token as string;
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it.each([
    ['担当者と話したいです', 'ja'],
    ['ขอคุยกับแอดมินหน่อย', 'th'],
  ] as const)('hands %s off with the handoff in %s', async (message, lang) => {
    const res = await visitor(t, 'message', { token: localToken, message });
    expect(res.status).toBe(200);
    expect(res.body.reply.content).toBe(shopperText('handoff', lang));
  });

  it('hands an English shopper off in the words it always used', async () => {
    const res = await visitor(t, 'message', { token: localToken, message: 'Can I talk to a human please?' });
    expect(res.body.reply.content).toBe(HANDOFF_TEXT);
  });

  it('keeps the thread’s language when the message itself does not tell it', async () => {
    const first = await visitor(t, 'message', { token: localToken, message: '送料はいくらですか？' });
    const res = await visitor(t, 'message', {
      token: localToken,
      sharedThreadId: first.body.sharedThreadId,
      visitorToken: first.body.visitorToken,
      message: 'オペレーター!',
    });
    expect(res.body.reply.content).toBe(shopperText('handoff', 'ja'));
  });

  it('tells a network model to answer in the shopper’s language, and says nothing of it for English', async () => {
    const systemOf = (index: number) =>
      ((fake.requests[index]?.body.messages ?? []) as { role: string; content: string }[]).find((m) => m.role === 'system')?.content ?? '';
    fake.requests.length = 0;
    expect((await visitor(t, 'message', { token: networkToken, message: '送料はいくらですか？' })).status).toBe(200);
    expect((await visitor(t, 'message', { token: networkToken, message: 'How much is shipping?' })).status).toBe(200);
    expect(systemOf(0)).toContain('The shopper writes in Japanese: answer in Japanese.');
    expect(systemOf(1)).not.toContain('The shopper writes in');
  });
});
