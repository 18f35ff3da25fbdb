import type { WizardFlag } from '@aisle/contracts/setup-wizard';
import { CheckCircle2Icon, CircleIcon, Loader2Icon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@/app/auth/auth-provider';
import { useAppSync } from '@/app/data-client/app-sync-provider';
import { PublicCard } from '@/components/layouts/public-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useFormat } from '@/i18n/format';
import { incrementWizardUsageRequest, skipWizard, startRefusalOf, startWizardRequest } from '../api/wizard-api';
import { hasRun, isFailed, type WizardRecord, wizardChecklist, wizardPercentage } from '../wizard-record';

/**
 * The checklist rows' texts (spec §2, exactly in English). The platform's row names the platform:
 * "Shopify Configuration Updated".
 */
const CHECKLIST_LABEL = {
  pagesRetrieved: 'wizard.checklist.pagesRetrieved',
  blogsRetrieved: 'wizard.checklist.blogsRetrieved',
  productsRetrieved: 'wizard.checklist.productsRetrieved',
  themeColorsRetrieved: 'wizard.checklist.themeColorsRetrieved',
  vectorStoreCreated: 'wizard.checklist.vectorStoreCreated',
  filesUploaded: 'wizard.checklist.filesUploaded',
  assistantCreated: 'wizard.checklist.assistantCreated',
  vectorStoreLinked: 'wizard.checklist.vectorStoreLinked',
  templateLinked: 'wizard.checklist.templateLinked',
  sharedAssistantCreated: 'wizard.checklist.sharedAssistantCreated',
} as const satisfies Record<Exclude<WizardFlag, 'shopifyConfigurationUpdated'>, string>;

type Phase = 'intro' | 'starting' | 'start' | 'start-failed' | 'skipped';

const Spinner = ({ label }: { label?: string }) => (
  <Loader2Icon className="size-4 animate-spin text-muted-foreground" aria-label={label} role={label ? 'status' : undefined} />
);

/**
 * The setup wizard screen (spec §2): intro, the start call, "Initializing wizard setup...", the
 * live progress of the owner's Wizard record (the start-up collection, updated by its
 * subscription), "Setup Failed" / "Setup Incomplete" with "Skip Wizard". Skipping marks the record
 * completed (spec §4); nothing is rendered after that, nor once the run has completed.
 */
export function SetupWizard({ record, onSkip }: { record: WizardRecord | undefined; onSkip(): void }) {
  const { t } = useTranslation('setup');
  const auth = useAuth();
  const { client } = useAppSync();
  const [phase, setPhase] = useState<Phase>(() => (hasRun(record) ? 'start' : 'intro'));
  const [skipping, setSkipping] = useState(false);
  /** The tier's limit that refused the start, in the server's words (the wizard's runs used up). */
  const [refusal, setRefusal] = useState<string | null>(null);

  const start = async () => {
    setPhase('starting');
    try {
      const token = await auth.sessionStore.getValidAccessToken();
      if (!token) throw new Error('not signed in');
      await startWizardRequest(token);
      setPhase('start');
      incrementWizardUsageRequest(token).catch((error: unknown) => console.warn('counting the wizard run failed', error));
    } catch (error) {
      console.warn('starting the setup wizard failed', error);
      setRefusal(startRefusalOf(error));
      setPhase('start-failed');
    }
  };

  const skip = async () => {
    setSkipping(true);
    try {
      if (client && auth.user) await skipWizard(client, { ownerEmail: auth.user.email, wizardId: record?.id ?? null });
    } catch (error) {
      // Spec §8: skip failures are only logged.
      console.warn('skipping the setup wizard failed', error);
    }
    setPhase('skipped');
    onSkip();
  };

  // Completed: the layout opens the dashboard (spec §2: nothing is rendered).
  if (record?.completed || phase === 'skipped') return null;
  if (phase === 'intro') {
    return (
      <WizardCard title={t('wizard.introTitle')} description={t('wizard.intro')}>
        <div className="grid gap-2">
          <Button onClick={start}>{t('wizard.start')}</Button>
          <Button variant="outline" onClick={skip} disabled={skipping}>
            {t('wizard.skipForNow')}
          </Button>
        </div>
      </WizardCard>
    );
  }
  if (phase === 'starting') {
    return (
      <WizardCard title={t('wizard.introTitle')}>
        <div className="flex justify-center">
          <Spinner label={t('wizard.starting')} />
        </div>
      </WizardCard>
    );
  }
  if (phase === 'start-failed' || isFailed(record)) {
    return (
      <WizardCard
        title={phase === 'start-failed' ? t('wizard.startFailedTitle') : t('wizard.incompleteTitle')}
        description={phase === 'start-failed' ? t('wizard.startFailed') : t('wizard.incomplete')}
      >
        {phase !== 'start-failed' && record?.log ? <p className="text-sm text-muted-foreground">{record.log}</p> : null}
        {phase === 'start-failed' && refusal ? (
          <p role="alert" className="text-sm">
            {refusal}
          </p>
        ) : null}
        <div className="grid gap-2">
          <Button onClick={skip} disabled={skipping}>
            {skipping ? <Spinner /> : null}
            {t('wizard.skipWizard')}
          </Button>
          {phase !== 'start-failed' ? (
            <Button variant="outline" onClick={start}>
              {t('wizard.tryAgain')}
            </Button>
          ) : null}
        </div>
      </WizardCard>
    );
  }
  if (!record) {
    return (
      <WizardCard title={t('wizard.introTitle')}>
        <div className="flex items-center justify-center gap-2 text-sm">
          <Spinner />
          <span>{t('wizard.initializing')}</span>
        </div>
      </WizardCard>
    );
  }
  return <WizardProgress record={record} />;
}

function WizardProgress({ record }: { record: WizardRecord }) {
  const { t } = useTranslation('setup');
  const format = useFormat();
  const percentage = wizardPercentage(record);
  const label = (flag: WizardFlag) =>
    flag === 'shopifyConfigurationUpdated'
      ? t('wizard.checklist.platformConfigurationUpdated', { platform: 'Shopify' })
      : t(CHECKLIST_LABEL[flag]);
  return (
    <WizardCard title={t('wizard.introTitle')}>
      <div className="grid gap-2">
        <div className="flex items-baseline justify-between">
          <span className="text-2xl font-semibold" data-testid="wizard-percentage">
            {format.percent(percentage / 100)}
          </span>
          <span className="text-sm text-muted-foreground" data-testid="wizard-status">
            {record.status}
          </span>
        </div>
        <div
          className="h-2 overflow-hidden rounded-full bg-muted"
          role="progressbar"
          aria-valuenow={percentage}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <div className="h-full bg-primary transition-all" style={{ width: `${percentage}%` }} />
        </div>
      </div>
      <ul className="grid gap-2" aria-label={t('wizard.steps')}>
        {wizardChecklist(record).map((item) => (
          <li key={item.flag} className="flex items-center gap-2 text-sm" data-state={item.state}>
            {item.state === 'complete' ? (
              <CheckCircle2Icon className="size-4 text-primary" aria-hidden="true" />
            ) : item.state === 'processing' ? (
              <Spinner />
            ) : (
              <CircleIcon className="size-4 text-muted-foreground" aria-hidden="true" />
            )}
            <span className="flex-1">{label(item.flag)}</span>
            {item.state === 'complete' ? <Badge variant="secondary">{t('wizard.complete')}</Badge> : null}
            {item.state === 'processing' ? <span className="text-xs text-muted-foreground">{t('wizard.processing')}</span> : null}
          </li>
        ))}
      </ul>
    </WizardCard>
  );
}

function WizardCard({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <PublicCard title={title} description={description}>
      {children}
    </PublicCard>
  );
}
