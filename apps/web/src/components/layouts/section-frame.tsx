import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';

/** One section of the Account screen (profile, language, plan, credit, security): an icon, a title, a line saying what it is for, and its body. */
export function SectionFrame({
  icon: Icon,
  title,
  summary,
  children,
}: {
  icon: LucideIcon;
  title: string;
  summary: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="mx-auto w-full max-w-4xl px-4 pt-4 md:px-8">
      <div className="rounded-xl border bg-card p-4 md:p-5">
        <div className="mb-4 flex items-start gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
            <Icon className="size-4" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <h2 id={titleId} className="font-semibold text-base tracking-tight">
              {title}
            </h2>
            <p className="text-muted-foreground text-sm">{summary}</p>
          </div>
        </div>
        {children}
      </div>
    </section>
  );
}
