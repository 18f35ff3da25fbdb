import { type TestCase, type TestCaseKind, type TestCaseOrigin, testCaseKinds, testCaseOrigins } from '@aisle/contracts/test-suites';
import type { CollectionEvent } from '@/app/startup-data/collection-events';
import { STARTUP_PAGE_SIZE } from '@/config/constants';
import { graphql, type ResultOf } from '@/graphql/graphql';
import { type DataClient, required } from '@/lib/graphql-client';

/**
 * An assistant's test cases on the data API (`TestCase`, owner-scoped): listed by assistant,
 * followed live (a case generated, imported, edited elsewhere or given an accepted answer), and
 * added, changed and deleted by the owner.
 */
export type SuiteCase = Omit<TestCase, 'ownerEmail'>;

/** What the owner writes of a case (the kind and origin are the server's). */
export interface SuiteCaseChanges {
  question?: string;
  followUp?: string | null;
  expected?: string;
  expectRefusal?: boolean;
  enabled?: boolean;
}

const TestCaseFields = graphql(`
  fragment TestCaseFields on TestCase {
    id assistantId question followUp expected expectRefusal enabled kind language origin source acceptedAnswer createdAt updatedAt
  }
`);

const LIST_CASES = graphql(
  `query TestCasesOfAssistant($assistantId: ID!, $limit: Int, $nextToken: String) {
  testCasesByAssistantId(assistantId: $assistantId, limit: $limit, nextToken: $nextToken) { items { ...TestCaseFields } nextToken }
}`,
  [TestCaseFields],
);

const ON_CREATE_CASE = graphql(
  `subscription OnCreateTestCase($ownerEmail: String, $filter: ModelSubscriptionTestCaseFilterInput) {
  onCreateTestCase(ownerEmail: $ownerEmail, filter: $filter) { ...TestCaseFields }
}`,
  [TestCaseFields],
);
const ON_UPDATE_CASE = graphql(
  `subscription OnUpdateTestCase($ownerEmail: String, $filter: ModelSubscriptionTestCaseFilterInput) {
  onUpdateTestCase(ownerEmail: $ownerEmail, filter: $filter) { ...TestCaseFields }
}`,
  [TestCaseFields],
);
const ON_DELETE_CASE = graphql(
  `subscription OnDeleteTestCase($ownerEmail: String, $filter: ModelSubscriptionTestCaseFilterInput) {
  onDeleteTestCase(ownerEmail: $ownerEmail, filter: $filter) { ...TestCaseFields }
}`,
  [TestCaseFields],
);

const CREATE_CASE = graphql(
  `mutation CreateTestCase($input: CreateTestCaseInput!) { createTestCase(input: $input) { ...TestCaseFields } }`,
  [TestCaseFields],
);
const UPDATE_CASE = graphql(
  `mutation UpdateTestCase($input: UpdateTestCaseInput!) { updateTestCase(input: $input) { ...TestCaseFields } }`,
  [TestCaseFields],
);
const DELETE_CASE = graphql(`mutation DeleteTestCase($input: DeleteTestCaseInput!) { deleteTestCase(input: $input) { id } }`);

type RawCase = ResultOf<typeof TestCaseFields>;

const oneOf = <T extends string>(values: readonly T[], value: string | null | undefined, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

export function toSuiteCase(raw: RawCase): SuiteCase {
  return {
    id: raw.id,
    assistantId: raw.assistantId,
    question: raw.question,
    followUp: raw.followUp ?? null,
    expected: raw.expected ?? '',
    expectRefusal: raw.expectRefusal === true,
    enabled: raw.enabled !== false,
    kind: oneOf<TestCaseKind>(testCaseKinds, raw.kind, 'custom'),
    origin: oneOf<TestCaseOrigin>(testCaseOrigins, raw.origin, 'owner'),
    language: raw.language ?? '',
    source: raw.source ?? null,
    acceptedAnswer: raw.acceptedAnswer ?? null,
    createdAt: raw.createdAt,
    updatedAt: raw.updatedAt,
  };
}

/** The suite's cases in the order a run asks them (oldest first). */
export async function listTestCases(client: DataClient, assistantId: string): Promise<SuiteCase[]> {
  const cases: SuiteCase[] = [];
  let nextToken: string | null = null;
  do {
    const data: ResultOf<typeof LIST_CASES> = await client.request(LIST_CASES, { assistantId, limit: STARTUP_PAGE_SIZE, nextToken });
    const page = required(data.testCasesByAssistantId, 'testCasesByAssistantId');
    for (const raw of page.items) if (raw) cases.push(toSuiteCase(raw));
    nextToken = page.nextToken;
  } while (nextToken);
  return cases;
}

/** Follows the assistant's cases: each event as a change to the list; returns the unsubscribe functions. */
export function listenToTestCases(
  client: DataClient,
  { ownerEmail, assistantId }: { ownerEmail: string | undefined; assistantId: string },
  apply: (change: CollectionEvent<SuiteCase>) => void,
  failed: (error: Error) => void,
): (() => void)[] {
  const variables = { ownerEmail, filter: { assistantId: { eq: assistantId } } };
  const changed = (raw: RawCase | null) => {
    if (raw) apply({ type: 'update', item: toSuiteCase(raw) });
  };
  const removed = (raw: RawCase | null) => {
    if (raw) apply({ type: 'delete', id: raw.id });
  };
  return [
    client.subscribe(ON_CREATE_CASE, variables, { next: (data) => changed(data.onCreateTestCase), error: failed }),
    client.subscribe(ON_UPDATE_CASE, variables, { next: (data) => changed(data.onUpdateTestCase), error: failed }),
    client.subscribe(ON_DELETE_CASE, variables, { next: (data) => removed(data.onDeleteTestCase), error: failed }),
  ];
}

export async function createTestCase(client: DataClient, assistantId: string, fields: SuiteCaseChanges & { question: string }) {
  const data = await client.request(CREATE_CASE, { input: { assistantId, ...fields } });
  return toSuiteCase(required(data.createTestCase, 'createTestCase'));
}

export async function updateTestCase(client: DataClient, id: string, changes: SuiteCaseChanges) {
  const data = await client.request(UPDATE_CASE, { input: { id, ...changes } });
  return toSuiteCase(required(data.updateTestCase, 'updateTestCase'));
}

export async function deleteTestCase(client: DataClient, id: string) {
  const data = await client.request(DELETE_CASE, { input: { id } });
  return required(data.deleteTestCase, 'deleteTestCase').id;
}
