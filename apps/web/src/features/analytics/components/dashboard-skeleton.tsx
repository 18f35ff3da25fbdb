import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { CHART_FRAME_CLASS } from './dashboard-charts';
import { KPI_CARD_CLASS } from './kpi-cards';

const KPI_SLOTS = ['k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'k7'];
const CHART_SLOTS = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6'];
const FROM_CHAT_SLOTS = ['f1', 'f2', 'f3'];

/** The loaded dashboard's boxes at their sizes, so the data arrives without moving anything. */
export function DashboardSkeleton() {
  const { t } = useTranslation('analytics');
  return (
    <section className="space-y-3" aria-busy="true" aria-label={t('dashboard.loading')} data-testid="dashboard-loading">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {KPI_SLOTS.map((slot) => (
          <div key={slot} className={KPI_CARD_CLASS}>
            <Skeleton className="h-4 w-24" />
            <Skeleton className="mt-3 h-7 w-16" />
            <Skeleton className="mt-3 h-3 w-32" />
          </div>
        ))}
      </div>
      {/* "From chat": its heading, three cards and its chart (from-chat.tsx). */}
      <div className="space-y-3">
        <Skeleton className="h-5 w-28" />
        <Skeleton className="h-4 w-72" />
        <div className="grid gap-3 sm:grid-cols-3">
          {FROM_CHAT_SLOTS.map((slot) => (
            <div key={slot} className={KPI_CARD_CLASS}>
              <Skeleton className="h-4 w-24" />
              <Skeleton className="mt-3 h-7 w-16" />
              <Skeleton className="mt-3 h-3 w-32" />
            </div>
          ))}
        </div>
        <div className={CHART_FRAME_CLASS}>
          <Skeleton className="h-4 w-40" />
          <Skeleton className="mt-4 h-52 w-full" />
        </div>
      </div>
      <div className="grid gap-3 lg:grid-cols-2">
        {CHART_SLOTS.map((slot) => (
          <div key={slot} className={CHART_FRAME_CLASS}>
            <Skeleton className="h-4 w-40" />
            <Skeleton className="mt-4 h-52 w-full" />
          </div>
        ))}
      </div>
    </section>
  );
}
