import { CheckIcon, CircleAlertIcon, LockIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import type { RequiredVariableStatus } from '../required-variables';

/** The variables a template needs, each with ✓ when the owner has set it or "needed" when not. */
export function RequiredVariablesList({ statuses, loading = false }: { statuses: readonly RequiredVariableStatus[]; loading?: boolean }) {
  const { t } = useTranslation('templates');
  if (statuses.length === 0) return <p className="text-muted-foreground text-xs">{t('requiredVariables.none')}</p>;
  return (
    <ul aria-label={t('requiredVariables.label')} className="flex flex-wrap gap-1.5">
      {statuses.map((entry) => (
        <li
          key={entry.name}
          title={entry.description}
          aria-label={
            loading
              ? t('requiredVariables.checking', { name: entry.name })
              : entry.isSet
                ? t('requiredVariables.set', { name: entry.name })
                : t('requiredVariables.needed', { name: entry.name })
          }
          className={cn(
            'inline-flex max-w-full items-center gap-1 rounded-md border px-1.5 py-0.5 font-mono text-xs',
            entry.isSet
              ? 'border-emerald-500/30 bg-emerald-500/10 text-emerald-700 dark:text-emerald-300'
              : 'border-amber-500/40 bg-amber-500/10',
          )}
        >
          {entry.secret ? <LockIcon className="size-3 shrink-0" aria-hidden="true" /> : null}
          <span className="truncate">{entry.name}</span>
          {loading ? null : entry.isSet ? (
            <CheckIcon className="size-3.5 shrink-0" aria-hidden="true" />
          ) : (
            <span className="inline-flex items-center gap-0.5 font-sans text-amber-700 dark:text-amber-300">
              <CircleAlertIcon className="size-3" aria-hidden="true" />
              {t('requiredVariables.neededBadge')}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
