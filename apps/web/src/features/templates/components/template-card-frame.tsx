import type { LucideIcon } from 'lucide-react';
import { SquareFunctionIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import type { RequiredVariableStatus } from '../required-variables';
import type { TemplateFunctionItem } from '../template-fields';
import { RequiredVariablesList } from './required-variables-list';

/**
 * The card both template lists use: an icon and the name (with a line under it and optional
 * actions beside it), the functions, the variables they need, and one main action at the bottom.
 */
export function TemplateCardFrame({
  name,
  icon: Icon,
  truncateName = false,
  subtitle,
  actions,
  functions,
  statuses,
  variablesLoading,
  footer,
}: {
  name: string;
  icon: LucideIcon;
  /** Keep the name on one line (cards with actions beside it). */
  truncateName?: boolean;
  subtitle?: ReactNode;
  actions?: ReactNode;
  /** The functions block, above the variables. */
  functions: ReactNode;
  statuses: readonly RequiredVariableStatus[];
  variablesLoading: boolean;
  footer: ReactNode;
}) {
  const { t } = useTranslation('templates');
  return (
    <li aria-label={name} className="flex flex-col rounded-xl border bg-card shadow-xs transition-colors hover:border-primary/40">
      <div className="flex items-start gap-3 p-4 pb-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className={cn('font-semibold leading-tight', truncateName && 'truncate')}>{name}</h3>
          {subtitle}
        </div>
        {actions}
      </div>
      <div className="grid gap-3 px-4 pb-4">
        {functions}
        <TemplateCardSection title={t('card.variables')}>
          <RequiredVariablesList statuses={statuses} loading={variablesLoading} />
        </TemplateCardSection>
      </div>
      <div className="mt-auto border-t px-4 py-3">{footer}</div>
    </li>
  );
}

/** A titled block inside a template card, named by its title. */
export function TemplateCardSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="grid gap-1.5">
      <h4 className="font-medium text-muted-foreground text-xs uppercase tracking-wide">{title}</h4>
      {children}
    </section>
  );
}

/** A template card's functions: each name in code type with its description under it. */
export function TemplateFunctionList({
  functions,
  ...props
}: { functions: readonly Pick<TemplateFunctionItem, 'id' | 'name' | 'description'>[] } & ComponentProps<'ul'>) {
  return (
    <ul className="grid gap-1.5" {...props}>
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
  );
}
