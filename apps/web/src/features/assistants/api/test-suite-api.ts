import type { StartTestRunResponse, TestCase, TestSuiteFile } from '@aisle/contracts/test-suites';
import { apiRequest } from '@/lib/api-client';

/**
 * An assistant's test suite over REST (issue 35): writing cases from its knowledge, starting a run,
 * the suite as a file out and in, and marking a result's answer as right. The cases, runs and
 * results themselves are read and followed on the data API (test-cases-api.ts, test-runs-api.ts).
 */
type Token = string | null;

/** Cases added by generate or import, and how many the suite already had. */
export interface AddedCases {
  cases: TestCase[];
  skipped: number;
}

export const generateTestSuite = (token: Token, assistantId: string) =>
  apiRequest<AddedCases>('/api/assistant/test-suite/generate/', { body: { assistantId }, token });

/** A run still going is answered with its own id rather than a second run. */
export const startTestRun = (token: Token, assistantId: string) =>
  apiRequest<StartTestRunResponse>('/api/assistant/test-suite/run/', { body: { assistantId }, token });

export const exportTestSuite = (token: Token, assistantId: string) =>
  apiRequest<TestSuiteFile>('/api/assistant/test-suite/export/', { body: { assistantId }, token });

export const importTestSuite = (token: Token, assistantId: string, suite: TestSuiteFile) =>
  apiRequest<AddedCases>('/api/assistant/test-suite/import/', { body: { assistantId, suite }, token });

export const markTestResultRight = (token: Token, resultId: string) =>
  apiRequest<{ resultId: string; passed: boolean }>('/api/assistant/test-suite/mark-right/', { body: { resultId }, token });
