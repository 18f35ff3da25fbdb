import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A screen's title row: its icon, title and one-line summary, with the screen's main action at the end. */
export function ScreenHeader({
  title,
  icon: Icon,
  summary,
  action,
}: {
  title: string;
  icon: LucideIcon;
  summary: string;
  action?: ReactNode;
}) {
  return (
    <header className="mb-6 flex flex-wrap items-center gap-3">
      <span className="flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-48 flex-1">
        <h1 className="font-semibold text-2xl tracking-tight">{title}</h1>
        <p className="text-muted-foreground text-sm">{summary}</p>
      </div>
      {action}
    </header>
  );
}
