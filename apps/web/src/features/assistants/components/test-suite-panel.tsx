import type { Assistant } from '@aisle/contracts/assistants';
import { FlaskConicalIcon, LoaderCircleIcon, PenLineIcon, SparklesIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { apiErrorText } from '@/lib/api-error-text';
import type { AddedCases } from '../api/test-suite-api';
import { useTestCases, useTestRuns } from '../hooks/use-test-suite';
import { useTestSuiteActions } from '../hooks/use-test-suite-actions';
import { activeRun, scoredRun, stoppedRun } from '../test-suite-runs';
import { RunTrend } from './run-trend';
import { TestCasesList } from './test-cases-list';
import { TestFailures } from './test-failures';
import { TestRunSummary } from './test-run-summary';
import { TestSuiteTransfer } from './test-suite-transfer';

/**
 * An assistant's test suite (issue 35): before there is one, what it is and "Generate test
 * questions"; then the score of the latest run and "Run tests" with its live progress, what it got
 * wrong, the trend over runs, and the questions themselves. Everything follows the server live.
 */
export function TestSuitePanel({ assistant }: { assistant: Pick<Assistant, 'id' | 'assistantName'> }) {
  const { t } = useTranslation('assistants');
  const cases = useTestCases(assistant.id);
  const runs = useTestRuns(assistant.id);
  const actions = useTestSuiteActions(assistant.id);
  const [notice, setNotice] = useState<string | null>(null);
  const [generateError, setGenerateError] = useState<string | null>(null);
  const [runError, setRunError] = useState<string | null>(null);
  const [writing, setWriting] = useState(false);

  const addedNotice = (key: 'tests.generated' | 'tests.imported', { cases: added, skipped }: AddedCases) =>
    [added.length ? t(key, { count: added.length }) : t('tests.nothingNew'), skipped ? t('tests.skipped', { count: skipped }) : '']
      .filter(Boolean)
      .join(' ');

  const generate = () => {
    setGenerateError(null);
    actions.generate.mutate(undefined, {
      onSuccess: (added) => setNotice(addedNotice('tests.generated', added)),
      onError: (failure) => setGenerateError(apiErrorText(failure, t('tests.generateFailed'))),
    });
  };
  const run = () => {
    setRunError(null);
    actions.run.mutate(undefined, { onError: (failure) => setRunError(apiErrorText(failure, t('tests.summary.runFailed'))) });
  };
  const onImported = (added: AddedCases) => setNotice(addedNotice('tests.imported', added));

  const error = cases.error ?? runs.error;
  if (error) {
    return (
      <p role="alert" className="rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-destructive text-sm">
        {apiErrorText(error, t('tests.loadFailed'))}
      </p>
    );
  }
  if (cases.isLoading || runs.isLoading) {
    return (
      <div className="grid gap-4" role="status" aria-label={t('tests.loading')}>
        <Skeleton className="h-36 rounded-xl" />
        <Skeleton className="h-24 rounded-xl" />
        <Skeleton className="h-24 rounded-xl" />
      </div>
    );
  }

  if (!cases.cases.length && !runs.runs.length && !writing) {
    return (
      <section className="rounded-2xl border border-dashed bg-gradient-to-b from-primary/5 to-transparent">
        <EmptyState icon={FlaskConicalIcon} title={t('tests.empty.title')} titleAs="h3" className="py-10">
          <p className="mt-2 max-w-md text-muted-foreground text-sm">{t('tests.empty.body')}</p>
          <ul className="mt-4 grid max-w-md gap-1.5 text-left text-sm">
            {(['faq', 'products', 'unanswerable'] as const).map((key) => (
              <li key={key} className="flex gap-2">
                <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-primary" />
                {t(`tests.empty.covers.${key}`)}
              </li>
            ))}
          </ul>
          <div className="mt-6 flex flex-wrap justify-center gap-2">
            <Button onClick={generate} disabled={actions.generate.isPending}>
              {actions.generate.isPending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <SparklesIcon />}
              {t('tests.generate')}
            </Button>
            <Button variant="outline" onClick={() => setWriting(true)}>
              <PenLineIcon />
              {t('tests.empty.write')}
            </Button>
            <TestSuiteTransfer
              assistantName={assistant.assistantName}
              canExport={false}
              onExport={() => actions.exportSuite.mutateAsync()}
              onImport={(suite) => actions.importSuite.mutateAsync(suite)}
              onImported={onImported}
            />
          </div>
          {generateError ? (
            <p role="alert" className="mt-3 text-destructive text-sm">
              {generateError}
            </p>
          ) : null}
        </EmptyState>
      </section>
    );
  }

  const scored = scoredRun(runs.runs);
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-5">
      {cases.liveError || runs.liveError ? (
        <p
          role="alert"
          className="rounded-lg border border-amber-500/30 bg-amber-500/10 px-4 py-3 text-amber-800 text-sm dark:text-amber-300"
        >
          {t('tests.liveFailed')}
        </p>
      ) : null}
      <TestRunSummary
        assistantName={assistant.assistantName}
        scored={scored}
        active={activeRun(runs.runs)}
        stopped={stoppedRun(runs.runs)}
        starting={actions.run.isPending}
        runError={runError}
        onRun={run}
      />
      {scored ? <TestFailures run={scored} onMarkRight={(result) => actions.markRight.mutateAsync(result)} /> : null}
      <RunTrend runs={runs.runs} />
      <TestCasesList
        assistantName={assistant.assistantName}
        cases={cases.cases}
        notice={notice}
        problem={generateError}
        onImported={onImported}
        adding={writing && !cases.cases.length}
        onAddClosed={() => setWriting(false)}
        actions={{
          create: (fields) => actions.createCase.mutateAsync(fields),
          update: (id, changes) => actions.updateCase.mutateAsync({ id, changes }),
          remove: (id) => actions.deleteCase.mutateAsync(id),
          generate,
          generating: actions.generate.isPending,
          exportSuite: () => actions.exportSuite.mutateAsync(),
          importSuite: (suite) => actions.importSuite.mutateAsync(suite),
        }}
      />
    </div>
  );
}
