import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';

/** Rows of placeholders while the functions load. */
export function FunctionsListSkeleton() {
  const { t } = useTranslation('functions');
  return (
    <div role="status" className="grid gap-2 rounded-xl border p-4">
      <span className="sr-only">{t('list.loading')}</span>
      {[0, 1, 2].map((index) => (
        <div key={index} className="grid gap-2 py-2">
          <Skeleton className="h-4 w-48" />
          <Skeleton className="h-3 w-full max-w-md" />
        </div>
      ))}
    </div>
  );
}
