import { PencilIcon, PlusIcon, PuzzleIcon, SquareFunctionIcon, Trash2Icon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { CustomTemplate } from '../api/custom-templates-api';
import type { RequiredVariableStatus } from '../required-variables';
import { RequiredVariablesList } from './required-variables-list';

/** One of the owner's custom templates: its functions, the variables they need and its actions. */
export function CustomTemplateCard({
  template,
  statuses,
  variablesLoading,
  onAdd,
  onEdit,
  onDelete,
}: {
  template: CustomTemplate;
  statuses: readonly RequiredVariableStatus[];
  variablesLoading: boolean;
  onAdd: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const functions = template.links.flatMap((link) => (link.templateFunction ? [link.templateFunction] : []));
  return (
    <li aria-label={template.name} className="flex flex-col rounded-xl border bg-card shadow-xs transition-colors hover:border-primary/40">
      <div className="flex items-start gap-3 p-4 pb-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary">
          <PuzzleIcon className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-semibold leading-tight">{template.name}</h3>
          <p className="mt-0.5 text-muted-foreground text-sm">
            {functions.length} {functions.length === 1 ? 'function' : 'functions'}
          </p>
        </div>
        <Button variant="ghost" size="icon-sm" aria-label={`Edit ${template.name}`} onClick={onEdit}>
          <PencilIcon />
        </Button>
        <Button variant="ghost" size="icon-sm" aria-label={`Delete ${template.name}`} onClick={onDelete}>
          <Trash2Icon />
        </Button>
      </div>
      <div className="grid gap-3 px-4 pb-4">
        <ul aria-label="Functions" className="grid gap-1.5">
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
        <section aria-label="Variables" className="grid gap-1.5">
          <h4 className="font-medium text-muted-foreground text-xs uppercase tracking-wide">Variables</h4>
          <RequiredVariablesList statuses={statuses} loading={variablesLoading} />
        </section>
      </div>
      <div className="mt-auto border-t px-4 py-3">
        <Button size="sm" onClick={onAdd}>
          <PlusIcon />
          Add to assistant
        </Button>
      </div>
    </li>
  );
}
