import { CheckIcon, LoaderCircleIcon, UserRoundIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useFormat } from '@/i18n/format';
import { fullTimeText, needsPersonReasonSentence } from '../thread-display';

/**
 * Above a conversation that was handed to a person: why, and that the shopper has been told the
 * team will reply. A hand-written reply clears it on the server; "Mark as handled" clears it
 * without writing (the shopper was helped elsewhere, or needs nothing more).
 */
export function NeedsPersonNotice({
  reason,
  since,
  pending,
  onHandled,
}: {
  reason: string | null;
  since: string | null;
  pending: boolean;
  onHandled: () => void;
}) {
  const { t } = useTranslation('inbox');
  const format = useFormat();
  return (
    <section
      aria-label={t('needsPerson.label')}
      className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b bg-rose-500/10 px-3 py-2.5 md:px-4"
    >
      <UserRoundIcon className="size-4 shrink-0 text-rose-700 dark:text-rose-300" aria-hidden="true" />
      <p className="min-w-48 flex-1 text-sm">
        <span className="font-medium">{t('needsPerson.title')}</span>
        <span className="text-muted-foreground">
          {t('needsPerson.body', { reason: needsPersonReasonSentence(reason) })}
          {since ? <span className="sr-only"> {t('needsPerson.since', { time: fullTimeText(since, format) })}</span> : null}
        </span>
      </p>
      <Button size="sm" variant="outline" onClick={onHandled} disabled={pending}>
        {pending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <CheckIcon />}
        {t('needsPerson.markHandled')}
      </Button>
    </section>
  );
}
