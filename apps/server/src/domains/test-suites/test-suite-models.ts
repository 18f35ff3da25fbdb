import { testCaseEntitySchema } from '@aisle/contracts/test-suites';
import { sql } from 'drizzle-orm';
import { f, ref, ro } from '../../data-api/model-builders';
import type { ModelDef } from '../../data-api/model-types';
import { testCases, testResults, testRuns } from '../../db/schema';
import { rowsOf } from '../../db/sql-helpers';
import { AppError } from '../../lib/app-error';

/** Cases one owner may keep across their assistants (each assistant's suite holds TEST_CASES_MAX when generated or imported). */
export const OWNER_TEST_CASES_MAX = 5_000;

/**
 * An assistant's test suite on the live data API (issue 35): its cases, which the owner reads,
 * edits, adds, disables and deletes; its runs, with their progress live; and each run's results
 * (the answer, the verdict, what it cost). Owner-scoped like every owned model.
 */
export const testSuiteModels: ModelDef[] = [
  {
    name: 'TestCase',
    input: testCaseEntitySchema,
    plural: 'TestCases',
    table: testCases,
    owned: true,
    fields: [
      ref('assistantId', 'assistantId', 'Assistant'),
      f('question', 'String', { required: true }),
      f('followUp', 'String'),
      f('expected', 'String'),
      f('expectRefusal', 'Boolean'),
      f('enabled', 'Boolean'),
      ro('kind', 'String'),
      f('language', 'String'),
      // How it was made: store (generated offline), model, owner, conversation, import.
      ro('origin', 'String'),
      ro('source', 'String'),
      // Set by "Mark as right" (POST /api/assistant/test-suite/mark-right/); the owner may clear it.
      f('acceptedAnswer', 'String'),
    ],
    create: 'owner',
    update: 'owner',
    delete: 'owner',
    createGuard: async (ctx, create) => {
      const [row] = await rowsOf<{ n: number }>(
        ctx.db,
        sql`SELECT count(*)::int AS n FROM ${testCases} WHERE owner_email = ${ctx.ownerEmail}`,
      );
      if ((row?.n ?? 0) >= OWNER_TEST_CASES_MAX)
        throw new AppError('BAD_REQUEST', `You can keep at most ${OWNER_TEST_CASES_MAX} test questions.`);
      return create(ctx.db);
    },
    subscriptions: ['create', 'update', 'delete'],
    indexes: [{ query: 'testCasesByAssistantId', hashField: 'assistantId', sortField: 'createdAt' }],
    relations: [{ name: 'assistant', kind: 'belongsTo', model: 'Assistant', field: 'assistantId' }],
  },
  {
    name: 'TestRun',
    plural: 'TestRuns',
    table: testRuns,
    owned: true,
    fields: [
      ro('assistantId', 'ID', { required: true }),
      // queued → running → done | failed
      ro('status', 'String', { required: true }),
      // manual, knowledge, assistant, schedule
      ro('trigger', 'String', { required: true }),
      // The change it followed ("returns.md indexed").
      ro('triggerDetail', 'String'),
      ro('total', 'Int', { required: true }),
      ro('completed', 'Int', { required: true }),
      ro('passed', 'Int', { required: true }),
      ro('failed', 'Int', { required: true }),
      ro('regressions', 'Int', { required: true }),
      ro('costUsd', 'Float', { required: true }),
      ro('error', 'String'),
      ro('finishedAt', 'AWSDateTime'),
    ],
    create: 'none',
    update: 'none',
    delete: 'owner',
    subscriptions: ['create', 'update', 'delete'],
    indexes: [{ query: 'testRunsByAssistantId', hashField: 'assistantId', sortField: 'createdAt' }],
    relations: [{ name: 'results', kind: 'hasMany', model: 'TestResult', field: 'runId' }],
  },
  {
    name: 'TestResult',
    plural: 'TestResults',
    table: testResults,
    owned: true,
    fields: [
      ro('runId', 'ID', { required: true }),
      ro('caseId', 'ID'),
      ro('question', 'String', { required: true }),
      ro('followUp', 'String'),
      ro('expected', 'String'),
      ro('answer', 'String'),
      // fact_present, fact_missing, invented_claim, refused_correctly, should_refuse, marked_right, error
      ro('verdict', 'String', { required: true }),
      ro('passed', 'Boolean', { required: true }),
      ro('regressed', 'Boolean', { required: true }),
      ro('detail', 'String'),
      ro('costUsd', 'Float', { required: true }),
    ],
    create: 'none',
    update: 'none',
    delete: 'none',
    subscriptions: ['create', 'update'],
    indexes: [{ query: 'testResultsByRunId', hashField: 'runId', sortField: 'createdAt' }],
  },
];
