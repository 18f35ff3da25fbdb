import { CircleCheckIcon, CircleXIcon, LoaderCircleIcon, TimerIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/i18n/format';
import { prettyJson } from '../json-text';
import { formatDuration, type RunOutcome } from '../run-outcome';

const heading = 'font-medium text-muted-foreground text-xs uppercase tracking-wide';

/** The last run: its result or error, what it logged and how long it took. */
export function RunResult({ outcome, running }: { outcome: RunOutcome | null; running: boolean }) {
  const { t } = useTranslation('functions');
  return (
    <section aria-label={t('run.result')} aria-busy={running} className="grid content-start gap-3 rounded-lg border p-4 text-sm">
      {running ? (
        <p className="flex items-center gap-2 text-muted-foreground">
          <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
          {t('run.running')}
        </p>
      ) : !outcome ? (
        <p className="text-muted-foreground">{t('run.empty')}</p>
      ) : outcome.kind === 'failure' ? (
        <p className="rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-destructive">{outcome.message}</p>
      ) : (
        <RunResponse response={outcome.response} />
      )}
    </section>
  );
}

function RunResponse({ response }: { response: Extract<RunOutcome, { kind: 'response' }>['response'] }) {
  const { t } = useTranslation('functions');
  const format = useFormat();
  return (
    <>
      <p className="flex flex-wrap items-center gap-3">
        {response.ok ? (
          <span className="inline-flex items-center gap-1 font-medium text-emerald-700 dark:text-emerald-300">
            <CircleCheckIcon className="size-4" aria-hidden="true" />
            {t('run.succeeded')}
          </span>
        ) : (
          <span className="inline-flex items-center gap-1 font-medium text-destructive">
            <CircleXIcon className="size-4" aria-hidden="true" />
            {t('run.failed')}
          </span>
        )}
        <span className="inline-flex items-center gap-1 text-muted-foreground tabular-nums">
          <TimerIcon className="size-4" aria-hidden="true" />
          <span className="sr-only">{t('run.duration')}</span>
          {formatDuration(response.durationMs, format)}
        </span>
      </p>
      {response.ok ? (
        <div className="grid gap-1">
          <h4 className={heading}>{t('run.resultHeading')}</h4>
          <pre className="max-h-80 overflow-auto rounded-md bg-muted/50 p-3 font-mono text-xs">{prettyJson(response.result)}</pre>
        </div>
      ) : response.error ? (
        <div className="grid gap-1 rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-destructive">
          <p className="font-medium font-mono text-xs">{response.error.code}</p>
          <p className="whitespace-pre-wrap">{response.error.message}</p>
        </div>
      ) : null}
      <div className="grid gap-1">
        <h4 className={heading}>{t('run.logs')}</h4>
        {response.logs.length > 0 ? (
          <ol aria-label={t('run.logs')} className="max-h-60 overflow-auto rounded-md bg-muted/50 p-3 font-mono text-xs">
            {response.logs.map((line, index) => (
              // Lines may repeat; their order is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: log lines have no id
              <li key={index} className="whitespace-pre-wrap break-words">
                {line}
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-muted-foreground">{t('run.nothingLogged')}</p>
        )}
      </div>
    </>
  );
}
