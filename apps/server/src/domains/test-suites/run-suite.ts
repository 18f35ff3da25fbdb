import { TEST_RUN_SCHEDULE_HOURS, type TestRunTrigger, type TestVerdict } from '@aisle/contracts/test-suites';
import type { ModelMessage } from 'ai';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { getModel } from '../../data-api/model-registry';
import { publishRow } from '../../data-api/model-store';
import { assistants, testCases, testResults, testRuns } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { defineJob, type JobHandlerContext } from '../../lib/job-queue';
import { yieldToTurns } from '../../lib/yield-to-turns';
import { runTurn, type TurnAnswer } from '../turns';
import { fingerprintOf } from './fingerprint';
import { judgeAnswer, type Verdict } from './judge-answer';
import { noticeRegressions } from './regression-notice';
import type { TestSuiteContext } from './test-suite-context';
import { testTurn } from './test-turn';

/** One run of a suite (`runSuite`); jobs/job-list.ts runs it. A run that dies with its process resumes from the cases it had not judged. */
export const runTestSuiteJob = defineJob({
  name: 'run-test-suite',
  payload: z.object({ runId: z.uuid() }),
  retryLimit: 3,
  retryDelay: 10,
  expireInSeconds: 30 * 60,
});

/** The next scheduled run of an assistant's suite (TEST_RUN_SCHEDULE_HOURS after its last run). */
export const scheduledTestRunJob = defineJob({
  name: 'scheduled-test-run',
  payload: z.object({ assistantId: z.uuid() }),
  retryLimit: 2,
  retryDelay: 60,
  expireInSeconds: 60,
});

type RunRow = typeof testRuns.$inferSelect;

/**
 * How long a case waits at most for shoppers' turns to finish before it is asked: a run takes the
 * CPU between their turns, so a busy shop's answers are not slowed by its tests (a 50-case run
 * under a load that never pauses then takes about a minute).
 */
const YIELD_PER_CASE_MS = 1_000;

const publishRun = (ctx: TestSuiteContext, row: RunRow) => publishRow(ctx, getModel('TestRun'), 'update', row);

/**
 * Starts a run of an assistant's enabled cases: a `queued` run row, live on the data API, and its
 * durable job. An assistant whose run is still queued or running gets that run's id back rather
 * than a second one. 404 for an assistant that is not the caller's; 400 when there is nothing to run.
 */
export async function startRun(
  ctx: TestSuiteContext,
  input: { ownerEmail: string; assistantId: string; trigger: TestRunTrigger; triggerDetail?: string | null },
): Promise<{ runId: string; started: boolean }> {
  const started = await ctx.db.transaction(async (tx) => {
    // The assistant's row is locked for the check and the insert: two starts at once make one run.
    const [assistant] = await tx
      .select({ id: assistants.id })
      .from(assistants)
      .where(and(eq(assistants.id, input.assistantId), eq(assistants.ownerEmail, input.ownerEmail)))
      .for('update');
    if (!assistant) throw new AppError('NOT_FOUND', 'Assistant not found.');
    const [live] = await tx
      .select({ id: testRuns.id })
      .from(testRuns)
      .where(and(eq(testRuns.assistantId, input.assistantId), inArray(testRuns.status, ['queued', 'running'])))
      .limit(1);
    if (live) return { row: null, runId: live.id };
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(testCases)
      .where(and(eq(testCases.assistantId, input.assistantId), eq(testCases.enabled, true)));
    if (!count?.n) throw new AppError('BAD_REQUEST', 'This assistant has no test questions to run. Generate or add some first.');
    const [row] = await tx
      .insert(testRuns)
      .values({
        // The run asks the cases created up to its own creation (a resumed run does not take in
        // cases added since). Cases written together are stamped a millisecond apart, so the
        // newest may be a little ahead of now(): the run is stamped no earlier than the newest
        // case it counted, so every counted case is asked.
        createdAt: sql`greatest(now(), (SELECT max(${testCases.createdAt}) FROM ${testCases}
          WHERE ${testCases.assistantId} = ${input.assistantId} AND ${testCases.enabled}))`,
        fingerprint: await fingerprintOf(tx, input.assistantId),
        ownerEmail: input.ownerEmail,
        assistantId: input.assistantId,
        trigger: input.trigger,
        triggerDetail: input.triggerDetail ?? null,
        total: count.n,
      })
      .returning();
    return { row: row as RunRow, runId: (row as RunRow).id };
  });
  if (!started.row) return { runId: started.runId, started: false };
  publishRow(ctx, getModel('TestRun'), 'create', started.row);
  await ctx.jobs.send(runTestSuiteJob, { runId: started.runId }, { singletonKey: started.runId });
  return { runId: started.runId, started: true };
}

/** Whether an error stops the whole run (nothing after it could be answered either) rather than one case. */
const stopsTheRun = (error: unknown) => error instanceof AppError && (error.status === 402 || error.status === 403);

/** One case asked: its question, then its follow-up in the same thread; the last answer is judged. */
async function askCase(ctx: TestSuiteContext, run: RunRow, testCase: typeof testCases.$inferSelect, signal: AbortSignal) {
  const history: ModelMessage[] = [];
  let cost = 0;
  let answer: TurnAnswer | null = null;
  for (const question of [testCase.question, testCase.followUp].filter((q): q is string => Boolean(q?.trim()))) {
    const result = await runTurn(
      ctx,
      ctx.logger,
      { key: `test-suite:${run.assistantId}`, patient: true, signal },
      testTurn(ctx, {
        ownerEmail: run.ownerEmail,
        assistantId: run.assistantId,
        runId: run.id,
        caseId: testCase.id,
        history: [...history],
        question,
      }),
    );
    if (!result?.answer) throw new AppError('NOT_FOUND', 'Assistant not found.');
    answer = result.answer;
    cost += result.reply?.costUsd ?? 0;
    history.push({ role: 'user', content: question }, { role: 'assistant', content: answer.text });
  }
  return { answer, cost };
}

/** Whether each case passed in the assistant's previous finished run (the baseline a regression is measured against). */
async function previousOutcomes(ctx: TestSuiteContext, run: RunRow): Promise<Map<string, boolean>> {
  const [previous] = await ctx.db
    .select({ id: testRuns.id })
    .from(testRuns)
    .where(and(eq(testRuns.assistantId, run.assistantId), eq(testRuns.status, 'done'), sql`${testRuns.createdAt} < ${run.createdAt}`))
    .orderBy(desc(testRuns.createdAt))
    .limit(1);
  if (!previous) return new Map();
  const rows = await ctx.db
    .select({ caseId: testResults.caseId, passed: testResults.passed })
    .from(testResults)
    .where(eq(testResults.runId, previous.id));
  return new Map(rows.filter((row) => row.caseId).map((row) => [row.caseId as string, row.passed]));
}

/** Stores one case's result and moves the run's counters, in one transaction; both go live. */
async function recordResult(
  ctx: TestSuiteContext,
  run: RunRow,
  testCase: typeof testCases.$inferSelect,
  outcome: { answer: string; verdict: Verdict; cost: number; regressed: boolean },
) {
  const { result, updated } = await ctx.db.transaction(async (tx) => {
    const [result] = await tx
      .insert(testResults)
      .values({
        ownerEmail: run.ownerEmail,
        runId: run.id,
        caseId: testCase.id,
        question: testCase.question,
        followUp: testCase.followUp,
        expected: testCase.expectRefusal ? '' : testCase.expected,
        answer: outcome.answer.slice(0, 8_000),
        verdict: outcome.verdict.verdict,
        passed: outcome.verdict.passed,
        regressed: outcome.regressed,
        detail: outcome.verdict.detail,
        costUsd: outcome.cost,
      })
      .returning();
    const [updated] = await tx
      .update(testRuns)
      .set({
        completed: sql`${testRuns.completed} + 1`,
        passed: sql`${testRuns.passed} + ${outcome.verdict.passed ? 1 : 0}`,
        failed: sql`${testRuns.failed} + ${outcome.verdict.passed ? 0 : 1}`,
        regressions: sql`${testRuns.regressions} + ${outcome.regressed ? 1 : 0}`,
        costUsd: sql`${testRuns.costUsd} + ${outcome.cost}`,
        updatedAt: new Date(),
      })
      .where(eq(testRuns.id, run.id))
      .returning();
    return { result, updated };
  });
  publishRow(ctx, getModel('TestResult'), 'create', result as object);
  publishRun(ctx, updated as RunRow);
}

/**
 * Ends a run: the regression notice first (so a run that reads `done` has told the owner), then
 * done (or failed, saying why), live, and the next scheduled run. A notice that cannot be sent is
 * logged; it never keeps the run from ending.
 */
async function finishRun(ctx: TestSuiteContext, run: RunRow, error: string | null) {
  const [counted] = await ctx.db.select().from(testRuns).where(eq(testRuns.id, run.id)).limit(1);
  if (!counted) return;
  if (!error && counted.regressions > 0) {
    await noticeRegressions(ctx, counted).catch((failure: unknown) =>
      ctx.logger.warn({ err: failure, runId: run.id }, 'the owner could not be told about a test regression'),
    );
  }
  const [finished] = await ctx.db
    .update(testRuns)
    .set({ status: error ? 'failed' : 'done', error, finishedAt: new Date(), updatedAt: new Date() })
    .where(eq(testRuns.id, run.id))
    .returning();
  if (!finished) return;
  publishRun(ctx, finished);
  await ctx.jobs.schedule(
    scheduledTestRunJob,
    { assistantId: run.assistantId },
    { singletonKey: `test-schedule:${run.assistantId}`, startAfterSeconds: TEST_RUN_SCHEDULE_HOURS * 3600 },
  );
}

/**
 * The job: asks every enabled case not yet judged in this run (a run resumed after a restart
 * carries on where it stopped), one at a time and waiting its turn behind shoppers' turns (the
 * gate's `patient` admission under its own key), judges each answer, records it with the run's
 * counters, and finishes the run. No credit (or the tier refusing) stops the run with the reason;
 * any other failure of one case is that case's `error` result.
 */
export async function runSuite(ctx: TestSuiteContext, runId: string, job: Pick<JobHandlerContext, 'signal'>) {
  let [run] = await ctx.db.select().from(testRuns).where(eq(testRuns.id, runId)).limit(1);
  if (!run || run.status === 'done' || run.status === 'failed') return;
  if (run.status === 'queued') {
    [run] = await ctx.db.update(testRuns).set({ status: 'running', updatedAt: new Date() }).where(eq(testRuns.id, runId)).returning();
    if (!run) return;
    publishRun(ctx, run);
  }
  const current = run;
  const cases = await ctx.db
    .select()
    .from(testCases)
    .where(
      and(eq(testCases.assistantId, current.assistantId), eq(testCases.enabled, true), sql`${testCases.createdAt} <= ${current.createdAt}`),
    )
    .orderBy(asc(testCases.createdAt), asc(testCases.id));
  const judged = new Set(
    (await ctx.db.select({ caseId: testResults.caseId }).from(testResults).where(eq(testResults.runId, runId))).map((row) => row.caseId),
  );
  const before = await previousOutcomes(ctx, current);
  for (const testCase of cases) {
    if (judged.has(testCase.id)) continue;
    if (job.signal.aborted) throw new Error('the run was interrupted; it resumes from the next case');
    // Shoppers first: a case starts between their turns (or after a short wait under a load that never pauses).
    await yieldToTurns(ctx.gate, { maxWaitMs: YIELD_PER_CASE_MS, signal: job.signal });
    let answerText = '';
    let verdict: Verdict;
    let cost = 0;
    try {
      const asked = await askCase(ctx, current, testCase, job.signal);
      cost = asked.cost;
      answerText = asked.answer?.text ?? '';
      verdict = judgeAnswer(testCase, {
        text: answerText,
        unanswered: asked.answer?.unanswered,
        handoff: Boolean(asked.answer?.handoff),
        citations: asked.answer?.usage.citations ?? [],
        productFacts: (asked.answer?.products ?? []).flatMap((card) => [card.price ?? '', card.compareAtPrice ?? '', card.title]),
      });
    } catch (error) {
      if (job.signal.aborted) throw error;
      if (stopsTheRun(error)) {
        await finishRun(ctx, current, (error as AppError).detail);
        return;
      }
      ctx.logger.warn({ err: error, runId, caseId: testCase.id }, 'a test question could not be answered');
      verdict = {
        verdict: 'error' satisfies TestVerdict,
        passed: false,
        detail: error instanceof AppError ? error.detail : 'The assistant could not answer.',
      };
    }
    const regressed = !verdict.passed && before.get(testCase.id) === true;
    await recordResult(ctx, current, testCase, { answer: answerText, verdict, cost, regressed });
  }
  await finishRun(ctx, current, null);
}

/** The scheduled job: a run of an assistant's suite, when it still has enabled cases (the schedule continues from that run's end). */
export async function runScheduled(ctx: TestSuiteContext, assistantId: string) {
  const [assistant] = await ctx.db
    .select({ ownerEmail: assistants.ownerEmail })
    .from(assistants)
    .where(eq(assistants.id, assistantId))
    .limit(1);
  if (!assistant) return;
  try {
    await startRun(ctx, { ownerEmail: assistant.ownerEmail, assistantId, trigger: 'schedule' });
  } catch (error) {
    // Every case was deleted or disabled: the schedule ends until the owner runs the suite again.
    if (!(error instanceof AppError && error.status === 400)) throw error;
  }
}
