import type { RequiredVariable } from '@aisle/contracts/functions';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

export interface LinkOption {
  id: string;
  name: string;
  detail?: ReactNode;
  /** Shown but not linkable (a function flagged by the rules check); unlinking stays possible. */
  disabled?: boolean;
  /** A template's variables, asked for when linking it is refused because they are not set. */
  requiredVariables?: readonly RequiredVariable[];
}

/** A checkbox per store, function or template the assistant may use; a hint when there are none. */
export function LinkChecklist({
  label,
  options,
  selected,
  emptyHint,
  onToggle,
}: {
  label: string;
  options: readonly LinkOption[];
  selected: readonly string[];
  emptyHint: ReactNode;
  onToggle: (id: string, on: boolean) => void;
}) {
  const { t } = useTranslation('assistants');
  if (options.length === 0) {
    return <p className="rounded-lg border border-dashed px-4 py-3 text-muted-foreground text-sm">{emptyHint}</p>;
  }
  return (
    <ul aria-label={label} className="grid gap-2 sm:grid-cols-2">
      {options.map((option) => {
        const checked = selected.includes(option.id);
        return (
          <li key={option.id}>
            <label
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-lg border bg-background p-3 transition-colors hover:border-primary/40 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50 dark:bg-input/20',
                checked && 'border-primary/60 bg-primary/5 dark:bg-primary/10',
              )}
            >
              <input
                type="checkbox"
                checked={checked}
                disabled={option.disabled && !checked}
                onChange={(event) => onToggle(option.id, event.target.checked)}
                className="mt-0.5 size-4 shrink-0 cursor-pointer accent-primary"
                aria-label={t('editor.linkOption', { name: option.name })}
              />
              <span className="min-w-0">
                <span className="block truncate font-medium text-sm" title={option.name}>
                  {option.name}
                </span>
                {option.detail ? <span className="block text-muted-foreground text-xs">{option.detail}</span> : null}
              </span>
            </label>
          </li>
        );
      })}
    </ul>
  );
}
