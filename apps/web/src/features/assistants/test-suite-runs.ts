import { type TestSuiteFile, type TestVerdict, testSuiteFileSchema } from '@aisle/contracts/test-suites';
import type { Formatters } from '@/i18n/format';
import { i18n } from '@/i18n/i18n';
import type { SuiteResult, SuiteRun } from './api/test-runs-api';
import { validationText } from './validation-text';

/**
 * What the Tests sheet reads from an assistant's runs and results: the run its score is from, the
 * run going now, what started each, the failures to look at and the trend. Runs come newest first.
 */

/** The newest run that finished all its cases: the score is its. */
export const scoredRun = (runs: readonly SuiteRun[]) => runs.find((run) => run.status === 'done') ?? null;

/** The run being asked now (queued or running), if any. */
export const activeRun = (runs: readonly SuiteRun[]) => runs.find((run) => run.status === 'queued' || run.status === 'running') ?? null;

/** The newest run when it stopped without finishing (no credit, the model refused): the sheet says why. */
export const stoppedRun = (runs: readonly SuiteRun[]) => {
  const newest = runs.find((run) => run.status === 'done' || run.status === 'failed');
  return newest?.status === 'failed' ? newest : null;
};

/** When a run finished, else when it started. */
export const runTime = (run: Pick<SuiteRun, 'finishedAt' | 'createdAt'>) => run.finishedAt ?? run.createdAt;

/** The assistant's settings a run can follow a change of (the server's fingerprint), by their names on the editor. */
const SETTING_LABELS = {
  instructions: 'assistants:editor.behaviour.instructions',
  model: 'assistants:editor.behaviour.model',
  temperature: 'assistants:editor.behaviour.temperature',
  topP: 'assistants:editor.behaviour.topP',
  isSafeGuardOn: 'assistants:editor.safeguard.switch',
  safeGuardInstruction: 'assistants:editor.safeguard.instruction',
  storeRetrievalSettings: 'assistants:tests.trigger.retrievalSettings',
} as const;

const isSetting = (name: string): name is keyof typeof SETTING_LABELS => Object.hasOwn(SETTING_LABELS, name);

/** "instructions, model" → the editor's names for them, as a list in the interface's language; null when it is not such a list. */
function settingsText(detail: string | null, format: Formatters): string | null {
  const names = (detail ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (!names.length || !names.every(isSetting)) return null;
  return format.list(names.map((name) => i18n.t(SETTING_LABELS[name as keyof typeof SETTING_LABELS])));
}

/** What started a run, in words: by the owner, after files changed, after a change to the assistant, on the schedule. */
export function runTriggerText(run: Pick<SuiteRun, 'trigger' | 'triggerDetail'>, format: Formatters): string {
  const settings = settingsText(run.triggerDetail, format);
  switch (run.trigger) {
    case 'manual':
      return i18n.t('assistants:tests.trigger.manual');
    case 'schedule':
      return i18n.t('assistants:tests.trigger.schedule');
    case 'assistant':
      return settings
        ? i18n.t('assistants:tests.trigger.assistantFields', { fields: settings })
        : i18n.t('assistants:tests.trigger.assistant');
    case 'knowledge':
      if (settings) return i18n.t('assistants:tests.trigger.knowledgeAndAssistant', { fields: settings });
      return run.triggerDetail
        ? i18n.t('assistants:tests.trigger.knowledgeFile', { file: run.triggerDetail })
        : i18n.t('assistants:tests.trigger.knowledge');
  }
}

const VERDICT_KEYS = {
  fact_present: 'assistants:tests.verdict.factPresent',
  fact_missing: 'assistants:tests.verdict.factMissing',
  invented_claim: 'assistants:tests.verdict.inventedClaim',
  refused_correctly: 'assistants:tests.verdict.refusedCorrectly',
  should_refuse: 'assistants:tests.verdict.shouldRefuse',
  marked_right: 'assistants:tests.verdict.markedRight',
  error: 'assistants:tests.verdict.error',
} as const satisfies Record<TestVerdict, string>;

/** A result's verdict in words. */
export const verdictText = (verdict: TestVerdict) => i18n.t(VERDICT_KEYS[verdict]);

/** The results to look at: those that failed, regressions first, then in the order they were asked. */
export const failuresOf = (results: readonly SuiteResult[]) =>
  results.filter((result) => !result.passed).sort((a, b) => Number(b.regressed) - Number(a.regressed));

export interface TrendPoint {
  id: string;
  at: string;
  passed: number;
  total: number;
  /** Share of the cases answered right, 0–100. */
  percent: number;
  regressions: number;
  trigger: string;
}

/** The finished runs oldest first, each with its share of right answers: the trend chart's points. */
export function trendOf(runs: readonly SuiteRun[], format: Formatters): TrendPoint[] {
  return runs
    .filter((run) => run.status === 'done' && run.total > 0)
    .map((run) => ({
      id: run.id,
      at: runTime(run),
      passed: run.passed,
      total: run.total,
      percent: Math.round((run.passed / run.total) * 100),
      regressions: run.regressions,
      trigger: runTriggerText(run, format),
    }))
    .reverse();
}

/** The exported file's name: the assistant's name, made safe for a file system. */
export function suiteFileName(assistantName: string): string {
  const base = assistantName
    .normalize('NFKC')
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 80);
  return `${base || 'assistant'}-tests.json`;
}

/** A suite file's text read for import: the suite, or why it cannot be imported (in the interface's language). */
export function readSuiteFile(text: string): { suite: TestSuiteFile } | { error: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { error: i18n.t('assistants:tests.transfer.notJson') };
  }
  const parsed = testSuiteFileSchema.safeParse(data);
  if (parsed.success) return { suite: parsed.data };
  const issue = parsed.error.issues[0];
  if (!issue || issue.path.length === 0 || issue.path[0] === 'format') return { error: i18n.t('assistants:tests.transfer.notSuite') };
  const message = validationText(issue.message);
  const [field, index] = issue.path;
  return field === 'cases' && typeof index === 'number'
    ? { error: i18n.t('assistants:tests.transfer.invalidCase', { number: index + 1, message }) }
    : { error: i18n.t('assistants:tests.transfer.invalid', { message }) };
}
