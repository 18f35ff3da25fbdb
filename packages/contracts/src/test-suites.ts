import { z } from 'zod';

/**
 * An assistant's test suite (issue 35): questions a right answer is known for, written from the
 * store's own knowledge (FAQ sections and policies, product records) or by the owner, run against
 * the assistant on demand, after changes and on a schedule. Cases and runs are owned rows of the
 * live data API (`TestCase`, `TestRun`, `TestResult`); these are the REST bodies and the shapes
 * both sides share.
 */

/** What a case asks about. */
export const testCaseKinds = ['faq', 'product', 'comparison', 'follow_up', 'unanswerable', 'custom', 'conversation'] as const;
export type TestCaseKind = (typeof testCaseKinds)[number];

/** How a case was made: generated offline from the store's structure, phrased by a model, written by the owner, taken from a conversation, imported. */
export const testCaseOrigins = ['store', 'model', 'owner', 'conversation', 'import'] as const;
export type TestCaseOrigin = (typeof testCaseOrigins)[number];

/**
 * A result's verdict: the expected fact is in the answer; it is not; the answer states a figure
 * the knowledge does not hold (an invented claim); a question the store cannot answer was declined
 * with an offer of a person; such a question got an answer anyway; the owner marked the answer as
 * right; the turn failed (no credit, the provider down).
 */
export const testVerdicts = [
  'fact_present',
  'fact_missing',
  'invented_claim',
  'refused_correctly',
  'should_refuse',
  'marked_right',
  'error',
] as const;
export type TestVerdict = (typeof testVerdicts)[number];
export const PASSING_VERDICTS: readonly TestVerdict[] = ['fact_present', 'refused_correctly', 'marked_right'];

/** What started a run. */
export const testRunTriggers = ['manual', 'knowledge', 'assistant', 'schedule'] as const;
export type TestRunTrigger = (typeof testRunTriggers)[number];

export const testRunStatuses = ['queued', 'running', 'done', 'failed'] as const;
export type TestRunStatus = (typeof testRunStatuses)[number];

export const TEST_QUESTION_MAX_LENGTH = 1_000;
export const TEST_EXPECTED_MAX_LENGTH = 1_000;
export const TEST_ANSWER_MAX_LENGTH = 8_000;
/** Cases one assistant may have; a run asks each enabled one. */
export const TEST_CASES_MAX = 200;
/** An automatic run waits this long after the last change (knowledge indexed, instructions or model edited). */
/** Assistants whose suite has run once are run again this often. */
export const TEST_RUN_SCHEDULE_HOURS = 24;

const text = (max: number) => z.string({ error: 'Not a valid string.' }).max(max, `Ensure this field has no more than ${max} characters.`);
const required = (max: number) => text(max).trim().min(1, 'This field may not be blank.');

const caseFields = {
  question: required(TEST_QUESTION_MAX_LENGTH),
  /** A question asked after the first one in the same thread; the answer judged is the follow-up's. */
  followUp: text(TEST_QUESTION_MAX_LENGTH).nullable(),
  /** The fact a right answer contains; empty for a question the store cannot answer. */
  expected: text(TEST_EXPECTED_MAX_LENGTH),
  /** The right answer says the shop cannot answer and offers a person. */
  expectRefusal: z.boolean({ error: 'Must be a valid boolean.' }),
  enabled: z.boolean({ error: 'Must be a valid boolean.' }),
  language: text(16),
  acceptedAnswer: text(TEST_ANSWER_MAX_LENGTH).nullable(),
};

/**
 * What the owner may write of a case on the data API (createTestCase / updateTestCase): no
 * defaults, so an update changes only the fields it sends; the kind and origin are the server's (an
 * owner's own case is `custom`, made by `owner`).
 */
export const testCaseEntitySchema = z.object(caseFields).partial();

/** A case as generated or imported: every field, with defaults. */
export const testCaseInputSchema = z.object({
  question: caseFields.question,
  followUp: caseFields.followUp.optional(),
  expected: caseFields.expected.default(''),
  expectRefusal: caseFields.expectRefusal.default(false),
  enabled: caseFields.enabled.default(true),
  kind: z.enum(testCaseKinds, `Choose one of: ${testCaseKinds.join(', ')}.`).default('custom'),
  language: caseFields.language.default(''),
});
export type TestCaseInput = z.infer<typeof testCaseInputSchema>;

export const assistantIdBodySchema = z.object({ assistantId: z.uuid({ error: 'Enter a valid assistant id.' }) });

/** A suite as exported: the cases without ids or owners, so it can be imported into another store's assistant. */
export const TEST_SUITE_FORMAT = 'aisle.test-suite/1';
export const testSuiteFileSchema = z.object({
  format: z.literal(TEST_SUITE_FORMAT, `Not an Aisle test suite (format must be ${TEST_SUITE_FORMAT}).`),
  assistantName: text(200).optional(),
  exportedAt: text(40).optional(),
  cases: z
    .array(
      testCaseInputSchema.extend({
        origin: z.enum(testCaseOrigins).optional(),
        source: text(500).nullable().optional(),
        acceptedAnswer: caseFields.acceptedAnswer.optional(),
      }),
    )
    .max(TEST_CASES_MAX, `A suite holds at most ${TEST_CASES_MAX} cases.`),
});
export type TestSuiteFile = z.infer<typeof testSuiteFileSchema>;

export const importTestSuiteBodySchema = assistantIdBodySchema.extend({ suite: testSuiteFileSchema });

/** Adds the current answer of a conversation (a shared thread of the inbox, or an owner's thread) as a case. */
export const caseFromConversationBodySchema = z
  .object({
    sharedThreadId: z.uuid({ error: 'Enter a valid thread id.' }).optional(),
    threadId: z.uuid({ error: 'Enter a valid thread id.' }).optional(),
  })
  .refine((body) => Boolean(body.sharedThreadId) !== Boolean(body.threadId), { message: 'Send one of sharedThreadId or threadId.' });

export const markRightBodySchema = z.object({ resultId: z.uuid({ error: 'Enter a valid result id.' }) });

/** A case as the REST calls return it (the data API's TestCase fields). */
export const testCaseSchema = z.object({
  id: z.string(),
  ownerEmail: z.string(),
  assistantId: z.string(),
  question: z.string(),
  followUp: z.string().nullable(),
  expected: z.string(),
  expectRefusal: z.boolean(),
  enabled: z.boolean(),
  kind: z.enum(testCaseKinds),
  origin: z.enum(testCaseOrigins),
  language: z.string(),
  source: z.string().nullable(),
  acceptedAnswer: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TestCase = z.infer<typeof testCaseSchema>;

export const testCasesResponseSchema = z.object({ cases: z.array(testCaseSchema), skipped: z.number() });

export interface GenerateTestSuiteResponse {
  cases: TestCase[];
  /** Cases already in the suite that were not made again. */
  skipped: number;
}

export interface StartTestRunResponse {
  runId: string;
}
