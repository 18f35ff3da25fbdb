import {
  type TestRunStatus,
  type TestRunTrigger,
  type TestVerdict,
  testRunStatuses,
  testRunTriggers,
  testVerdicts,
} from '@aisle/contracts/test-suites';
import type { CollectionEvent } from '@/app/startup-data/collection-events';
import { STARTUP_PAGE_SIZE } from '@/config/constants';
import { graphql, type ResultOf } from '@/graphql/graphql';
import { type DataClient, required } from '@/lib/graphql-client';

/**
 * An assistant's test runs and their results on the data API (`TestRun`, `TestResult`): read once,
 * then followed live, so a run's progress, its end and a result marked as right show without a
 * refresh. Both are written by the server only.
 */
export interface SuiteRun {
  id: string;
  assistantId: string;
  status: TestRunStatus;
  trigger: TestRunTrigger;
  /** The change it followed: a file's name, or the assistant's changed fields ("instructions, model"). */
  triggerDetail: string | null;
  total: number;
  completed: number;
  passed: number;
  failed: number;
  regressions: number;
  costUsd: number;
  error: string | null;
  finishedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface SuiteResult {
  id: string;
  runId: string;
  caseId: string | null;
  question: string;
  followUp: string | null;
  expected: string;
  answer: string;
  verdict: TestVerdict;
  passed: boolean;
  regressed: boolean;
  detail: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Runs read for the score and the trend: the newest ones. */
export const RUN_HISTORY = 30;

const TestRunFields = graphql(`
  fragment TestRunFields on TestRun {
    id assistantId status trigger triggerDetail total completed passed failed regressions costUsd error finishedAt createdAt updatedAt
  }
`);
const TestResultFields = graphql(`
  fragment TestResultFields on TestResult {
    id runId caseId question followUp expected answer verdict passed regressed detail createdAt updatedAt
  }
`);

const LIST_RUNS = graphql(
  `query TestRunsOfAssistant($assistantId: ID!, $limit: Int) {
  testRunsByAssistantId(assistantId: $assistantId, sortDirection: DESC, limit: $limit) { items { ...TestRunFields } }
}`,
  [TestRunFields],
);
const GET_RUN = graphql(`query TestRun($id: ID!) { getTestRun(id: $id) { ...TestRunFields } }`, [TestRunFields]);
const LIST_RESULTS = graphql(
  `query TestResultsOfRun($runId: ID!, $limit: Int, $nextToken: String) {
  testResultsByRunId(runId: $runId, limit: $limit, nextToken: $nextToken) { items { ...TestResultFields } nextToken }
}`,
  [TestResultFields],
);

const ON_CREATE_RUN = graphql(
  `subscription OnCreateTestRun($ownerEmail: String, $filter: ModelSubscriptionTestRunFilterInput) {
  onCreateTestRun(ownerEmail: $ownerEmail, filter: $filter) { ...TestRunFields }
}`,
  [TestRunFields],
);
const ON_UPDATE_RUN = graphql(
  `subscription OnUpdateTestRun($ownerEmail: String, $filter: ModelSubscriptionTestRunFilterInput) {
  onUpdateTestRun(ownerEmail: $ownerEmail, filter: $filter) { ...TestRunFields }
}`,
  [TestRunFields],
);
const ON_DELETE_RUN = graphql(
  `subscription OnDeleteTestRun($ownerEmail: String, $filter: ModelSubscriptionTestRunFilterInput) {
  onDeleteTestRun(ownerEmail: $ownerEmail, filter: $filter) { ...TestRunFields }
}`,
  [TestRunFields],
);
const ON_CREATE_RESULT = graphql(
  `subscription OnCreateTestResult($ownerEmail: String, $filter: ModelSubscriptionTestResultFilterInput) {
  onCreateTestResult(ownerEmail: $ownerEmail, filter: $filter) { ...TestResultFields }
}`,
  [TestResultFields],
);
const ON_UPDATE_RESULT = graphql(
  `subscription OnUpdateTestResult($ownerEmail: String, $filter: ModelSubscriptionTestResultFilterInput) {
  onUpdateTestResult(ownerEmail: $ownerEmail, filter: $filter) { ...TestResultFields }
}`,
  [TestResultFields],
);

type RawRun = ResultOf<typeof TestRunFields>;
type RawResult = ResultOf<typeof TestResultFields>;

const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

export function toSuiteRun(raw: RawRun): SuiteRun {
  return {
    id: raw.id,
    assistantId: raw.assistantId,
    status: oneOf<TestRunStatus>(testRunStatuses, raw.status, 'queued'),
    trigger: oneOf<TestRunTrigger>(testRunTriggers, raw.trigger, 'manual'),
    triggerDetail: raw.triggerDetail ?? null,
    total: raw.total,
    completed: raw.completed,
    passed: raw.passed,
    failed: raw.failed,
    regressions: raw.regressions,
    costUsd: raw.costUsd,
    error: raw.error ?? null,
    finishedAt: raw.finishedAt ?? null,
    createdAt: raw.createdAt,
    updatedAt: raw.updatedAt,
  };
}

export function toSuiteResult(raw: RawResult): SuiteResult {
  return {
    id: raw.id,
    runId: raw.runId,
    caseId: raw.caseId ?? null,
    question: raw.question,
    followUp: raw.followUp ?? null,
    expected: raw.expected ?? '',
    answer: raw.answer ?? '',
    verdict: oneOf<TestVerdict>(testVerdicts, raw.verdict, 'error'),
    passed: raw.passed,
    regressed: raw.regressed,
    detail: raw.detail ?? null,
    createdAt: raw.createdAt,
    updatedAt: raw.updatedAt,
  };
}

/** The assistant's newest runs, newest first. */
export async function listTestRuns(client: DataClient, assistantId: string): Promise<SuiteRun[]> {
  const data = await client.request(LIST_RUNS, { assistantId, limit: RUN_HISTORY });
  return required(data.testRunsByAssistantId, 'testRunsByAssistantId').items.flatMap((raw) => (raw ? [toSuiteRun(raw)] : []));
}

export async function getTestRun(client: DataClient, id: string): Promise<SuiteRun | null> {
  const data = await client.request(GET_RUN, { id });
  return data.getTestRun ? toSuiteRun(data.getTestRun) : null;
}

/** Every result of a run, in the order its cases were asked. */
export async function listTestResults(client: DataClient, runId: string): Promise<SuiteResult[]> {
  const results: SuiteResult[] = [];
  let nextToken: string | null = null;
  do {
    const data: ResultOf<typeof LIST_RESULTS> = await client.request(LIST_RESULTS, { runId, limit: STARTUP_PAGE_SIZE, nextToken });
    const page = required(data.testResultsByRunId, 'testResultsByRunId');
    for (const raw of page.items) if (raw) results.push(toSuiteResult(raw));
    nextToken = page.nextToken;
  } while (nextToken);
  return results;
}

export function listenToTestRuns(
  client: DataClient,
  { ownerEmail, assistantId }: { ownerEmail: string | undefined; assistantId: string },
  apply: (change: CollectionEvent<SuiteRun>) => void,
  failed: (error: Error) => void,
): (() => void)[] {
  const variables = { ownerEmail, filter: { assistantId: { eq: assistantId } } };
  const changed = (raw: RawRun | null) => {
    if (raw) apply({ type: 'update', item: toSuiteRun(raw) });
  };
  const removed = (raw: RawRun | null) => {
    if (raw) apply({ type: 'delete', id: raw.id });
  };
  return [
    client.subscribe(ON_CREATE_RUN, variables, { next: (data) => changed(data.onCreateTestRun), error: failed }),
    client.subscribe(ON_UPDATE_RUN, variables, { next: (data) => changed(data.onUpdateTestRun), error: failed }),
    client.subscribe(ON_DELETE_RUN, variables, { next: (data) => removed(data.onDeleteTestRun), error: failed }),
  ];
}

export function listenToTestResults(
  client: DataClient,
  { ownerEmail, runId }: { ownerEmail: string | undefined; runId: string },
  apply: (change: CollectionEvent<SuiteResult>) => void,
  failed: (error: Error) => void,
): (() => void)[] {
  const variables = { ownerEmail, filter: { runId: { eq: runId } } };
  const changed = (raw: RawResult | null) => {
    if (raw) apply({ type: 'update', item: toSuiteResult(raw) });
  };
  return [
    client.subscribe(ON_CREATE_RESULT, variables, { next: (data) => changed(data.onCreateTestResult), error: failed }),
    client.subscribe(ON_UPDATE_RESULT, variables, { next: (data) => changed(data.onUpdateTestResult), error: failed }),
  ];
}
