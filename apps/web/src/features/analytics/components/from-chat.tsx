import { ShoppingBagIcon } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { EmptyState } from '@/components/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useFormat } from '@/i18n/format';
import { apiErrorText } from '@/lib/api-error-text';
import { useCommerceCounts } from '../api/get-commerce-counts';
import { type CommerceCount, summarizeCommerce } from '../commerce-summary';
import { changeOf, type DashboardFilter, type DashboardWindow, windowBounds } from '../dashboard-summary';
import { CHART_FRAME_CLASS, ChartFrame, chartLegend } from './dashboard-charts';
import { Change, KPI_CARD_CLASS } from './kpi-cards';

const CARDS = [
  { key: 'ordersHelped', id: 'orders-helped', label: 'fromChat.ordersHelped', hint: 'fromChat.ordersHelpedHint', colour: '#0ea5e9' },
  {
    key: 'returnsStarted',
    id: 'returns-started',
    label: 'fromChat.returnsStarted',
    hint: 'fromChat.returnsStartedHint',
    colour: '#f97316',
  },
  { key: 'addedToCart', id: 'added-to-cart', label: 'fromChat.addedToCart', hint: 'fromChat.addedToCartHint', colour: '#10b981' },
] as const satisfies readonly { key: CommerceCount; id: string; label: string; hint: string; colour: string }[];

const axis = { fontSize: 11, tickLine: false } as const;

/**
 * "From chat" (issue 32 §5): orders helped, returns started and products added to the cart from the
 * chat in the shown period, against the period before, and by day. Counted by the server when
 * asked; read again with the rest of the dashboard (a refresh, a live event).
 */
export function FromChat({ days, filter }: { days: DashboardWindow; filter: DashboardFilter }) {
  const { t } = useTranslation('analytics');
  const format = useFormat();
  const counts = useCommerceCounts(windowBounds(days).previousStart, filter);
  const summary = useMemo(() => (counts.data ? summarizeCommerce(counts.data, days) : null), [counts.data, days]);
  const shortDay = (day: string) => format.dateParts(day, { month: 'numeric', day: 'numeric', timeZone: 'UTC' });
  const longDay = (day: unknown) => format.date(String(day), { dateStyle: 'medium', timeZone: 'UTC' });
  const count = (value: unknown) => format.number(Number(value));

  return (
    <section className="space-y-3" aria-labelledby="from-chat-title" aria-busy={!summary && !counts.error} data-testid="from-chat">
      <header>
        <h2 id="from-chat-title" className="font-semibold text-base">
          {t('fromChat.title')}
        </h2>
        <p className="text-muted-foreground text-sm">{t('fromChat.description')}</p>
      </header>
      {counts.error && !summary ? (
        <p role="alert" className="text-destructive text-sm">
          {apiErrorText(counts.error, t('fromChat.loadFailed'))}
        </p>
      ) : (
        <div className="grid gap-3">
          <ul className="grid gap-3 sm:grid-cols-3">
            {CARDS.map((card) => (
              <li key={card.id} className={KPI_CARD_CLASS} data-testid={`from-chat-${card.id}`}>
                <p className="flex items-center gap-1.5 text-muted-foreground text-sm">
                  <span aria-hidden="true" className="size-2.5 rounded-sm" style={{ background: card.colour }} />
                  {t(card.label)}
                </p>
                {summary ? (
                  <>
                    <p className="mt-1 font-semibold text-2xl tabular-nums" data-testid={`from-chat-${card.id}-value`}>
                      {format.number(summary.current[card.key])}
                    </p>
                    <div className="flex flex-wrap items-center gap-x-2">
                      <Change change={changeOf(summary.current[card.key], summary.previous[card.key])} />
                      <span className="truncate text-muted-foreground text-xs" title={t(card.hint)}>
                        {t(card.hint)}
                      </span>
                    </div>
                  </>
                ) : (
                  <>
                    <Skeleton className="mt-2 h-7 w-16" />
                    <Skeleton className="mt-3 h-3 w-32" />
                  </>
                )}
              </li>
            ))}
          </ul>
          {!summary ? (
            <div className={CHART_FRAME_CLASS}>
              <Skeleton className="h-4 w-40" />
              <Skeleton className="mt-4 h-52 w-full" />
            </div>
          ) : summary.hasAny ? (
            <ChartFrame title={t('fromChat.byDay')} testId="chart-from-chat">
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={summary.days} margin={{ top: 4, right: 8, bottom: 0, left: 0 }}>
                  <CartesianGrid vertical={false} strokeDasharray="3 3" className="stroke-muted" />
                  <XAxis dataKey="day" tickFormatter={shortDay} {...axis} interval="preserveStartEnd" />
                  <YAxis allowDecimals={false} tickFormatter={count} {...axis} width={36} axisLine={false} />
                  <Tooltip labelFormatter={longDay} formatter={count} />
                  <Legend content={chartLegend} />
                  {CARDS.map((card) => (
                    <Bar key={card.key} name={t(card.label)} dataKey={card.key} stackId="c" fill={card.colour} isAnimationActive={false} />
                  ))}
                </BarChart>
              </ResponsiveContainer>
            </ChartFrame>
          ) : (
            <EmptyState
              icon={ShoppingBagIcon}
              title={t('fromChat.emptyTitle')}
              titleAs="h3"
              className={`${CHART_FRAME_CLASS} justify-center py-4`}
            >
              <p className="mt-1 max-w-md text-muted-foreground text-sm">{t('fromChat.emptyBody')}</p>
            </EmptyState>
          )}
        </div>
      )}
    </section>
  );
}
