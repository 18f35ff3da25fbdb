import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';

/** Placeholders in the shape of the cards while they load. */
export function CardsSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {[0, 1, 2].map((index) => (
        <Skeleton key={index} className="h-[220px] rounded-xl" />
      ))}
    </div>
  );
}

export function EmptyState({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <section
      aria-label={title}
      className="rounded-2xl border border-dashed bg-gradient-to-b from-primary/5 to-transparent px-6 py-12 text-center"
    >
      <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-2xl bg-primary/10 text-primary ring-8 ring-primary/5">
        <Icon className="size-6" aria-hidden="true" />
      </div>
      <h2 className="font-semibold tracking-tight">{title}</h2>
      <div className="mx-auto mt-2 max-w-md text-muted-foreground text-sm">{children}</div>
    </section>
  );
}

export function ErrorNotice({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useTranslation('templates');
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-destructive text-sm"
    >
      <span className="flex-1">{message}</span>
      {onRetry ? (
        <Button variant="outline" size="sm" onClick={onRetry}>
          {t('listStates.tryAgain')}
        </Button>
      ) : null}
    </div>
  );
}
