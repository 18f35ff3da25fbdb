import { LayoutDashboardIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { paths } from '@/config/paths';
import { useFormat } from '@/i18n/format';

const STEPS = [
  { to: paths.store, label: 'emptyState.connectStore', detail: 'emptyState.connectStoreDetail' },
  { to: paths.store, label: 'emptyState.runWizard', detail: 'emptyState.runWizardDetail' },
  { to: paths.assistants, label: 'emptyState.shareAssistant', detail: 'emptyState.shareAssistantDetail' },
] as const;

/** A new merchant's dashboard: what to do first for numbers to appear. */
export function DashboardEmptyState() {
  const { t } = useTranslation('analytics');
  const format = useFormat();
  return (
    <EmptyState icon={LayoutDashboardIcon} title={t('emptyState.title')} className="rounded-xl border bg-card">
      <p className="mt-1 max-w-md text-muted-foreground text-sm">{t('emptyState.body')}</p>
      <ol className="mt-4 space-y-2 text-left text-sm">
        {STEPS.map((step, index) => (
          <li key={step.label}>
            <span className="mr-2 text-muted-foreground tabular-nums">{format.number(index + 1)}.</span>
            <Link to={step.to} className="font-medium text-primary underline-offset-4 hover:underline">
              {t(step.label)}
            </Link>{' '}
            <span className="text-muted-foreground">{t(step.detail)}</span>
          </li>
        ))}
      </ol>
    </EmptyState>
  );
}
