import { eq } from 'drizzle-orm';
import MiniSearch from 'minisearch';
import pino from 'pino';
import { assistants, files, stores } from '../apps/server/src/db/schema';
import { indexPassages } from '../apps/server/src/domains/knowledge/index-passages';
import { searchStores } from '../apps/server/src/domains/knowledge/retrieval/search-stores';
import { answerTurn } from '../apps/server/src/domains/turns/answer-turn';
import { createTurnContext } from '../apps/server/src/domains/turns/turn-context';
import { ANSWER_SHOPS, judgeAnswer, loadAnswerQuestions } from '../apps/server/src/testing/answer-fixture';
import { createAssistant } from '../apps/server/src/testing/assistants';
import { viewerToken } from '../apps/server/src/testing/graphql-client';
import { post, uploadFiles, waitForFiles } from '../apps/server/src/testing/knowledge';
import { type FixturePassage, loadRetrievalFixture } from '../apps/server/src/testing/retrieval-fixture';
import { meanOf, ndcgAtK, recallAtK } from '../apps/server/src/testing/retrieval-metrics';
import { createTestApp } from '../apps/server/src/testing/test-app';

/**
 * The built-in `local` model on public, labelled data of our own (CC0, testing/fixtures/answers and
 * testing/fixtures/retrieval): answer accuracy on the two-shop answer fixture through the real
 * ingestion, retrieval and answering, and retrieval nDCG@10 / recall@5 on the retrieval fixture
 * for ours (expanded BM25), the BM25 before this change (no expansion) and MiniSearch, in one run.
 */
export async function localAnswers() {
  const t = await createTestApp({ DEFAULT_MODEL: 'local:extractive' });
  try {
    const owner = await viewerToken(t, 'bench@answers.test');
    const byShop = new Map<string, { assistant: typeof assistants.$inferSelect; storeId: string }>();
    for (const shop of ANSWER_SHOPS) {
      const storeId = (await post(t, owner, '/api/store/create/', { name: shop.name, currency: shop.currency })).body?.id as string;
      await waitForFiles(t, (await uploadFiles(t, owner, storeId, shop.files)).fileIds);
      const assistantId = await createAssistant(t, owner, { assistantName: shop.name, model: 'local:extractive' });
      await post(t, owner, '/api/assistant/store-add/', { assistantId, storeId });
      const [assistant] = await t.services.db.select().from(assistants).where(eq(assistants.id, assistantId));
      byShop.set(shop.name, { assistant: assistant as typeof assistants.$inferSelect, storeId });
    }
    const { services } = t;
    const ctx = { ...createTurnContext(services), models: { defaultModelId: 'local:extractive' } };
    const questions = loadAnswerQuestions();
    let correct = 0;
    for (const question of questions) {
      const { assistant, storeId } = byShop.get(question.store) as { assistant: typeof assistants.$inferSelect; storeId: string };
      const answer = await answerTurn(ctx, pino({ level: 'silent' }), {
        assistant,
        ownerEmail: assistant.ownerEmail,
        modelId: 'local:extractive',
        storeIds: [storeId],
        messages: [{ role: 'user', content: question.question }],
        query: question.question,
        handoff: true,
      });
      if (!judgeAnswer(question, { text: answer.text, handoff: answer.handoff !== undefined, unknown: answer.unanswered === true }))
        correct += 1;
    }

    const { corpus, questions: retrievalQuestions } = loadRetrievalFixture();
    const [store] = await services.db.insert(stores).values({ ownerEmail: owner.email, name: 'Retrieval' }).returning({ id: stores.id });
    const storeId = store?.id as string;
    const fixtureIdOf = new Map<string, string>();
    const byFile = new Map<string, FixturePassage[]>();
    for (const passage of corpus) byFile.set(passage.file, [...(byFile.get(passage.file) ?? []), passage]);
    for (const [fileName, list] of byFile) {
      const [file] = await services.db
        .insert(files)
        .values({ ownerEmail: owner.email, storeId, storeFilesId: storeId, fileName, status: 'ready' })
        .returning({ id: files.id });
      const { passageIds } = await indexPassages(services.db, {
        ownerEmail: owner.email,
        storeId,
        fileId: file?.id as string,
        passages: list.map((p, ordinal) => ({ ordinal, heading: p.heading, text: p.text, startOffset: 0, endOffset: 0 })),
      });
      for (const [i, id] of passageIds.entries()) fixtureIdOf.set(id, list[i]?.id as string);
    }
    const relevance = retrievalQuestions.map((q) => new Map(q.relevant.map((id) => [id, q.graded?.[id] ?? 1])));
    const score = (rankings: string[][]) => ({
      ndcg10: Number(meanOf(rankings.map((r, i) => ndcgAtK(r, relevance[i] as Map<string, number>, 10))).toFixed(4)),
      recall5: Number(meanOf(rankings.map((r, i) => recallAtK(r, relevance[i] as Map<string, number>, 5))).toFixed(4)),
    });
    const rank = async (expand: boolean) => {
      const rankings: string[][] = [];
      for (const { question } of retrievalQuestions) {
        const { results } = await searchStores(services.db, {
          ownerEmail: owner.email,
          storeIds: [storeId],
          query: question,
          k: 10,
          expand,
        });
        rankings.push(results.map((hit) => fixtureIdOf.get(hit.passageId) as string));
      }
      return rankings;
    };
    const mini = new MiniSearch<FixturePassage>({ fields: ['text', 'heading'] });
    mini.addAll(corpus);
    return {
      data: 'testing/fixtures/answers (CC0, our own words) and testing/fixtures/retrieval',
      answers: { questions: questions.length, accuracy: Number((correct / questions.length).toFixed(4)) },
      retrieval: {
        questions: retrievalQuestions.length,
        ours: score(await rank(true)),
        bm25: score(await rank(false)),
        minisearch: score(
          retrievalQuestions.map(({ question }) =>
            mini
              .search(question)
              .slice(0, 10)
              .map((hit) => String(hit.id)),
          ),
        ),
      },
    };
  } finally {
    await t.close();
  }
}
