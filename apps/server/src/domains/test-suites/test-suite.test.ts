import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  messages,
  notifications,
  tasks as schemaTasks,
  sharedMessages,
  sharedThreads,
  testResults,
  testRuns,
  threads,
} from '../../db/schema';
import { createAssistant } from '../../testing/assistants';
import { balanceUsd, setBalanceUsd } from '../../testing/balances';
import { FAKE_OPENAI_KEY, startFakeOpenAi } from '../../testing/fake-llm/fake-openai';
import { gql, type TestViewer } from '../../testing/graphql-client';
import { createStore, post, uploadFiles, waitForFiles } from '../../testing/knowledge';
import { shareAssistant, visitor } from '../../testing/sharing-test-client';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { waitForRun } from '../../testing/test-suites';
import { createVerifiedUser } from '../../testing/users';
import { sentencesOf } from './facts';

/** A store's FAQ and product list, in three languages, written for these tests. */
const STORES = {
  en: {
    faq: [
      '# Help',
      '## Returns',
      'You can send items back within 30 days of delivery for a full refund.',
      '## Shipping',
      'Parcels inside the country arrive in 3 business days with Yamato.',
      '## Shipping fee',
      'Delivery costs $6 per order, and orders over $80 ship free.',
      '## Opening hours',
      'Our showroom is open from 10:00 to 19:00 every day.',
      '## Gift wrapping',
      'We wrap any order in recycled paper with a handwritten card.',
    ].join('\n\n'),
    products: [
      'name,colour,material,price',
      'Trail Tent,"Orange, Grey",nylon,$389',
      'Summit Sleeping Bag,"Blue, Black",down,$249',
      'Ridge Backpack,"Green, Sand",canvas,$129',
      'Harbor Rain Jacket,"Yellow, Navy",polyester,$159',
      'Cedar Camp Chair,"Brown, Olive",aluminium,$69',
      'Ember Stove,"Silver, Red",steel,$89',
      'Lumen Headlamp,"White, Black",plastic,$35',
      'Drift Water Bottle,"Teal, Coral",stainless steel,$29',
      'Canyon Hiking Boots,"Brown, Grey",leather,$199',
      'Breeze Hammock,"Lime, Sky",cotton,$59',
    ].join('\n'),
    changed: '## Returns\n\nYou can send items back within 14 days of delivery for a full refund.',
  },
  ja: {
    faq: [
      '# よくある質問',
      '## 返品',
      '商品到着後30日以内であれば返品を承ります。',
      '## 配送',
      'ご注文から3営業日以内にヤマト運輸でお届けします。',
      '## 送料',
      '送料は全国一律800円で、10000円以上のご注文は無料です。',
      '## 営業時間',
      '店舗は毎日11時から20時まで営業しています。',
      '## ギフト包装',
      'ご希望の方には無料でギフト包装をいたします。',
    ].join('\n\n'),
    products: [
      'name,colour,material,price',
      '抹茶茶碗,"緑, 黒",陶器,¥4800',
      '鉄瓶,"黒, 茶",鋳鉄,¥12000',
      '竹の茶筅,"自然色, 白",竹,¥2500',
      '煎茶セット,"青, 白",磁器,¥6800',
      '湯呑み,"白, 藍",磁器,¥1800',
      '急須,"朱, 黒",陶器,¥5200',
      '茶托,"茶, 黒",木,¥1500',
      '茶筒,"銀, 銅",ブリキ,¥3200',
      '風呂敷,"紺, 赤",綿,¥2200',
      '茶杓,"自然色, 黒",竹,¥900',
    ].join('\n'),
  },
  th: {
    faq: [
      '# คำถามที่พบบ่อย',
      '## การคืนสินค้า',
      'ลูกค้าสามารถคืนสินค้าได้ภายใน 7 วันหลังได้รับสินค้า',
      '## การจัดส่ง',
      'สินค้าจะถึงมือลูกค้าภายใน 2 วันทำการด้วย Kerry Express',
      '## ค่าส่ง',
      'ค่าส่งทั่วประเทศ 50 บาท และส่งฟรีเมื่อซื้อครบ 1000 บาท',
      '## เวลาทำการ',
      'หน้าร้านเปิดทุกวันตั้งแต่ 10:00 ถึง 20:00',
      '## ห่อของขวัญ',
      'ทางร้านมีบริการห่อของขวัญให้ฟรีทุกคำสั่งซื้อ',
    ].join('\n\n'),
    products: [
      'name,colour,material,price',
      'กระเป๋าผ้าทอมือ,"ครีม, น้ำตาล",ฝ้าย,฿590',
      'หมวกสาน,"ธรรมชาติ, ดำ",ไม้ไผ่,฿350',
      'ผ้าพันคอไหม,"แดง, ทอง",ไหม,฿1290',
      'รองเท้าแตะหนัง,"น้ำตาล, ดำ",หนัง,฿890',
      'เทียนหอม,"ขาว, ชมพู",ขี้ผึ้ง,฿250',
      'แก้วเซรามิก,"ฟ้า, ขาว",เซรามิก,฿320',
      'สบู่สมุนไพร,"เขียว, เหลือง",สมุนไพร,฿120',
      'ผ้าขาวม้า,"แดง, เขียว",ฝ้าย,฿190',
      'ตะกร้าหวาย,"ธรรมชาติ, น้ำตาล",หวาย,฿450',
      'ร่มกระดาษ,"แดง, ฟ้า",กระดาษสา,฿680',
    ].join('\n'),
  },
} as const;

type Language = keyof typeof STORES;

describe('test suites written from the store', () => {
  let t: TestApp;
  let owner: TestViewer;
  let other: TestViewer;
  const assistants = new Map<Language, { assistantId: string; storeId: string }>();
  const faqFiles = new Map<Language, string[]>();

  beforeAll(async () => {
    t = await createTestApp({ TEST_RUN_DEBOUNCE_SECONDS: '2' });
    const user = await createVerifiedUser(t, { email: 'suite@shop.test' });
    owner = { email: user.email, access: user.access, isStaff: false };
    const stranger = await createVerifiedUser(t, { email: 'stranger@shop.test' });
    other = { email: stranger.email, access: stranger.access, isStaff: false };
    for (const language of Object.keys(STORES) as Language[]) {
      const storeId = await createStore(t, owner, `Shop ${language}`);
      const { fileIds } = await uploadFiles(t, owner, storeId, [
        { fileName: 'faq.md', contentType: 'text/markdown', bytes: STORES[language].faq },
        { fileName: 'products.csv', contentType: 'text/csv', bytes: STORES[language].products },
      ]);
      await waitForFiles(t, fileIds);
      faqFiles.set(language, [fileIds[0] as string]);
      const assistantId = await createAssistant(t, owner, { model: 'local:extractive' });
      await post(t, owner, '/api/assistant/store-add/', { assistantId, storeId });
      assistants.set(language, { assistantId, storeId });
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  for (const language of Object.keys(STORES) as Language[]) {
    it(`writes at least 25 cases in ${language} covering every FAQ section and every product, none copying the files`, async () => {
      const { assistantId } = assistants.get(language) as { assistantId: string };
      const res = await post(t, owner, '/api/assistant/test-suite/generate/', { assistantId });
      expect(res.status).toBe(201);
      const cases = res.body?.cases as {
        question: string;
        expected: string;
        language: string;
        source: string;
        origin: string;
        kind: string;
      }[];
      expect(cases.length).toBeGreaterThanOrEqual(25);
      expect(new Set(cases.map((c) => c.language))).toEqual(new Set([language]));
      expect(cases.every((c) => c.origin === 'store')).toBe(true);
      const sources = cases.map((c) => c.source).join('\n');
      const store = STORES[language];
      for (const heading of store.faq.split('\n').filter((line) => line.startsWith('## '))) expect(sources).toContain(heading.slice(3));
      for (const line of store.products.split('\n').slice(1)) expect(sources).toContain(line.split(',')[0]);
      expect(cases.some((c) => c.kind === 'unanswerable')).toBe(true);
      expect(cases.some((c) => c.kind === 'follow_up')).toBe(true);
      const sentences = sentencesOf(`${store.faq}\n${store.products}`).map((s) => s.replace(/^#+\s*/, '').trim());
      for (const testCase of cases) expect(sentences).not.toContain(testCase.question.trim());

      // Generating again writes nothing twice.
      const again = await post(t, owner, '/api/assistant/test-suite/generate/', { assistantId });
      expect(again.body?.cases).toHaveLength(0);
      expect(again.body?.skipped).toBe(cases.length);
    });
  }

  for (const language of Object.keys(STORES) as Language[]) {
    it(`passes at least 90 % of its own ${language} suite on the built-in model`, async () => {
      const { assistantId } = assistants.get(language) as { assistantId: string };
      const res = await post(t, owner, '/api/assistant/test-suite/run/', { assistantId });
      expect(res.status).toBe(202);
      const run = await waitForRun(t, res.body?.runId);
      expect(run.status).toBe('done');
      expect(run.completed).toBe(run.total);
      const failures = await t.services.db.select().from(testResults).where(eq(testResults.runId, run.id));
      const failed = failures
        .filter((r) => !r.passed)
        .map((r) => `${r.question} → ${r.answer.slice(0, 120)} (expected ${r.expected}: ${r.verdict})`);
      expect(run.passed / run.total, failed.join('\n')).toBeGreaterThanOrEqual(0.9);
      expect(run.costUsd).toBe(0);
    });
  }

  it('runs again after a policy file changes, fails the changed fact as a regression and notifies the owner', async () => {
    const { assistantId, storeId } = assistants.get('en') as { assistantId: string; storeId: string };
    const before = await t.services.db.select().from(testRuns).where(eq(testRuns.assistantId, assistantId));
    // The FAQ is replaced by one whose return window is 14 days: the new file is uploaded, the old one deleted.
    const { fileIds } = await uploadFiles(t, owner, storeId, [
      { fileName: 'faq-v2.md', contentType: 'text/markdown', bytes: STORES.en.faq.replace('30 days', '14 days') },
    ]);
    expect((await post(t, owner, '/api/files/delete-files/', { storeId, fileIds: faqFiles.get('en') })).status).toBe(200);
    await waitForFiles(t, fileIds);
    const deadline = Date.now() + 60_000;
    let next: typeof testRuns.$inferSelect | undefined;
    while (!next && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const runs = await t.services.db.select().from(testRuns).where(eq(testRuns.assistantId, assistantId));
      next = runs.find((run) => !before.some((b) => b.id === run.id));
    }
    expect(next?.trigger).toBe('knowledge');
    // Both files changed before the debounced check ran: the run names them.
    expect(next?.triggerDetail?.split(', ').sort()).toEqual(['faq-v2.md', 'faq.md']);
    const finished = await waitForRun(t, next?.id as string);
    expect(finished.status).toBe('done');
    const results = await t.services.db.select().from(testResults).where(eq(testResults.runId, finished.id));
    const returns = results.find((r) => r.expected === '30 days');
    expect(returns).toMatchObject({ passed: false, regressed: true, verdict: 'fact_missing' });
    expect(returns?.answer).toContain('14 days');
    expect(finished.regressions).toBe(1);
    const notes = await t.services.db.select().from(notifications).where(eq(notifications.ownerEmail, owner.email));
    expect(notes.find((n) => n.content?.includes(returns?.question as string))?.content).toContain(
      `after changes to ${next?.triggerDetail}`,
    );
  });

  it('keeps suites, runs and results to their owner', async () => {
    const { assistantId } = assistants.get('en') as { assistantId: string };
    for (const path of ['generate', 'run', 'export']) {
      const res = await post(t, other, `/api/assistant/test-suite/${path}/`, { assistantId });
      expect(res.status).toBe(404);
    }
    const listed = await gql(t, other, '{ listTestCases { items { id } } listTestRuns { items { id } } listTestResults { items { id } } }');
    expect(listed.data?.listTestCases.items).toEqual([]);
    expect(listed.data?.listTestRuns.items).toEqual([]);
    expect(listed.data?.listTestResults.items).toEqual([]);
    const mine = await gql(t, owner, '{ listTestCases(limit: 1000) { items { id } } }');
    expect(mine.data?.listTestCases.items.length).toBeGreaterThanOrEqual(75);
    const bad = await post(t, owner, '/api/assistant/test-suite/run/', { assistantId: 'not-an-id' });
    expect(bad.status).toBe(400);
  });

  it('exports a suite and imports it into another assistant, skipping what it already has', async () => {
    const { assistantId } = assistants.get('ja') as { assistantId: string };
    const exported = await post(t, owner, '/api/assistant/test-suite/export/', { assistantId });
    expect(exported.status).toBe(200);
    expect(exported.body?.format).toBe('aisle.test-suite/1');
    const target = await createAssistant(t, owner, { model: 'local:extractive' });
    const imported = await post(t, owner, '/api/assistant/test-suite/import/', { assistantId: target, suite: exported.body });
    expect(imported.status).toBe(201);
    expect(imported.body?.cases).toHaveLength(exported.body?.cases.length);
    expect(imported.body?.cases.every((c: { origin: string }) => c.origin === 'import')).toBe(true);
    const twice = await post(t, owner, '/api/assistant/test-suite/import/', { assistantId: target, suite: exported.body });
    expect(twice.body).toMatchObject({ cases: [], skipped: exported.body?.cases.length });
    const wrong = await post(t, owner, '/api/assistant/test-suite/import/', { assistantId: target, suite: { format: 'other', cases: [] } });
    expect(wrong.status).toBe(400);
  });

  it('runs every case of a full suite started the moment it was imported', async () => {
    // 200 cases written together are stamped a millisecond apart, the newest ahead of the clock:
    // a run started straight away still asks each of them.
    const target = await createAssistant(t, owner, { model: 'local:extractive' });
    await post(t, owner, '/api/assistant/store-add/', { assistantId: target, storeId: assistants.get('en')?.storeId });
    const suite = {
      format: 'aisle.test-suite/1',
      cases: Array.from({ length: 200 }, (_, n) => ({
        question: `How many days do I have to return order ${n + 1}?`,
        expected: '30 days',
      })),
    };
    const imported = await post(t, owner, '/api/assistant/test-suite/import/', { assistantId: target, suite });
    expect(imported.body?.cases).toHaveLength(200);
    const run = await waitForRun(t, (await post(t, owner, '/api/assistant/test-suite/run/', { assistantId: target })).body?.runId);
    expect(run).toMatchObject({ status: 'done', total: 200, completed: 200 });
    const asked = await t.services.db.select({ caseId: testResults.caseId }).from(testResults).where(eq(testResults.runId, run.id));
    expect(new Set(asked.map((result) => result.caseId))).toEqual(new Set(imported.body?.cases.map((c: { id: string }) => c.id)));
  });

  it('notes a regression for a case that passed and now fails', async () => {
    const { assistantId } = assistants.get('th') as { assistantId: string };
    // The owner edits a case so its expectation no longer holds: the next run fails it, a regression.
    const cases = await gql(
      t,
      owner,
      `query($a: ID!) { testCasesByAssistantId(assistantId: $a, limit: 100) { items { id kind expected } } }`,
      {
        a: assistantId,
      },
    );
    const faq = cases.data?.testCasesByAssistantId.items.find((c: { kind: string }) => c.kind === 'faq');
    const edit = await gql(t, owner, `mutation($i: UpdateTestCaseInput!) { updateTestCase(input: $i) { id expected } }`, {
      i: { id: faq.id, expected: '99 วัน' },
    });
    expect(edit.data?.updateTestCase.expected).toBe('99 วัน');
    // A disabled case stays disabled when edited, and a run leaves it out.
    const off = cases.data?.testCasesByAssistantId.items.find((c: { kind: string }) => c.kind === 'unanswerable');
    await gql(t, owner, `mutation($i: UpdateTestCaseInput!) { updateTestCase(input: $i) { id } }`, { i: { id: off.id, enabled: false } });
    const edited = await gql(t, owner, `mutation($i: UpdateTestCaseInput!) { updateTestCase(input: $i) { id enabled } }`, {
      i: { id: off.id, question: 'ร้านมีบริการซ่อมจักรยานไหมคะ' },
    });
    expect(edited.data?.updateTestCase.enabled).toBe(false);
    // Shared publicly: shoppers see its answers now, so the owner also gets an e-mail.
    await shareAssistant(t, owner, assistantId);
    const mailsBefore = t.mails.length;
    const res = await post(t, owner, '/api/assistant/test-suite/run/', { assistantId });
    const run = await waitForRun(t, res.body?.runId);
    expect(run.total).toBe(cases.data?.testCasesByAssistantId.items.length - 1);
    expect(run.regressions).toBe(1);
    const mail = t.mails.slice(mailsBefore).find((m) => m.to === owner.email);
    expect(mail?.subject).toContain('now answers some test questions wrongly');
    expect(mail?.text).toContain('It answers');
    expect(mail?.link).toContain(`/assistants?tests=${assistantId}`);
    const [regressed] = await t.services.db
      .select()
      .from(testResults)
      .where(eq(testResults.runId, run.id))
      .then((rows) => rows.filter((r) => r.regressed));
    expect(regressed?.caseId).toBe(faq.id);
    const notes = await t.services.db.select().from(notifications).where(eq(notifications.ownerEmail, owner.email));
    expect(notes.some((n) => n.title.includes('test questions that passed now fail'))).toBe(true);

    // Marking the answer right makes it pass, in this run and the next.
    const marked = await post(t, owner, '/api/assistant/test-suite/mark-right/', { resultId: regressed?.id });
    expect(marked.status).toBe(200);
    const [after] = await t.services.db.select().from(testRuns).where(eq(testRuns.id, run.id));
    expect(after?.regressions).toBe(0);
    expect(after?.passed).toBe(run.passed + 1);
    const foreign = await post(t, other, '/api/assistant/test-suite/mark-right/', { resultId: regressed?.id });
    expect(foreign.status).toBe(404);
  });

  it("adds a shopper's conversation as a case, with its answer kept as right, for its owner only", async () => {
    const { assistantId } = assistants.get('en') as { assistantId: string };
    const { shareToken } = await shareAssistant(t, owner, assistantId);
    const chat = await visitor(t, 'message', { token: shareToken.token, message: 'What time does the showroom open?' });
    expect(chat.status).toBe(200);
    const sharedThreadId = chat.body.sharedThreadId as string;
    expect((await post(t, other, '/api/assistant/test-suite/from-conversation/', { sharedThreadId })).status).toBe(404);
    const added = await post(t, owner, '/api/assistant/test-suite/from-conversation/', { sharedThreadId });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      assistantId,
      question: 'What time does the showroom open?',
      origin: 'conversation',
      kind: 'conversation',
      language: 'en',
      acceptedAnswer: chat.body.reply.content,
    });
    expect(added.body?.expected).toContain('10');
    // Once is enough: the same question again is a conflict, not a second case.
    expect((await post(t, owner, '/api/assistant/test-suite/from-conversation/', { sharedThreadId })).status).toBe(409);
    const neither = await post(t, owner, '/api/assistant/test-suite/from-conversation/', {});
    expect(neither.status).toBe(400);
  });

  it('adds phrasings written by a network model, charged, each expecting the same fact', async () => {
    const fake = await startFakeOpenAi();
    const app = await createTestApp({ OPENAI_API_KEY: FAKE_OPENAI_KEY, OPENAI_BASE_URL: fake.baseUrl });
    try {
      const user = await createVerifiedUser(app, { email: 'phrasings@shop.test' });
      const viewer = { email: user.email, access: user.access, isStaff: false };
      await setBalanceUsd(app.services.db, viewer.email, 5);
      const storeId = await createStore(app, viewer, 'Shop');
      const { fileIds } = await uploadFiles(app, viewer, storeId, [
        { fileName: 'faq.md', contentType: 'text/markdown', bytes: STORES.en.faq },
      ]);
      await waitForFiles(app, fileIds);
      const assistantId = await createAssistant(app, viewer, { model: 'openai:gpt-4.1-mini' });
      await post(app, viewer, '/api/assistant/store-add/', { assistantId, storeId });
      fake.script({
        text: ['```json\n["How many days do I get to send stuff back?", "Roughly how fast do parcels come?"]\n```'],
        usage: { inputTokens: 300, outputTokens: 40 },
      });
      const res = await post(app, viewer, '/api/assistant/test-suite/generate/', { assistantId });
      expect(res.status).toBe(201);
      const cases = res.body?.cases as { question: string; expected: string; origin: string }[];
      const byModel = cases.filter((c) => c.origin === 'model');
      expect(byModel.map((c) => c.question)).toEqual(['How many days do I get to send stuff back?', 'Roughly how fast do parcels come?']);
      expect(byModel[0]?.expected).toBe(cases.find((c) => c.origin === 'store')?.expected);
      const system = (fake.requests.at(-1)?.body.messages as { role: string; content: string }[] | undefined)?.[0]?.content;
      expect(system).toContain('in English');
      const tasks = await app.services.db.select().from(schemaTasks).where(eq(schemaTasks.ownerEmail, viewer.email));
      expect(tasks.map((task) => task.type)).toEqual(['test_suite_phrasings']);

      // A run on the paid model is charged like any turn, and is no conversation: no thread, no message, no analytics.
      fake.script({ text: ['You can send items back within 30 days.'], usage: { inputTokens: 200, outputTokens: 12 } });
      const before = await balanceUsd(app.services.db, viewer.email);
      const run = await waitForRun(app, (await post(app, viewer, '/api/assistant/test-suite/run/', { assistantId })).body?.runId);
      expect(run.status).toBe('done');
      expect(run.costUsd).toBeGreaterThan(0);
      expect(await balanceUsd(app.services.db, viewer.email)).toBeCloseTo(before - run.costUsd, 6);
      // Every case was asked and answered by the model (a failed case would read `error`, with why).
      const results = await app.services.db.select().from(testResults).where(eq(testResults.runId, run.id));
      expect(
        results.map((result) => [result.question, result.verdict === 'error' ? result.detail : 'answered', result.costUsd > 0]),
      ).toEqual(results.map((result) => [result.question, 'answered', true]));
      expect(results).toHaveLength(run.total);
      const charged = await app.services.db.select().from(schemaTasks).where(eq(schemaTasks.ownerEmail, viewer.email));
      expect(charged.filter((task) => task.type === 'test_run')).toHaveLength(run.total);
      for (const table of [threads, messages, sharedThreads, sharedMessages]) {
        expect(await app.services.db.select().from(table).where(eq(table.ownerEmail, viewer.email))).toEqual([]);
      }
    } finally {
      await app.close();
      await fake.close();
    }
  });
});
