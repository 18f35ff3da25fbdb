import { useAuth } from '@/app/auth/auth-provider';
import { listenToTestCases, listTestCases, type SuiteCase } from '../api/test-cases-api';
import {
  listenToTestResults,
  listenToTestRuns,
  listTestResults,
  listTestRuns,
  type SuiteResult,
  type SuiteRun,
} from '../api/test-runs-api';
import { useLiveList } from './use-live-list';

/** The cache keys of an owner's test suites. */
export const testSuiteKeys = {
  cases: (ownerEmail: string | undefined, assistantId: string) => ['test-suite', ownerEmail ?? '', 'cases', assistantId] as const,
  runs: (ownerEmail: string | undefined, assistantId: string) => ['test-suite', ownerEmail ?? '', 'runs', assistantId] as const,
  results: (ownerEmail: string | undefined, runId: string) => ['test-suite', ownerEmail ?? '', 'results', runId] as const,
};

/** Cases and results in the order a run asks them; runs newest first. */
export const oldestFirst = (a: { createdAt: string; id: string }, b: { createdAt: string; id: string }) =>
  a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);
export const newestFirst = (a: SuiteRun, b: SuiteRun) => oldestFirst(b, a);

/** The assistant's test cases, live, in the order a run asks them. */
export function useTestCases(assistantId: string) {
  const ownerEmail = useAuth().user?.email;
  const { items, ...state } = useLiveList<SuiteCase>({
    queryKey: testSuiteKeys.cases(ownerEmail, assistantId),
    enabled: true,
    load: (client) => listTestCases(client, assistantId),
    listen: (client, apply, failed) => listenToTestCases(client, { ownerEmail, assistantId }, apply, failed),
    order: oldestFirst,
  });
  return { cases: items, ...state };
}

/** The assistant's newest runs, live (progress, the end, marked results' counts), newest first. */
export function useTestRuns(assistantId: string) {
  const ownerEmail = useAuth().user?.email;
  const { items, ...state } = useLiveList<SuiteRun>({
    queryKey: testSuiteKeys.runs(ownerEmail, assistantId),
    enabled: true,
    load: (client) => listTestRuns(client, assistantId),
    listen: (client, apply, failed) => listenToTestRuns(client, { ownerEmail, assistantId }, apply, failed),
    order: newestFirst,
  });
  return { runs: items, ...state };
}

/** A run's results, live (each as it is judged, and a result marked as right); none without a run. */
export function useTestResults(runId: string | null) {
  const ownerEmail = useAuth().user?.email;
  const { items, ...state } = useLiveList<SuiteResult>({
    queryKey: testSuiteKeys.results(ownerEmail, runId ?? ''),
    enabled: !!runId,
    load: (client) => listTestResults(client, runId as string),
    listen: (client, apply, failed) => listenToTestResults(client, { ownerEmail, runId: runId as string }, apply, failed),
    order: oldestFirst,
  });
  return { results: items, ...state };
}
