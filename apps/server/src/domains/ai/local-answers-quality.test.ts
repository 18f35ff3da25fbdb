import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistants } from '../../db/schema';
import { ANSWER_SHOPS, type AnswerQuestion, judgeAnswer, loadAnswerQuestions } from '../../testing/answer-fixture';
import { createAssistant } from '../../testing/assistants';
import { viewerToken } from '../../testing/graphql-client';
import { post, uploadFiles, waitForFiles } from '../../testing/knowledge';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { answerTurn, createTurnContext, type TurnContext } from '../turns';

/**
 * The built-in `local` model on the labelled answer fixture (testing/fixtures/answers): two shops,
 * real ingestion, retrieval and answering, shoppers' questions judged mechanically (the facts an
 * answer must state, the ones it must not). It must answer at least 90 % correctly, invent nothing
 * when the shop's knowledge has no answer, and answer every attribute of every product of the CSV.
 */
const questions = loadAnswerQuestions();

describe('local answers on the labelled two-shop fixture', () => {
  let t: TestApp;
  let ctx: TurnContext;
  const assistantOf = new Map<string, typeof assistants.$inferSelect>();
  const storeOf = new Map<string, string>();
  const results: { question: AnswerQuestion; text: string; problem: string | null }[] = [];

  beforeAll(async () => {
    t = await createTestApp({ DEFAULT_MODEL: 'local:extractive' });
    const owner = await viewerToken(t, 'shops@answers.test');
    for (const shop of ANSWER_SHOPS) {
      const store = await post(t, owner, '/api/store/create/', { name: shop.name, currency: shop.currency });
      const storeId = store.body?.id as string;
      const { fileIds } = await uploadFiles(t, owner, storeId, shop.files);
      const rows = await waitForFiles(t, fileIds);
      expect(rows.map((row) => row?.status)).toEqual(shop.files.map(() => 'ready'));
      const assistantId = await createAssistant(t, owner, { assistantName: shop.name, model: 'local:extractive' });
      await post(t, owner, '/api/assistant/store-add/', { assistantId, storeId });
      const [assistant] = await t.services.db.select().from(assistants).where(eq(assistants.id, assistantId));
      assistantOf.set(shop.name, assistant as typeof assistants.$inferSelect);
      storeOf.set(shop.name, storeId);
    }
    const { services } = t;
    ctx = { ...createTurnContext(services), models: { defaultModelId: 'local:extractive' } };
    const logger = pino({ level: 'silent' });
    for (const question of questions) {
      const assistant = assistantOf.get(question.store) as typeof assistants.$inferSelect;
      const answer = await answerTurn(ctx, logger, {
        assistant,
        ownerEmail: assistant.ownerEmail,
        modelId: 'local:extractive',
        storeIds: [storeOf.get(question.store) as string],
        messages: [{ role: 'user', content: question.question }],
        query: question.question,
        handoff: true,
      });
      const judged = { text: answer.text, handoff: answer.handoff !== undefined, unknown: answer.unanswered === true };
      results.push({ question, text: answer.text, problem: judgeAnswer(question, judged) });
    }
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('answers at least 90 % of the questions correctly', () => {
    const wrong = results.filter((result) => result.problem);
    const byKind: Record<string, { asked: number; correct: number }> = {};
    for (const { question, problem } of results) {
      const kind = byKind[question.kind] ?? { asked: 0, correct: 0 };
      byKind[question.kind] = kind;
      kind.asked += 1;
      if (!problem) kind.correct += 1;
    }
    const accuracy = (results.length - wrong.length) / results.length;
    console.log(JSON.stringify({ localAnswers: { questions: results.length, accuracy: Number(accuracy.toFixed(4)), byKind } }));
    for (const { question, text, problem } of wrong) console.log(`✗ ${question.question}\n  → ${text}\n  (${problem})`);
    expect(results.length).toBeGreaterThanOrEqual(60);
    expect(accuracy).toBeGreaterThanOrEqual(0.9);
  });

  it('invents nothing when the shop has no answer: it says so or calls a person', () => {
    const unanswerable = results.filter((result) => result.question.kind === 'unanswerable');
    expect(unanswerable.length).toBeGreaterThanOrEqual(8);
    expect(unanswerable.filter((result) => result.problem).map((result) => [result.question.question, result.text])).toEqual([]);
  });

  it('answers every attribute of every product of the CSV', () => {
    const generated = results.filter((result) => result.question.kind === 'attribute' && result.question.store === 'outdoor');
    expect(generated.length).toBeGreaterThanOrEqual(48);
    expect(generated.filter((result) => result.problem).map((result) => [result.question.question, result.text])).toEqual([]);
  });

  it('hands the thread to a person when a shopper asks for one or is upset', () => {
    const handoffs = results.filter((result) => result.question.kind === 'handoff');
    expect(handoffs.filter((result) => result.problem).map((result) => result.question.question)).toEqual([]);
    expect(handoffs[0]?.text).toMatch(/someone from our team/);
  });
});
