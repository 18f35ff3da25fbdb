import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import type { TemplateFunctionItem, TemplateItem } from '../template-fields';

export interface FunctionGroup {
  template: TemplateItem;
  functions: readonly TemplateFunctionItem[];
}

/** Template functions to combine, grouped by their template, one checkbox each. */
export function TemplateFunctionPicker({
  groups,
  selected,
  onToggle,
}: {
  groups: readonly FunctionGroup[];
  selected: readonly string[];
  onToggle: (id: string, on: boolean) => void;
}) {
  const { t } = useTranslation('templates');
  return (
    <div className="grid gap-4">
      {groups.map(({ template, functions }) => (
        <fieldset key={template.id} className="grid gap-2">
          <legend className="mb-2 font-medium text-sm">{template.name}</legend>
          {functions.length === 0 ? <p className="text-muted-foreground text-xs">{t('card.noFunctions')}</p> : null}
          {functions.map((fn) => {
            const checked = selected.includes(fn.id);
            return (
              <label
                key={fn.id}
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-lg border bg-background p-3 transition-colors hover:border-primary/40 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50 dark:bg-input/20',
                  checked && 'border-primary/60 bg-primary/5 dark:bg-primary/10',
                )}
              >
                <input
                  type="checkbox"
                  checked={checked}
                  onChange={(event) => onToggle(fn.id, event.target.checked)}
                  className="mt-0.5 size-4 shrink-0 cursor-pointer accent-primary"
                  aria-label={fn.name}
                  aria-describedby={fn.description ? `${fn.id}-description` : undefined}
                />
                <span className="min-w-0">
                  <span className="block truncate font-medium font-mono text-xs leading-5">{fn.name}</span>
                  {fn.description ? (
                    <span id={`${fn.id}-description`} className="block text-muted-foreground text-xs">
                      {fn.description}
                    </span>
                  ) : null}
                </span>
              </label>
            );
          })}
        </fieldset>
      ))}
    </div>
  );
}
