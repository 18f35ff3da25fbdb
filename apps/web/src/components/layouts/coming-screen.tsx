import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A screen whose contents arrive with a later release: its title and what it will hold. */
export function ComingScreen({
  title,
  icon: Icon,
  summary,
  items,
}: {
  title: string;
  icon: LucideIcon;
  summary: string;
  items: ReactNode[];
}) {
  return (
    <div className="mx-auto w-full max-w-4xl p-4 md:p-8">
      <header className="mb-6 flex items-center gap-3">
        <span className="flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          <p className="text-sm text-muted-foreground">{summary}</p>
        </div>
      </header>
      <section aria-label={`What ${title} will hold`} className="rounded-xl border border-dashed p-6">
        <p className="mb-3 text-sm font-medium">Coming to this screen</p>
        <ul className="grid gap-2 text-sm text-muted-foreground sm:grid-cols-2">
          {items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list
            <li key={index} className="flex gap-2">
              <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-primary/60" />
              {item}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
