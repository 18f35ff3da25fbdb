import { GET_STARTED_STEPS, type GetStartedStep } from '@aisle/contracts/onboarding';
import { ArrowRightIcon, CheckCircle2Icon, CircleIcon, RocketIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useGetStarted } from '../api/get-started';

/** Where each step is done: one click away. */
const STEP_PATHS: Record<GetStartedStep, string> = {
  store: paths.store,
  files: paths.store,
  assistant: paths.assistants,
  tried: paths.chat,
  tested: paths.assistants,
  shared: paths.assistants,
  channel: paths.social,
};

const STEP_KEYS = {
  store: { title: 'getStarted.steps.store.title', body: 'getStarted.steps.store.body', action: 'getStarted.steps.store.action' },
  files: { title: 'getStarted.steps.files.title', body: 'getStarted.steps.files.body', action: 'getStarted.steps.files.action' },
  assistant: {
    title: 'getStarted.steps.assistant.title',
    body: 'getStarted.steps.assistant.body',
    action: 'getStarted.steps.assistant.action',
  },
  tried: { title: 'getStarted.steps.tried.title', body: 'getStarted.steps.tried.body', action: 'getStarted.steps.tried.action' },
  tested: { title: 'getStarted.steps.tested.title', body: 'getStarted.steps.tested.body', action: 'getStarted.steps.tested.action' },
  shared: { title: 'getStarted.steps.shared.title', body: 'getStarted.steps.shared.body', action: 'getStarted.steps.shared.action' },
  channel: { title: 'getStarted.steps.channel.title', body: 'getStarted.steps.channel.body', action: 'getStarted.steps.channel.action' },
} as const satisfies Record<GetStartedStep, { title: string; body: string; action: string }>;

/**
 * /account's "Get started" for a new merchant: store → files → assistant → try it in Chat → run its test
 * questions → share
 * → connect a channel, ticked off live from their real data (useGetStarted), the next step
 * highlighted and each one a click away. Gone once everything is done.
 */
export function GetStarted() {
  const { t } = useTranslation('account');
  const titleId = useId();
  const progress = useGetStarted();
  const data = progress.data;
  if (!data || data.complete) return null;
  const done = GET_STARTED_STEPS.filter((step) => data.steps[step]).length;
  const next = GET_STARTED_STEPS.find((step) => !data.steps[step]);
  return (
    <section aria-labelledby={titleId} className="mx-auto mb-4 w-full max-w-4xl px-4 md:px-8">
      <div className="rounded-xl border border-primary/30 bg-card p-4 md:p-5">
        <div className="mb-3 flex items-start gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
            <RocketIcon className="size-4" aria-hidden="true" />
          </span>
          <div className="min-w-0 flex-1">
            <h2 id={titleId} className="font-semibold text-base tracking-tight">
              {t('getStarted.title')}
            </h2>
            <p className="text-muted-foreground text-sm">{t('getStarted.summary')}</p>
          </div>
          <p className="shrink-0 font-medium text-sm tabular-nums">{t('getStarted.progress', { done, total: GET_STARTED_STEPS.length })}</p>
        </div>
        <div
          role="progressbar"
          aria-labelledby={titleId}
          aria-valuemin={0}
          aria-valuemax={GET_STARTED_STEPS.length}
          aria-valuenow={done}
          aria-valuetext={t('getStarted.progress', { done, total: GET_STARTED_STEPS.length })}
          className="mb-4 h-2 overflow-hidden rounded-full bg-muted"
        >
          <div
            className="h-full rounded-full bg-primary transition-[width] duration-500"
            style={{ width: `${(done / GET_STARTED_STEPS.length) * 100}%` }}
          />
        </div>
        <ol className="grid gap-2">
          {GET_STARTED_STEPS.map((step) => {
            const complete = data.steps[step];
            const keys = STEP_KEYS[step];
            return (
              <li
                key={step}
                className={cn(
                  'flex flex-wrap items-center gap-3 rounded-lg border p-3',
                  step === next ? 'border-primary/50' : 'border-transparent',
                )}
              >
                {complete ? (
                  <CheckCircle2Icon className="size-5 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />
                ) : (
                  <CircleIcon className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
                )}
                <div className="min-w-0 flex-1">
                  <p className={cn('font-medium text-sm', complete && 'text-muted-foreground line-through')}>
                    {t(keys.title)}
                    <span className="sr-only"> — {complete ? t('getStarted.done') : t('getStarted.todo')}</span>
                  </p>
                  {complete ? null : <p className="text-muted-foreground text-sm">{t(keys.body)}</p>}
                </div>
                {complete ? null : (
                  <Button asChild size="sm" variant={step === next ? 'default' : 'outline'}>
                    <Link to={STEP_PATHS[step]}>
                      {t(keys.action)}
                      <ArrowRightIcon aria-hidden="true" />
                    </Link>
                  </Button>
                )}
              </li>
            );
          })}
        </ol>
      </div>
    </section>
  );
}
