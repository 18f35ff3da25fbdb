import type { Assistant } from '@aisle/contracts/assistants';
import { Share2Icon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCollection } from '@/app/startup-data/startup-data-provider';
import { ScreenHeader } from '@/components/layouts/screen-header';
import { Skeleton } from '@/components/ui/skeleton';
import { apiErrorText } from '@/lib/api-error-text';
import { cn } from '@/lib/cn';
import { useSocialSummary } from '../api/get-social-summary';
import { type LoginOutcome, loginOutcomeOf } from '../channel-texts';
import { ChannelCard } from './channel-card';

/**
 * The Social screen (spec §2 /social, §7 "Social"): one card per channel (Instagram, Messenger,
 * WhatsApp, LINE) with its accounts, the assistant behind each, their state and errors, connecting
 * and disconnecting. Facebook Login comes back here with what it found, said once at the top.
 */
export function SocialScreen() {
  const { t } = useTranslation('channels');
  const summary = useSocialSummary();
  const { items: assistants } = useCollection<Assistant>('assistants');
  const [params, setParams] = useSearchParams();
  const [outcome, setOutcome] = useState<LoginOutcome | null>(() => loginOutcomeOf(params));

  // The login's answer is read once; a reload does not say it again.
  useEffect(() => {
    if (params.has('channel')) setParams({}, { replace: true });
  }, [params, setParams]);

  return (
    <div className="mx-auto w-full max-w-5xl p-4 md:p-6">
      <ScreenHeader title={t('socialScreen.title')} icon={Share2Icon} summary={t('socialScreen.summary')} />
      {outcome ? (
        <p
          role={outcome.tone === 'error' ? 'alert' : 'status'}
          className={cn(
            'mb-4 flex items-start justify-between gap-3 rounded-lg border px-4 py-3 text-sm wrap-anywhere',
            outcome.tone === 'error' ? 'border-destructive/30 bg-destructive/5 text-destructive' : 'border-emerald-500/30 bg-emerald-500/5',
          )}
        >
          <span className="min-w-0">{outcome.text}</span>
          <button type="button" className="shrink-0 text-xs underline" onClick={() => setOutcome(null)}>
            {t('socialScreen.dismiss')}
          </button>
        </p>
      ) : null}
      {summary.isPending ? (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2" role="status" aria-label={t('socialScreen.loading')}>
          {[0, 1, 2, 3].map((key) => (
            <Skeleton key={key} className="h-48 rounded-xl" />
          ))}
        </div>
      ) : summary.error ? (
        <p
          role="alert"
          className="rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-destructive text-sm wrap-anywhere"
        >
          {apiErrorText(summary.error, t('socialScreen.loadFailed'))}
        </p>
      ) : (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          {summary.data.channels.map((channel) => (
            <ChannelCard key={channel.channel} summary={channel} assistants={assistants} />
          ))}
        </div>
      )}
    </div>
  );
}
