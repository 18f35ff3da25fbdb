import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ScreenHeader } from './screen-header';

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
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-4xl p-4 md:p-8">
      <ScreenHeader title={title} icon={Icon} summary={summary} />
      <section aria-label={t('comingScreen.holds', { title })} className="rounded-xl border border-dashed p-6">
        <p className="mb-3 text-sm font-medium">{t('comingScreen.coming')}</p>
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
