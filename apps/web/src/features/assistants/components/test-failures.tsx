import type { TestVerdict } from '@aisle/contracts/test-suites';
import { CircleCheckIcon, LoaderCircleIcon, ThumbsUpIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { apiErrorText } from '@/lib/api-error-text';
import type { SuiteResult, SuiteRun } from '../api/test-runs-api';
import { useTestResults } from '../hooks/use-test-suite';
import { failuresOf, verdictText } from '../test-suite-runs';

/**
 * Verdicts whose server detail says more than the verdict's words: the figures it invented, why the
 * turn failed. (The others' detail repeats the verdict, in English.)
 */
const DETAILED_VERDICTS: readonly TestVerdict[] = ['invented_claim', 'error'];

/** Answers longer than this show their start, with a button for the rest. */
const LONG_ANSWER = 320;

/**
 * The latest finished run's failures, live: each question with the answer it got, the fact
 * expected and the verdict, "Regression" when it passed in the run before, and "Mark as right".
 */
export function TestFailures({ run, onMarkRight }: { run: SuiteRun; onMarkRight: (result: SuiteResult) => Promise<void> }) {
  const { t } = useTranslation('assistants');
  const titleId = useId();
  const { results, isLoading, error } = useTestResults(run.id);
  const failures = failuresOf(results);
  return (
    <section aria-labelledby={titleId} className="grid min-w-0 gap-3">
      <h3 id={titleId} className="font-medium">
        {t('tests.failures.title')}
      </h3>
      {error ? (
        <p role="alert" className="rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-destructive text-sm">
          {apiErrorText(error, t('tests.failures.loadFailed'))}
        </p>
      ) : isLoading ? (
        <div role="status" aria-label={t('tests.failures.loading')}>
          <Skeleton className="h-28 rounded-xl" />
        </div>
      ) : failures.length === 0 ? (
        <p className="flex items-center gap-2 rounded-xl border bg-card px-4 py-3 text-sm">
          <CircleCheckIcon className="size-4 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />
          {t('tests.failures.none')}
        </p>
      ) : (
        <ul aria-label={t('tests.failures.listLabel')} className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3">
          {failures.map((result) => (
            <FailureItem key={result.id} result={result} onMarkRight={onMarkRight} />
          ))}
        </ul>
      )}
    </section>
  );
}

function FailureItem({ result, onMarkRight }: { result: SuiteResult; onMarkRight: (result: SuiteResult) => Promise<void> }) {
  const { t } = useTranslation('assistants');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [whole, setWhole] = useState(false);
  const long = result.answer.length > LONG_ANSWER;
  const answer = long && !whole ? `${result.answer.slice(0, LONG_ANSWER).trimEnd()}…` : result.answer;

  const markRight = async () => {
    setBusy(true);
    setError(null);
    try {
      await onMarkRight(result);
    } catch (failure) {
      setError(apiErrorText(failure, t('tests.failures.markFailed')));
      setBusy(false);
    }
  };

  return (
    <li aria-label={result.question} className="grid min-w-0 gap-3 rounded-xl border bg-card p-4">
      <div className="flex min-w-0 flex-wrap items-start gap-2">
        <p className="min-w-0 flex-1 wrap-anywhere font-medium">{result.question}</p>
        {result.regressed ? <Badge variant="destructive">{t('tests.failures.regression')}</Badge> : null}
      </div>
      {result.followUp ? (
        <p className="-mt-2 wrap-anywhere text-muted-foreground text-sm">{t('tests.followUpThen', { question: result.followUp })}</p>
      ) : null}
      <dl className="grid min-w-0 gap-2 text-sm sm:grid-cols-[9rem_minmax(0,1fr)]">
        <dt className="text-muted-foreground">{t('tests.failures.answer')}</dt>
        <dd className="min-w-0 whitespace-pre-wrap wrap-anywhere">
          {result.answer ? answer : <span className="text-muted-foreground italic">{t('tests.failures.noAnswer')}</span>}
          {long ? (
            <Button type="button" variant="link" size="sm" className="h-auto px-1 py-0" onClick={() => setWhole(!whole)}>
              {whole ? t('tests.failures.showLess') : t('tests.failures.showAll')}
            </Button>
          ) : null}
        </dd>
        <dt className="text-muted-foreground">{t('tests.failures.expected')}</dt>
        <dd className="min-w-0 wrap-anywhere">{result.expected || t('tests.expectDecline')}</dd>
        <dt className="text-muted-foreground">{t('tests.failures.verdict')}</dt>
        <dd className="min-w-0 wrap-anywhere">
          {verdictText(result.verdict)}
          {result.detail && DETAILED_VERDICTS.includes(result.verdict) ? (
            <span className="block text-muted-foreground text-xs">{result.detail}</span>
          ) : null}
        </dd>
      </dl>
      {result.verdict !== 'error' ? (
        <div className="flex flex-wrap items-center gap-3 border-t pt-3">
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() => void markRight()}
            aria-label={t('tests.failures.markRightLabel', { question: result.question })}
          >
            {busy ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <ThumbsUpIcon />}
            {t('tests.failures.markRight')}
          </Button>
          <p className="min-w-0 flex-1 text-muted-foreground text-xs">{t('tests.failures.markRightHint')}</p>
          {error ? (
            <p role="alert" className="w-full text-destructive text-sm">
              {error}
            </p>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
