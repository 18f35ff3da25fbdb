import { FlaskConicalIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useTestRuns } from '../hooks/use-test-suite';
import { activeRun, scoredRun } from '../test-suite-runs';

/**
 * The card's line for the assistant's tests: the latest finished run's score (and its
 * regressions), or the progress of a run going now; nothing before the first run. Live.
 */
export function TestScore({ assistantId }: { assistantId: string }) {
  const { t } = useTranslation('assistants');
  const { runs } = useTestRuns(assistantId);
  const active = activeRun(runs);
  const scored = scoredRun(runs);
  if (!active && !scored) return null;
  return (
    <div className="flex min-w-0 items-center gap-2 text-muted-foreground">
      <dt>
        <FlaskConicalIcon className="size-4" aria-label={t('tests.card.label')} />
      </dt>
      <dd className="flex min-w-0 flex-wrap items-center gap-x-2 text-foreground tabular-nums">
        {active ? (
          <span>{t('tests.card.running', { completed: active.completed, total: active.total })}</span>
        ) : scored ? (
          <span>{t('tests.card.score', { passed: scored.passed, count: scored.total })}</span>
        ) : null}
        {!active && scored && scored.regressions > 0 ? (
          <span className="text-red-700 text-xs dark:text-red-300">{t('tests.regressionCount', { count: scored.regressions })}</span>
        ) : null}
      </dd>
    </div>
  );
}
