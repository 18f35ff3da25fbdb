import type { TestSuiteFile } from '@aisle/contracts/test-suites';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/app/auth/auth-provider';
import { useAppSync } from '@/app/data-client/app-sync-provider';
import { i18n } from '@/i18n/i18n';
import type { DataClient } from '@/lib/graphql-client';
import { createTestCase, deleteTestCase, type SuiteCase, type SuiteCaseChanges, updateTestCase } from '../api/test-cases-api';
import { getTestRun, type SuiteResult, type SuiteRun } from '../api/test-runs-api';
import { exportTestSuite, generateTestSuite, importTestSuite, markTestResultRight, startTestRun } from '../api/test-suite-api';
import { applyLiveChange, type LiveItem } from './use-live-list';
import { newestFirst, oldestFirst, testSuiteKeys } from './use-test-suite';

/**
 * What the owner does to an assistant's suite. Each answer goes into the lists at once (the live
 * events bring the same rows, and whatever else changed, a moment later).
 */
export function useTestSuiteActions(assistantId: string) {
  const { client } = useAppSync();
  const { user, sessionStore } = useAuth();
  const ownerEmail = user?.email;
  const queryClient = useQueryClient();
  const casesKey = testSuiteKeys.cases(ownerEmail, assistantId);
  const runsKey = testSuiteKeys.runs(ownerEmail, assistantId);

  const connected = (): DataClient => {
    if (!client) throw new Error(i18n.t('assistants:saveErrors.notConnected'));
    return client;
  };
  const put = <T extends LiveItem>(key: QueryKey, rows: T[], order: (a: T, b: T) => number) =>
    queryClient.setQueryData<T[]>(key, (items) =>
      items ? rows.reduce((list, item) => applyLiveChange(list, { type: 'update', item }), items).sort(order) : items,
    );
  const putCases = (rows: SuiteCase[]) => put(casesKey, rows, oldestFirst);
  /** The run as it is now, read after a call that changed it (started it, moved its counts). */
  const refreshRun = async (runId: string) => {
    const run = await getTestRun(connected(), runId);
    if (run) put<SuiteRun>(runsKey, [run], newestFirst);
  };

  const generate = useMutation({
    mutationFn: async () => generateTestSuite(await sessionStore.getValidAccessToken(), assistantId),
    onSuccess: ({ cases }) => putCases(cases),
  });

  const run = useMutation({
    mutationFn: async () => {
      const { runId } = await startTestRun(await sessionStore.getValidAccessToken(), assistantId);
      await refreshRun(runId);
      return runId;
    },
  });

  const exportSuite = useMutation({
    mutationFn: async () => exportTestSuite(await sessionStore.getValidAccessToken(), assistantId),
  });

  const importSuite = useMutation({
    mutationFn: async (suite: TestSuiteFile) => importTestSuite(await sessionStore.getValidAccessToken(), assistantId, suite),
    onSuccess: ({ cases }) => putCases(cases),
  });

  const markRight = useMutation({
    mutationFn: async (result: SuiteResult) => {
      await markTestResultRight(await sessionStore.getValidAccessToken(), result.id);
      queryClient.setQueryData<SuiteResult[]>(testSuiteKeys.results(ownerEmail, result.runId), (results) =>
        results?.map((item) => (item.id === result.id ? { ...item, passed: true, regressed: false, verdict: 'marked_right' } : item)),
      );
      await refreshRun(result.runId);
    },
  });

  const createCase = useMutation({
    mutationFn: (fields: SuiteCaseChanges & { question: string }) => createTestCase(connected(), assistantId, fields),
    onSuccess: (created) => putCases([created]),
  });

  const updateCase = useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: SuiteCaseChanges }) => updateTestCase(connected(), id, changes),
    // The on/off switch shows at once, and goes back if the server refuses; edits wait for the answer.
    onMutate: ({ id, changes }) => {
      const before = queryClient.getQueryData<SuiteCase[]>(casesKey)?.find((item) => item.id === id);
      if (before && changes.enabled !== undefined) {
        queryClient.setQueryData<SuiteCase[]>(casesKey, (items) =>
          items?.map((item) => (item.id === id ? { ...item, enabled: changes.enabled as boolean } : item)),
        );
      }
      return { before };
    },
    onError: (_error, _vars, context) => {
      const before = context?.before;
      if (before) queryClient.setQueryData<SuiteCase[]>(casesKey, (items) => items?.map((item) => (item.id === before.id ? before : item)));
    },
    onSuccess: (updated) => putCases([updated]),
  });

  const deleteCase = useMutation({
    mutationFn: (id: string) => deleteTestCase(connected(), id),
    onSuccess: (id) => queryClient.setQueryData<SuiteCase[]>(casesKey, (items) => items?.filter((item) => item.id !== id)),
  });

  return { generate, run, exportSuite, importSuite, markRight, createCase, updateCase, deleteCase };
}
