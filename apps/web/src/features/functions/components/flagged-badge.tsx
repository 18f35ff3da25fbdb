import { FlagIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { pill } from './function-status-badge';

/** Shown when the code breaks a sandbox rule. */
export function FlaggedBadge() {
  const { t } = useTranslation('functions');
  return (
    <span data-slot="flagged" className={cn(pill, 'border-transparent bg-destructive text-white dark:bg-destructive/70')}>
      <FlagIcon aria-hidden="true" className="size-3" />
      {t('status.flagged')}
    </span>
  );
}
