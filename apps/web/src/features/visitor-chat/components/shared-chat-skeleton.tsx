import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';

/** The chat's shape while the link is checked: header, a few bubbles, the composer. */
export function SharedChatSkeleton({ compact }: { compact: boolean }) {
  const { t } = useTranslation('shopper');
  return (
    <main className="flex h-dvh flex-col bg-background" role="status" aria-label={t('skeleton.loading')}>
      <div className={`flex shrink-0 items-center gap-3 border-b px-4 ${compact ? 'h-14' : 'h-16'}`}>
        <Skeleton className="size-9 rounded-full" />
        <div className="grid gap-1.5">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-3 w-44" />
        </div>
      </div>
      <div className="mx-auto flex w-full max-w-2xl flex-1 flex-col items-center gap-3 px-4 py-10">
        <Skeleton className="size-14 rounded-full" />
        <Skeleton className="h-5 w-48" />
        <Skeleton className="h-4 w-64" />
        <Skeleton className="mt-4 h-10 w-full max-w-md rounded-xl" />
        <Skeleton className="h-10 w-full max-w-md rounded-xl" />
      </div>
      <div className="mx-auto w-full max-w-2xl p-3">
        <Skeleton className="h-12 w-full rounded-2xl" />
      </div>
    </main>
  );
}
