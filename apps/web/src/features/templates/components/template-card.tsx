import { LayoutTemplateIcon, SparklesIcon, SquareFunctionIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import type { RequiredVariableStatus } from '../required-variables';
import type { TemplateFunctionItem, TemplateItem } from '../template-fields';
import { RequiredVariablesList } from './required-variables-list';

/** One ready-made template: what it does, its functions, the variables it needs and "Use template". */
export function TemplateCard({
  template,
  functions,
  functionsLoading,
  statuses,
  variablesLoading,
  onUse,
}: {
  template: TemplateItem;
  functions: readonly TemplateFunctionItem[];
  functionsLoading: boolean;
  statuses: readonly RequiredVariableStatus[];
  variablesLoading: boolean;
  onUse: () => void;
}) {
  return (
    <li aria-label={template.name} className="flex flex-col rounded-xl border bg-card shadow-xs transition-colors hover:border-primary/40">
      <div className="flex items-start gap-3 p-4 pb-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary">
          <LayoutTemplateIcon className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold leading-tight">{template.name}</h3>
          {template.description ? <p className="mt-1 text-muted-foreground text-sm">{template.description}</p> : null}
        </div>
      </div>

      <div className="grid gap-3 px-4 pb-4">
        <section aria-label="Functions" className="grid gap-1.5">
          <h4 className="font-medium text-muted-foreground text-xs uppercase tracking-wide">Functions</h4>
          {functionsLoading ? (
            <Skeleton className="h-10 rounded-md" />
          ) : functions.length === 0 ? (
            <p className="text-muted-foreground text-xs">No functions.</p>
          ) : (
            <ul className="grid gap-1.5">
              {functions.map((fn) => (
                <li key={fn.id} className="flex items-start gap-2 text-sm">
                  <SquareFunctionIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                  <span className="min-w-0">
                    <span className="block font-medium font-mono text-xs leading-5">{fn.name}</span>
                    {fn.description ? <span className="block text-muted-foreground text-xs">{fn.description}</span> : null}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-label="Variables" className="grid gap-1.5">
          <h4 className="font-medium text-muted-foreground text-xs uppercase tracking-wide">Variables</h4>
          <RequiredVariablesList statuses={statuses} loading={variablesLoading} />
        </section>
      </div>

      <div className="mt-auto border-t px-4 py-3">
        <Button size="sm" onClick={onUse}>
          <SparklesIcon />
          Use template
        </Button>
      </div>
    </li>
  );
}
