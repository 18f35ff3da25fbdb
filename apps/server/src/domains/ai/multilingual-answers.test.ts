import type { ModelMessage } from 'ai';
import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistants, files, passages } from '../../db/schema';
import { createAssistant } from '../../testing/assistants';
import { viewerToken } from '../../testing/graphql-client';
import { post, uploadFiles, waitForFiles } from '../../testing/knowledge';
import {
  isRelevantPassage,
  judgeMultilingual,
  languageProblem,
  loadMultilingualQuestions,
  MULTILINGUAL_STORES,
  type MultilingualQuestion,
  type MultilingualStore,
  readsAsEnglish,
  SCRIPT_OF,
  scriptLanguageOf,
} from '../../testing/multilingual-answer-fixture';
import { meanOf, ndcgAtK, recallAtK } from '../../testing/retrieval-metrics';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { searchKnowledge } from '../knowledge';
import { answerTurn, createTurnContext, type TurnContext } from '../turns';
import { SHOPPER_LANGUAGES } from './shopper-language';

/**
 * The built-in `local:extractive` model for shoppers who do not write English, on the labelled
 * multilingual fixture (testing/fixtures/answers-i18n): a Japanese tea shop, a Thai skincare shop,
 * a Taiwanese bakery and an English gear shop whose facts sit in prose, ingested through the real
 * upload flow, each question asked through the turn engine (follow-ups after their earlier messages,
 * in one thread) and judged mechanically: its facts, nothing invented, a "don't know" or a person
 * where the store has no answer, and the question's language. Retrieval is measured on the same
 * search the turn makes. The goals: 90 % right in every language, nothing invented, every answer in
 * the question's language, recall@5 of 0.9 in every language.
 */
const questions = loadMultilingualQuestions();
const LANGUAGES = [...new Set(questions.map((question) => question.lang))];

interface Result {
  question: MultilingualQuestion;
  text: string;
  problem: string | null;
  /** Why the answer is not in the question's language, or null. */
  language: string | null;
}

const round = (value: number) => Number(value.toFixed(4));

/** The sentences a store writes itself: its policy lines and its product descriptions (the CSV's last column). */
function storeSentences(store: MultilingualStore): string[] {
  return store.files.flatMap((file) => {
    if (file.fileName.endsWith('.csv')) {
      const { data } = Papa.parse<string[]>(file.bytes, { skipEmptyLines: 'greedy' });
      return data.slice(1).map((row) => row.at(-1) ?? '');
    }
    return file.bytes
      .replace(/<(head|title)[\s\S]*?<\/\1>/g, '')
      .replace(/<[^>]+>/g, '')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
  });
}

describe('local answers for shoppers in their own languages (labelled four-store fixture)', () => {
  let t: TestApp;
  let ctx: TurnContext;
  const assistantOf = new Map<string, typeof assistants.$inferSelect>();
  const storeOf = new Map<string, string>();
  const results: Result[] = [];
  /** Per language: recall@5 and nDCG@10 of each question that names its relevant passages. */
  const retrieval = new Map<string, { recall5: number[]; ndcg10: number[] }>();
  /** Questions whose answering passages are not all in the first five, with the headings that were. */
  const misses: { question: MultilingualQuestion; top: string[] }[] = [];

  beforeAll(async () => {
    t = await createTestApp({ DEFAULT_MODEL: 'local:extractive' });
    const owner = await viewerToken(t, 'shops@multilingual.test');
    for (const shop of MULTILINGUAL_STORES) {
      const store = await post(t, owner, '/api/store/create/', { name: shop.name, currency: shop.currency });
      const storeId = store.body?.id as string;
      const { fileIds } = await uploadFiles(t, owner, storeId, shop.files);
      const rows = await waitForFiles(t, fileIds, 60_000);
      expect(rows.map((row) => [row.fileName, row.status])).toEqual(shop.files.map((file) => [file.fileName, 'ready']));
      const assistantId = await createAssistant(t, owner, { assistantName: shop.name, model: 'local:extractive' });
      await post(t, owner, '/api/assistant/store-add/', { assistantId, storeId });
      const [assistant] = await t.services.db.select().from(assistants).where(eq(assistants.id, assistantId));
      assistantOf.set(shop.name, assistant as typeof assistants.$inferSelect);
      storeOf.set(shop.name, storeId);
    }
    ctx = { ...createTurnContext(t.services), models: { defaultModelId: 'local:extractive' } };
    const logger = pino({ level: 'silent' });

    for (const question of questions) {
      const assistant = assistantOf.get(question.store) as typeof assistants.$inferSelect;
      const storeIds = [storeOf.get(question.store) as string];
      const ask = (messages: ModelMessage[], query: string) =>
        answerTurn(ctx, logger, {
          assistant,
          ownerEmail: assistant.ownerEmail,
          modelId: 'local:extractive',
          storeIds,
          messages,
          query,
          handoff: true,
        });
      // One thread: each earlier message is asked and its real answer kept before the next.
      const thread: ModelMessage[] = [];
      for (const earlier of question.earlier ?? []) {
        thread.push({ role: 'user', content: earlier });
        const answer = await ask([...thread], earlier);
        thread.push({ role: 'assistant', content: answer.text });
      }
      thread.push({ role: 'user', content: question.question });
      const answer = await ask(thread, question.question);
      const judged = { text: answer.text, handoff: answer.handoff !== undefined, unknown: answer.unanswered === true };
      results.push({
        question,
        text: answer.text,
        problem: judgeMultilingual(question, judged),
        language: languageProblem(question, answer.text),
      });
    }

    // Retrieval: the search the turn makes (turns/retrieve-passages.ts), read ten deep.
    const storePassages = new Map<string, { id: string; heading: string; text: string }[]>();
    for (const [name, storeId] of storeOf) {
      storePassages.set(
        name,
        await t.services.db
          .select({ id: passages.id, heading: passages.heading, text: passages.text })
          .from(passages)
          .innerJoin(files, eq(files.id, passages.fileId))
          .where(eq(files.storeId, storeId)),
      );
    }
    for (const question of questions.filter((q) => q.relevant?.length)) {
      const assistant = assistantOf.get(question.store) as typeof assistants.$inferSelect;
      const { results: hits } = await searchKnowledge(ctx.knowledge, logger, {
        ownerEmail: assistant.ownerEmail,
        storeIds: [storeOf.get(question.store) as string],
        query: question.question,
        k: 10,
      });
      const relevance = new Map(
        (storePassages.get(question.store) ?? [])
          .filter((passage) => isRelevantPassage(question, passage))
          .map((passage) => [passage.id, 1]),
      );
      // A `relevant` substring that matches no passage is a fixture mistake, not a retrieval miss.
      expect(relevance.size, `no passage matches ${JSON.stringify(question.relevant)}`).toBeGreaterThan(0);
      const ranked = hits.map((hit) => hit.passageId);
      const scores = retrieval.get(question.lang) ?? { recall5: [], ndcg10: [] };
      retrieval.set(question.lang, scores);
      const recall5 = recallAtK(ranked, relevance, 5);
      scores.recall5.push(recall5);
      scores.ndcg10.push(ndcgAtK(ranked, relevance, 10));
      if (recall5 < 1) misses.push({ question, top: hits.slice(0, 5).map((hit) => hit.heading.split(' › ').at(-1) ?? '') });
    }

    const byLanguage: Record<string, { asked: number; correct: number; inLanguage: number }> = {};
    const byKind: Record<string, { asked: number; correct: number }> = {};
    for (const { question, problem, language } of results) {
      const lang = byLanguage[question.lang] ?? { asked: 0, correct: 0, inLanguage: 0 };
      const kind = byKind[question.kind] ?? { asked: 0, correct: 0 };
      byLanguage[question.lang] = lang;
      byKind[question.kind] = kind;
      lang.asked += 1;
      kind.asked += 1;
      if (!problem) {
        lang.correct += 1;
        kind.correct += 1;
      }
      if (!language) lang.inLanguage += 1;
    }
    const correct = results.filter((result) => !result.problem).length;
    const report = {
      questions: results.length,
      accuracy: round(correct / results.length),
      byLanguage,
      byKind,
      retrieval: Object.fromEntries(
        [...retrieval].map(([lang, scores]) => [
          lang,
          { questions: scores.recall5.length, recallAt5: round(meanOf(scores.recall5)), ndcgAt10: round(meanOf(scores.ndcg10)) },
        ]),
      ),
    };
    console.log(JSON.stringify({ multilingualAnswers: report }));
    for (const { question, text, problem } of results.filter((result) => result.problem))
      console.log(`✗ [${question.store} ${question.lang} ${question.kind}] ${question.question}\n  → ${text}\n  (${problem})`);
    for (const { question, top } of misses)
      console.log(
        `✗ retrieval [${question.store} ${question.lang}] ${question.question} wants ${question.relevant?.join(', ')}; top 5: ${top.join(' | ')}`,
      );
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('has enough questions of every kind, in the shopper languages', () => {
    expect(questions.length).toBeGreaterThanOrEqual(160);
    for (const store of MULTILINGUAL_STORES) {
      const own = questions.filter((question) => question.store === store.name);
      expect(own.length, store.name).toBeGreaterThanOrEqual(35);
      expect(own.filter((question) => question.unknown).length, store.name).toBeGreaterThanOrEqual(5);
    }
    for (const lang of LANGUAGES) expect(SHOPPER_LANGUAGES).toContain(lang);
  });

  it("judges each store's own sentences as written in its language, so quoting the store is never marked wrong", () => {
    const misjudged = MULTILINGUAL_STORES.filter((store) => store.lang !== 'en').flatMap((store) =>
      storeSentences(store)
        .filter((sentence) => scriptLanguageOf(sentence) !== SCRIPT_OF[store.lang] || readsAsEnglish(sentence))
        .map((sentence) => [store.name, sentence]),
    );
    expect(misjudged).toEqual([]);
    expect(scriptLanguageOf('The 京ほうじ茶 costs ¥900.')).toBe('japanese');
    expect(languageProblem({ lang: 'ja' }, 'The 京ほうじ茶 costs ¥900.')).not.toBeNull();
    expect(languageProblem({ lang: 'en' }, 'Here is what the store says: 送料は全国一律650円です。')).toBeNull();
    expect(languageProblem({ lang: 'id' }, "I couldn't find that in this store's knowledge.")).not.toBeNull();
  });

  /*
   * The goal is 90 % in every language and nothing invented. Measured: at the first
   * landing ja 0.81, th 0.81, zh-Hant 0.75, en 0.75 and 4 of 24 unanswerable questions answered
   * with a true but unrelated sentence; now ja 0.97, th 0.95, zh-Hant 0.91, en 0.96, id 6 of 6,
   * and none: the goal, held here.
   */
  const ACCURACY_FLOOR = 0.9;
  const INVENTED_AT_MOST = 0;

  it('answers at least the reached share of the questions right in every language', () => {
    const accuracy = Object.fromEntries(
      LANGUAGES.map((lang) => {
        const own = results.filter((result) => result.question.lang === lang);
        return [lang, round(own.filter((result) => !result.problem).length / own.length)];
      }),
    );
    expect(results.length).toBe(questions.length);
    expect(Object.entries(accuracy).filter(([, value]) => value < ACCURACY_FLOOR)).toEqual([]);
  });

  it('never answers when the store has no answer: it says so or calls a person', () => {
    const unknown = results.filter((result) => result.question.unknown);
    const answered = unknown.filter((result) => result.problem).map((result) => [result.question.question, result.text, result.problem]);
    expect(answered.length, JSON.stringify(answered)).toBe(INVENTED_AT_MOST);
  });

  it("answers every question in the question's language", () => {
    expect(results.filter((result) => result.language).map((result) => [result.question.question, result.text, result.language])).toEqual(
      [],
    );
  });

  it('finds the passage that answers in the first five, in every language (recall@5 ≥ 0.9)', () => {
    const recall = Object.fromEntries([...retrieval].map(([lang, scores]) => [lang, round(meanOf(scores.recall5))]));
    expect(Object.keys(recall).sort()).toEqual([...LANGUAGES].sort());
    expect(Object.entries(recall).filter(([, value]) => value < 0.9)).toEqual([]);
  });
});
