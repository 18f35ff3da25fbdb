import {
  TEST_CASES_MAX,
  TEST_SUITE_FORMAT,
  type TestCase,
  type TestCaseInput,
  type TestCaseOrigin,
  type TestSuiteFile,
} from '@aisle/contracts/test-suites';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { getModel } from '../../data-api/model-registry';
import { publishRow } from '../../data-api/model-store';
import type { DbOrTx } from '../../db/database';
import {
  assistants,
  messages,
  sharedAssistants,
  sharedMessages,
  sharedThreads,
  testCases,
  testResults,
  testRuns,
  threads,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { detectLanguage } from '../ai';
import { numbersOf } from './facts';
import { generateCases, questionKey } from './generate-cases';
import { modelPhrasings } from './model-phrasings';
import type { TestSuiteContext } from './test-suite-context';

type CaseRow = typeof testCases.$inferSelect;

/** A case row as the REST calls return it (the data API's shape: ISO dates). */
export const caseOf = (row: CaseRow): TestCase => ({
  id: row.id,
  ownerEmail: row.ownerEmail,
  assistantId: row.assistantId,
  question: row.question,
  followUp: row.followUp,
  expected: row.expected,
  expectRefusal: row.expectRefusal,
  enabled: row.enabled,
  kind: row.kind,
  origin: row.origin,
  language: row.language,
  source: row.source,
  acceptedAnswer: row.acceptedAnswer,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The caller's assistant (locked for the writes that follow when in a transaction); 404 as for a missing one otherwise. */
async function ownedAssistant(db: DbOrTx, ownerEmail: string, assistantId: string) {
  const [row] = await db
    .select({ id: assistants.id, name: assistants.assistantName })
    .from(assistants)
    .where(and(eq(assistants.id, assistantId), eq(assistants.ownerEmail, ownerEmail)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Assistant not found.');
  return row;
}

/**
 * Adds cases to an assistant's suite, skipping any whose question (and follow-up) it already has
 * and stopping at TEST_CASES_MAX, in one transaction; each new case goes live. Returns the created
 * ones and how many were skipped.
 */
async function addCases(
  ctx: TestSuiteContext,
  input: {
    ownerEmail: string;
    assistantId: string;
    cases: (TestCaseInput & { origin: TestCaseOrigin; source?: string | null; acceptedAnswer?: string | null })[];
  },
) {
  const created = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM ${assistants} WHERE id = ${input.assistantId} FOR UPDATE`);
    const existing = await tx
      .select({ question: testCases.question, followUp: testCases.followUp })
      .from(testCases)
      .where(eq(testCases.assistantId, input.assistantId));
    const keys = new Set(existing.map((row) => questionKey(row.question, row.followUp)));
    const fresh = [];
    for (const testCase of input.cases) {
      const key = questionKey(testCase.question, testCase.followUp);
      if (keys.has(key) || existing.length + fresh.length >= TEST_CASES_MAX) continue;
      keys.add(key);
      fresh.push({
        ownerEmail: input.ownerEmail,
        assistantId: input.assistantId,
        question: testCase.question,
        followUp: testCase.followUp || null,
        expected: testCase.expectRefusal ? '' : testCase.expected,
        expectRefusal: testCase.expectRefusal,
        enabled: testCase.enabled,
        kind: testCase.kind,
        origin: testCase.origin,
        language: testCase.language,
        source: testCase.source ?? null,
        acceptedAnswer: testCase.acceptedAnswer ?? null,
      });
    }
    if (!fresh.length) return [];
    // Created one after another in the suite's order (a run asks them in creation order), by the
    // database's clock, as runs are.
    return tx
      .insert(testCases)
      .values(
        fresh.map((row, index) => {
          const at = sql`now() + ${index}::int * interval '1 millisecond'`;
          return { ...row, createdAt: at, updatedAt: at };
        }),
      )
      .returning();
  });
  const model = getModel('TestCase');
  for (const row of created) publishRow(ctx, model, 'create', row);
  return { cases: created.map(caseOf), skipped: input.cases.length - created.length };
}

/** POST /api/assistant/test-suite/generate/: cases written from the assistant's knowledge, offline; 400 when it has nothing to write them from. */
export async function generateSuite(ctx: TestSuiteContext, input: { ownerEmail: string; assistantId: string }) {
  await ownedAssistant(ctx.db, input.ownerEmail, input.assistantId);
  const { language, cases } = await generateCases(ctx.db, input.assistantId);
  if (!cases.length) {
    throw new AppError('BAD_REQUEST', 'This assistant has nothing to write test questions from yet. Link a store with ready files first.');
  }
  // With a network model, more varied phrasings of the same questions (charged like any generation).
  const phrased = await modelPhrasings(ctx, { ...input, language, cases });
  return addCases(ctx, { ...input, cases: [...cases, ...phrased] });
}

/** POST /api/assistant/test-suite/export/: the suite as a JSON file another assistant can import. */
export async function exportSuite(ctx: TestSuiteContext, input: { ownerEmail: string; assistantId: string }): Promise<TestSuiteFile> {
  const assistant = await ownedAssistant(ctx.db, input.ownerEmail, input.assistantId);
  const rows = await ctx.db
    .select()
    .from(testCases)
    .where(and(eq(testCases.assistantId, input.assistantId), eq(testCases.ownerEmail, input.ownerEmail)))
    .orderBy(asc(testCases.createdAt), asc(testCases.id));
  return {
    format: TEST_SUITE_FORMAT,
    assistantName: assistant.name ?? undefined,
    exportedAt: new Date().toISOString(),
    cases: rows.map((row) => ({
      question: row.question,
      followUp: row.followUp,
      expected: row.expected,
      expectRefusal: row.expectRefusal,
      enabled: row.enabled,
      kind: row.kind,
      language: row.language,
      origin: row.origin,
      source: row.source,
      acceptedAnswer: row.acceptedAnswer,
    })),
  };
}

/** POST /api/assistant/test-suite/import/: a suite file's cases added to an assistant's (questions it has are skipped). */
export async function importSuite(ctx: TestSuiteContext, input: { ownerEmail: string; assistantId: string; suite: TestSuiteFile }) {
  await ownedAssistant(ctx.db, input.ownerEmail, input.assistantId);
  // An imported answer the owner marked right belonged to another store: it is not carried over as one.
  const cases = input.suite.cases.map((testCase) => ({ ...testCase, origin: 'import' as const, acceptedAnswer: null }));
  return addCases(ctx, { ...input, cases });
}

/** The fact a conversation's answer is kept for: its figures, or the answer itself (judged by most of its words). */
function factOfAnswer(answer: string): string {
  const numbers = [...numbersOf(answer)];
  if (numbers.length && numbers.length <= 4) return numbers.join(', ');
  return answer.length <= 300 ? answer : `${answer.slice(0, 300)}…`;
}

/**
 * POST /api/assistant/test-suite/from-conversation/: the latest question of a conversation and the
 * answer it got, as a case of the conversation's assistant (the answer marked as right). A shared
 * thread of the inbox or one of the owner's own threads; another owner's is not found.
 */
export async function caseFromConversation(
  ctx: TestSuiteContext,
  input: { ownerEmail: string; sharedThreadId?: string; threadId?: string },
) {
  let assistantId: string | null = null;
  let history: { content: string; senderType: string }[] = [];
  if (input.sharedThreadId) {
    const [thread] = await ctx.db
      .select({ assistantId: sharedAssistants.originalAssistantId })
      .from(sharedThreads)
      .innerJoin(sharedAssistants, eq(sharedAssistants.id, sharedThreads.sharedAssistantId))
      .where(and(eq(sharedThreads.id, input.sharedThreadId), eq(sharedThreads.ownerEmail, input.ownerEmail)))
      .limit(1);
    if (!thread) throw new AppError('NOT_FOUND', 'Thread not found.');
    assistantId = thread.assistantId;
    history = await ctx.db
      .select({ content: sharedMessages.content, senderType: sharedMessages.senderType })
      .from(sharedMessages)
      .where(eq(sharedMessages.sharedThreadId, input.sharedThreadId))
      .orderBy(desc(sharedMessages.createdAt), desc(sharedMessages.id))
      .limit(20);
  } else if (input.threadId) {
    const [thread] = await ctx.db
      .select({ assistantId: threads.assistantId })
      .from(threads)
      .where(and(eq(threads.id, input.threadId), eq(threads.ownerEmail, input.ownerEmail)))
      .limit(1);
    if (!thread) throw new AppError('NOT_FOUND', 'Thread not found.');
    assistantId = thread.assistantId;
    history = await ctx.db
      .select({ content: messages.content, senderType: messages.senderType })
      .from(messages)
      .where(eq(messages.threadId, input.threadId))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(20);
  }
  if (!assistantId) throw new AppError('BAD_REQUEST', 'This conversation has no assistant to test.');
  // Newest first: the latest answer, and the shopper's question before it.
  const answerIndex = history.findIndex((message) => message.senderType !== 'user' && message.senderType !== 'visitor');
  const answer = history[answerIndex];
  const question = history.slice(answerIndex + 1).find((message) => message.senderType === 'user' || message.senderType === 'visitor');
  if (!answer || !question) throw new AppError('BAD_REQUEST', 'This conversation has no answered question yet.');
  const { cases } = await addCases(ctx, {
    ownerEmail: input.ownerEmail,
    assistantId,
    cases: [
      {
        question: question.content.slice(0, 1_000),
        followUp: null,
        expected: factOfAnswer(answer.content),
        expectRefusal: false,
        enabled: true,
        kind: 'conversation',
        language: detectLanguage(question.content) ?? '',
        origin: 'conversation',
        source: input.sharedThreadId ? `shared-thread:${input.sharedThreadId}` : `thread:${input.threadId}`,
        acceptedAnswer: answer.content.slice(0, 8_000),
      },
    ],
  });
  const [created] = cases;
  if (!created) throw new AppError('CONFLICT', 'This question is already in the test suite.');
  return created;
}

/**
 * POST /api/assistant/test-suite/mark-right/: the owner says a result's answer is right. The case
 * keeps the answer (the same answer passes in later runs) and the result passes now, with its run's
 * counts; both go live.
 */
export async function markRight(ctx: TestSuiteContext, input: { ownerEmail: string; resultId: string }) {
  const outcome = await ctx.db.transaction(async (tx) => {
    const [result] = await tx
      .select()
      .from(testResults)
      .where(and(eq(testResults.id, input.resultId), eq(testResults.ownerEmail, input.ownerEmail)))
      .for('update');
    if (!result) throw new AppError('NOT_FOUND', 'Result not found.');
    const [testCase] = result.caseId
      ? await tx
          .update(testCases)
          .set({ acceptedAnswer: result.answer, updatedAt: new Date() })
          .where(eq(testCases.id, result.caseId))
          .returning()
      : [];
    if (result.passed) return { result, testCase, run: null };
    const [updated] = await tx
      .update(testResults)
      .set({ verdict: 'marked_right', passed: true, regressed: false, detail: null, updatedAt: new Date() })
      .where(eq(testResults.id, result.id))
      .returning();
    const [run] = await tx
      .update(testRuns)
      .set({
        passed: sql`${testRuns.passed} + 1`,
        failed: sql`greatest(${testRuns.failed} - 1, 0)`,
        regressions: sql`greatest(${testRuns.regressions} - ${result.regressed ? 1 : 0}, 0)`,
        updatedAt: new Date(),
      })
      .where(eq(testRuns.id, result.runId))
      .returning();
    return { result: updated ?? result, testCase, run };
  });
  if (outcome.testCase) publishRow(ctx, getModel('TestCase'), 'update', outcome.testCase);
  if (outcome.run) {
    publishRow(ctx, getModel('TestResult'), 'update', outcome.result);
    publishRow(ctx, getModel('TestRun'), 'update', outcome.run);
  }
  return { resultId: outcome.result.id, passed: true };
}
