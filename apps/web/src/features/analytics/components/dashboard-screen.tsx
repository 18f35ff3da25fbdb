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
  summarize,
  summaryCsv,
  windowBounds,
} from '../dashboard-summary';
import { useDashboardLive } from '../hooks/use-dashboard-live';
import { useDashboardRows } from '../hooks/use-dashboard-rows';
import { DashboardCharts, useChannelLabel } from './dashboard-charts';
import { DashboardEmptyState } from './dashboard-empty-state';
import { DashboardSkeleton } from './dashboard-skeleton';
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
  // No rows at all: the owner's analytics were never computed (a new account, or the worker's
  // hourly round has not come yet). Compute them once now rather than show an empty dashboard.
  const refreshedForEmpty = useRef(false);
  const { mutate: refreshNow } = refresh;
  const neverComputed = rows.data?.length === 0;
  useEffect(() => {
    if (!neverComputed || refreshedForEmpty.current) return;
    refreshedForEmpty.current = true;
    refreshNow();
  }, [neverComputed, refreshNow]);

  const actions = (
    <div className="flex gap-2">
      <Button variant="outline" onClick={() => refresh.mutate()} disabled={refresh.isPending}>
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
      {refresh.error ? (
        <p role="alert" className="mb-3 text-destructive text-sm">
          {apiErrorText(refresh.error, t('dashboard.refreshFailed'))}
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
        {summary?.lastRefreshed ? (
          <span className="ml-auto text-muted-foreground text-xs">
            {t('dashboard.updated', { when: format.dateTime(summary.lastRefreshed) })}
          </span>
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
          <DashboardCharts summary={summary} />
          <p className="text-muted-foreground text-xs">
            {t('dashboard.footnote', { minutes: summary.minutesPerConversation, rate: usdRate(format, summary.hourlyCostUsd) })}
          </p>
        </div>
      )}
    </div>
  );
}
