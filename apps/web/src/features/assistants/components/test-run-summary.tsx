import { LoaderCircleIcon, PlayIcon, TriangleAlertIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useFormat } from '@/i18n/format';
import { cn } from '@/lib/cn';
import type { SuiteRun } from '../api/test-runs-api';
import { runTime, runTriggerText } from '../test-suite-runs';
import { StatusChip } from './status-chip';

/**
 * The suite's headline: "Answers N of M test questions correctly" from the latest finished run,
 * when it ran and what started it; "Run tests", with the live progress of a run going now; and
 * why the last run stopped, when it did.
 */
export function TestRunSummary({
  assistantName,
  scored,
  active,
  stopped,
  starting,
  runError,
  onRun,
}: {
  assistantName: string;
  /** The latest run that finished all its cases. */
  scored: SuiteRun | null;
  /** The run being asked now. */
  active: SuiteRun | null;
  /** The newest run, when it stopped without finishing. */
  stopped: SuiteRun | null;
  starting: boolean;
  runError: string | null;
  onRun: () => void;
}) {
  const { t } = useTranslation('assistants');
  const format = useFormat();
  const titleId = useId();
  const percent = scored && scored.total > 0 ? Math.round((scored.passed / scored.total) * 100) : null;
  return (
    <section aria-labelledby={titleId} className="grid min-w-0 gap-4 rounded-xl border bg-card p-4">
      <div className="flex min-w-0 items-start gap-4">
        {percent !== null ? (
          <span
            aria-hidden="true"
            className={cn(
              'flex size-14 shrink-0 items-center justify-center rounded-2xl font-semibold text-lg tabular-nums',
              percent >= 90
                ? 'bg-emerald-500/10 text-emerald-700 dark:text-emerald-300'
                : 'bg-amber-500/10 text-amber-800 dark:text-amber-300',
            )}
          >
            {format.percent(percent / 100)}
          </span>
        ) : null}
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="font-semibold leading-snug">
            {scored ? t('tests.summary.score', { passed: scored.passed, count: scored.total }) : t('tests.summary.notRun')}
          </h3>
          {scored ? (
            <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-muted-foreground text-sm">
              <span>{t('tests.summary.when', { time: format.dateTime(runTime(scored)), trigger: runTriggerText(scored, format) })}</span>
              {scored.costUsd > 0 ? <span>{t('tests.summary.cost', { amount: format.money(scored.costUsd, 'USD') })}</span> : null}
              {scored.regressions > 0 ? (
                <StatusChip chip={{ tone: 'danger', label: t('tests.regressionCount', { count: scored.regressions }) }} />
              ) : null}
            </p>
          ) : (
            <p className="mt-1 text-muted-foreground text-sm">{t('tests.summary.notRunBody', { name: assistantName })}</p>
          )}
        </div>
      </div>

      {stopped ? (
        <p role="alert" className="flex gap-2 rounded-lg border border-destructive/30 bg-destructive/5 px-3 py-2 text-destructive text-sm">
          <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span className="min-w-0 wrap-anywhere">
            {t('tests.summary.stopped', { time: format.dateTime(runTime(stopped)), reason: stopped.error ?? t('tests.summary.noReason') })}
          </span>
        </p>
      ) : null}

      {active ? (
        <RunProgress run={active} />
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={onRun} disabled={starting}>
            {starting ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <PlayIcon />}
            {t('tests.summary.run')}
          </Button>
          {runError ? (
            <p role="alert" className="min-w-0 text-destructive text-sm">
              {runError}
            </p>
          ) : null}
        </div>
      )}
    </section>
  );
}

/** A run going now: how many of its questions were asked, live. */
function RunProgress({ run }: { run: SuiteRun }) {
  const { t } = useTranslation('assistants');
  const format = useFormat();
  const share = run.total > 0 ? Math.min(1, run.completed / run.total) : 0;
  const counts = t('tests.progress.counts', { completed: run.completed, total: run.total });
  return (
    <div className="grid gap-2" data-testid="test-run-progress">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-sm">
        <span className="flex items-center gap-2 font-medium">
          <LoaderCircleIcon className="size-4 animate-spin text-primary" aria-hidden="true" />
          {run.status === 'queued' ? t('tests.progress.queued') : t('tests.progress.running')}
        </span>
        <span className="text-muted-foreground tabular-nums">{counts}</span>
      </div>
      <div
        role="progressbar"
        aria-label={t('tests.progress.label')}
        aria-valuemin={0}
        aria-valuemax={run.total}
        aria-valuenow={run.completed}
        aria-valuetext={counts}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary transition-[width] duration-300" style={{ width: `${share * 100}%` }} />
      </div>
      <p className="text-muted-foreground text-xs">{runTriggerText(run, format)}</p>
    </div>
  );
}
