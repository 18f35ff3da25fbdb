import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { useFormat } from '@/i18n/format';
import type { SuiteRun } from '../api/test-runs-api';
import { trendOf } from '../test-suite-runs';

const RunTrendChart = lazy(() => import('./run-trend-chart'));

/**
 * How the score moved over the last runs: a small chart (red points for runs with regressions),
 * the runs with regressions listed with what they followed, and every run as a table for screen
 * readers.
 */
export function RunTrend({ runs }: { runs: readonly SuiteRun[] }) {
  const { t } = useTranslation('assistants');
  const format = useFormat();
  const titleId = useId();
  const points = trendOf(runs, format);
  if (points.length === 0) return null;
  const regressed = points.filter((point) => point.regressions > 0).reverse();
  return (
    <section aria-labelledby={titleId} className="grid min-w-0 gap-3 rounded-xl border bg-card p-4">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={titleId} className="font-medium">
          {t('tests.trend.title')}
        </h3>
        <span className="text-muted-foreground text-xs">{t('tests.trend.runs', { count: points.length })}</span>
      </header>
      <div className="h-40 w-full" aria-hidden="true" data-testid="test-trend-chart">
        <Suspense fallback={<Skeleton className="h-full w-full rounded-lg" />}>
          <RunTrendChart points={points} />
        </Suspense>
      </div>
      {/* The wrapper is what hides it: a table is never narrower than its content, whatever its own width. */}
      <div className="sr-only">
        <table>
          <caption>{t('tests.trend.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('tests.trend.when')}</th>
              <th scope="col">{t('tests.trend.score')}</th>
              <th scope="col">{t('tests.trend.regressions')}</th>
              <th scope="col">{t('tests.trend.startedBy')}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.id}>
                <td>{format.dateTime(point.at)}</td>
                <td>{t('tests.trend.point', { passed: point.passed, total: point.total })}</td>
                <td>{point.regressions}</td>
                <td>{point.trigger}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {regressed.length ? (
        <ul aria-label={t('tests.trend.regressedRuns')} className="grid gap-1.5 border-t pt-3 text-sm">
          {regressed.map((point) => (
            <li key={point.id} className="flex min-w-0 items-start gap-2">
              <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-destructive" />
              <span className="min-w-0 wrap-anywhere">
                {t('tests.trend.regressedRun', {
                  time: format.dateTime(point.at),
                  regressions: t('tests.regressionCount', { count: point.regressions }),
                  trigger: point.trigger,
                })}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="border-t pt-3 text-muted-foreground text-xs">{t('tests.trend.noRegressions')}</p>
      )}
    </section>
  );
}
