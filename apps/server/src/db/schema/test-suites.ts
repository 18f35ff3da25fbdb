import type { TestCaseKind, TestCaseOrigin, TestRunStatus, TestRunTrigger, TestVerdict } from '@aisle/contracts/test-suites';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { assistants } from './assistants';
import { id, ownerEmail, timestamps } from './columns';

/** What an assistant answers from, as a run records it (domains/test-suites/fingerprint.ts). */
export interface SuiteFingerprint {
  settings: Record<string, unknown>;
  /** Each linked store's id and content version. */
  stores: Record<string, number>;
}

/** A question of an assistant's test suite with what a right answer holds (issue 35; domains/test-suites). */
export const testCases = pgTable(
  'test_cases',
  {
    id: id(),
    ownerEmail: ownerEmail(),
    ...timestamps(),
    assistantId: uuid('assistant_id')
      .notNull()
      .references(() => assistants.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    /** Asked after `question` in the same thread; the follow-up's answer is the one judged. */
    followUp: text('follow_up'),
    /** The fact a right answer contains ("30 days", "¥4,800"); empty when the right answer is to decline. */
    expected: text('expected').notNull().default(''),
    expectRefusal: boolean('expect_refusal').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    kind: text('kind').$type<TestCaseKind>().notNull().default('custom'),
    origin: text('origin').$type<TestCaseOrigin>().notNull().default('owner'),
    /** The case's language (the store's), as a BCP 47 tag. */
    language: text('language').notNull().default(''),
    /** Where it was written from: a file and section, a product, a conversation. */
    source: text('source'),
    /** An answer the owner marked as right: the same answer passes again. */
    acceptedAnswer: text('accepted_answer'),
  },
  (t) => [index('test_cases_assistant_idx').on(t.assistantId, t.createdAt), index('test_cases_owner_idx').on(t.ownerEmail, t.createdAt)],
);

/** One run of a suite: a durable job asks every enabled case and judges the answers. */
export const testRuns = pgTable(
  'test_runs',
  {
    id: id(),
    ownerEmail: ownerEmail(),
    ...timestamps(),
    assistantId: uuid('assistant_id')
      .notNull()
      .references(() => assistants.id, { onDelete: 'cascade' }),
    status: text('status').$type<TestRunStatus>().notNull().default('queued'),
    trigger: text('trigger').$type<TestRunTrigger>().notNull().default('manual'),
    /** What change it followed ("returns.md indexed", "instructions changed"). */
    triggerDetail: text('trigger_detail'),
    total: integer('total').notNull().default(0),
    completed: integer('completed').notNull().default(0),
    passed: integer('passed').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** Cases that passed in the suite's previous run and fail in this one. */
    regressions: integer('regressions').notNull().default(0),
    costUsd: doublePrecision('cost_usd').notNull().default(0),
    /** What the assistant answered from when the run started (its settings, its stores' content versions): a later change is told apart by it. */
    fingerprint: jsonb('fingerprint').$type<SuiteFingerprint>(),
    /** Why a run stopped early (no credit, the model unavailable). */
    error: text('error'),
    finishedAt: timestamp('finished_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [index('test_runs_assistant_idx').on(t.assistantId, t.createdAt), index('test_runs_owner_idx').on(t.ownerEmail, t.createdAt)],
);

/** One case's answer in one run, with its verdict and cost. */
export const testResults = pgTable(
  'test_results',
  {
    id: id(),
    ownerEmail: ownerEmail(),
    ...timestamps(),
    runId: uuid('run_id')
      .notNull()
      .references(() => testRuns.id, { onDelete: 'cascade' }),
    /** Null once the case was deleted: the run's history stays. */
    caseId: uuid('case_id').references(() => testCases.id, { onDelete: 'set null' }),
    question: text('question').notNull(),
    followUp: text('follow_up'),
    expected: text('expected').notNull().default(''),
    answer: text('answer').notNull().default(''),
    verdict: text('verdict').$type<TestVerdict>().notNull(),
    passed: boolean('passed').notNull(),
    /** Passed in the previous run, fails now. */
    regressed: boolean('regressed').notNull().default(false),
    /** Why the verdict: the figure not found in the knowledge, the error. */
    detail: text('detail'),
    costUsd: doublePrecision('cost_usd').notNull().default(0),
  },
  (t) => [index('test_results_run_idx').on(t.runId, t.createdAt), index('test_results_case_idx').on(t.caseId, t.createdAt)],
);
