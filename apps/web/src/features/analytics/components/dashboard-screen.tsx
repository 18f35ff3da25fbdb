import { DownloadIcon, LayoutDashboardIcon, RefreshCwIcon } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScreenHeader } from '@/components/layouts/screen-header';
import { Button } from '@/components/ui/button';
import { useFormat } from '@/i18n/format';
import { apiErrorText } from '@/lib/api-error-text';
import { cn } from '@/lib/cn';
import { useRefreshAnalytics } from '../api/refresh-analytics';
import {
  type DashboardFilter,
  type DashboardWindow,
  dashboardWindows,
  filterOptions,
  newestRefresh,
  summarize,
  summaryCsv,
  windowBounds,
} from '../dashboard-summary';
import { useDashboardLive } from '../hooks/use-dashboard-live';
import { useDashboardRows } from '../hooks/use-dashboard-rows';
import { DashboardCharts, useChannelLabel } from './dashboard-charts';
import { DashboardEmptyState } from './dashboard-empty-state';
import { DashboardSkeleton } from './dashboard-skeleton';
import { FromChat } from './from-chat';
import { KpiCards, usdRate } from './kpi-cards';

function downloadCsv(text: string, name: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

const selectClass = 'h-9 rounded-md border bg-background px-2 text-sm';

/** Figures computed longer ago than this are refreshed when the dashboard opens. */
const STALE_AFTER_MS = 60_000;

/** /dashboard (spec §1 "analytics of customer value", §2: where the wizard lands). */
export function DashboardScreen() {
  const { t, i18n } = useTranslation('analytics');
  const format = useFormat();
  const channelLabel = useChannelLabel();
  const [days, setDays] = useState<DashboardWindow>(30);
  const [filter, setFilter] = useState<DashboardFilter>({ kind: 'all' });
  // The query reads from the start of the previous window: the cards compare with it.
  const since = windowBounds(days).previousStart;
  const rows = useDashboardRows(since);
  useDashboardLive();
  const refresh = useRefreshAnalytics();
  const summary = useMemo(() => (rows.data ? summarize(rows.data, filter, days) : null), [rows.data, filter, days]);
  // The options name unnamed assistants in the interface's language: made again when it changes.
  const language = i18n.language;
  // biome-ignore lint/correctness/useExhaustiveDependencies: language changes the options' texts
  const options = useMemo(() => filterOptions(rows.data ?? []), [rows.data, language]);
  // When it opens, the figures are brought up to date once, without a click: when there are no rows
  // at all (a new account, or the worker's hourly round has not come yet: the dashboard would be
  // empty), or when they were last computed more than a minute ago (shoppers may have written since;
  // the worker refreshes an hour apart, or a while after a conversation). Once per visit, whatever
  // it finds; the server's rate limit applies, and refusing an automatic refresh shows nothing.
  const checkedOnOpen = useRef(false);
  const { mutate: refreshNow } = refresh;
  const neverComputed = rows.data?.length === 0;
  useEffect(() => {
    if (!rows.data || checkedOnOpen.current) return;
    checkedOnOpen.current = true;
    if (rows.data.length === 0) return refreshNow(undefined);
    const computed = newestRefresh(rows.data);
    if (!computed || Date.now() - Date.parse(computed) > STALE_AFTER_MS) refreshNow({ quiet: true });
  }, [rows.data, refreshNow]);
  // The figures are as of the rows' last change, or of the last refresh that found nothing new.
  const checkedAt = refresh.isSuccess ? refresh.data.refreshedAt : null;
  const updatedAt = summary?.lastRefreshed && checkedAt && checkedAt > summary.lastRefreshed ? checkedAt : summary?.lastRefreshed;
  const refreshError = refresh.error && !refresh.variables?.quiet ? refresh.error : null;

  const actions = (
    <div className="flex gap-2">
      <Button variant="outline" onClick={() => refresh.mutate(undefined)} disabled={refresh.isPending}>
        <RefreshCwIcon className={cn('size-4', refresh.isPending && 'animate-spin')} aria-hidden="true" />
        {refresh.isPending ? t('dashboard.refreshing') : t('dashboard.refresh')}
      </Button>
      <Button
        variant="outline"
        disabled={!summary?.hasActivity}
        onClick={() => summary && downloadCsv(summaryCsv(summary), `aisle-dashboard-${days}-days.csv`)}
      >
        <DownloadIcon className="size-4" aria-hidden="true" />
        {t('dashboard.exportCsv')}
      </Button>
    </div>
  );

  return (
    <div className="mx-auto w-full max-w-6xl px-4 pt-4 pb-8 md:px-8 md:pt-8">
      <ScreenHeader title={t('dashboard.title')} icon={LayoutDashboardIcon} summary={t('dashboard.summary')} action={actions} />
      {refreshError ? (
        <p role="alert" className="mb-3 text-destructive text-sm">
          {apiErrorText(refreshError, t('dashboard.refreshFailed'))}
        </p>
      ) : null}
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <fieldset className="flex rounded-md border p-0.5" aria-label={t('dashboard.period')}>
          {dashboardWindows.map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={days === option}
              onClick={() => setDays(option)}
              className={cn(
                'rounded px-3 py-1 text-sm',
                days === option ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:bg-accent',
              )}
            >
              {t('dashboard.windowDays', { count: option })}
            </button>
          ))}
        </fieldset>
        <label className="flex items-center gap-2 text-sm">
          {t('dashboard.assistant')}
          <select
            className={selectClass}
            value={filter.kind === 'assistant' ? filter.id : ''}
            onChange={(event) => setFilter(event.target.value ? { kind: 'assistant', id: event.target.value } : { kind: 'all' })}
          >
            <option value="">{t('dashboard.allAssistants')}</option>
            {options.assistants.map((assistant) => (
              <option key={assistant.id} value={assistant.id}>
                {assistant.name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 text-sm">
          {t('dashboard.channel')}
          <select
            className={selectClass}
            value={filter.kind === 'channel' ? filter.channel : ''}
            onChange={(event) => setFilter(event.target.value ? { kind: 'channel', channel: event.target.value } : { kind: 'all' })}
          >
            <option value="">{t('dashboard.allChannels')}</option>
            {options.channels.map((channel) => (
              <option key={channel} value={channel}>
                {channelLabel(channel)}
              </option>
            ))}
          </select>
        </label>
        {updatedAt ? (
          <span className="ml-auto text-muted-foreground text-xs">{t('dashboard.updated', { when: format.dateTime(updatedAt) })}</span>
        ) : null}
      </div>
      {rows.error ? (
        <p role="alert" className="text-destructive text-sm">
          {apiErrorText(rows.error, t('dashboard.loadFailed'))}
        </p>
      ) : !summary || (neverComputed && refresh.isPending) ? (
        <DashboardSkeleton />
      ) : !summary.hasActivity ? (
        <DashboardEmptyState />
      ) : (
        <div className="space-y-3">
          <KpiCards summary={summary} />
          <FromChat days={days} filter={filter} />
          <DashboardCharts summary={summary} />
          <p className="text-muted-foreground text-xs">
            {t('dashboard.footnote', { minutes: summary.minutesPerConversation, rate: usdRate(format, summary.hourlyCostUsd) })}
          </p>
        </div>
      )}
    </div>
  );
}
