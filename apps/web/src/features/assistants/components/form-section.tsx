import type * as React from 'react';
import type { ReactNode } from 'react';

/** A titled block of the form. */
export function FormSection({
  title,
  description,
  icon: Icon,
  children,
}: {
  title: string;
  description?: string;
  icon: React.ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  children: ReactNode;
}) {
  return (
    <section aria-label={title} className="grid gap-4 rounded-xl border bg-card p-4 sm:p-5">
      <header className="flex items-start gap-3">
        <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
          <Icon className="size-4" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h3 className="font-medium leading-tight">{title}</h3>
          {description ? <p className="mt-1 text-muted-foreground text-xs">{description}</p> : null}
        </div>
      </header>
      {children}
    </section>
  );
}
