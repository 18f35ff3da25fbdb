import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { apiErrorText } from '@/lib/api-error-text';
import { cn } from '@/lib/cn';
import type { InboxShare } from '../api/inbox-shares-api';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { useInboxLive } from '../hooks/use-inbox-live';
import { useInboxShares } from '../hooks/use-inbox-shares';
import { useInboxThreads } from '../hooks/use-inbox-threads';
import { useNow } from '../hooks/use-now';
import { useUnansweredQuestions } from '../hooks/use-unanswered-questions';
import { type InboxQuery, isFiltered } from '../inbox-query';
import { InboxEmptyState, NoThreadSelected } from './inbox-empty-states';
import { InboxList, InboxListSkeleton } from './inbox-list';
import { InboxTabs, type InboxView, inboxViewFrom } from './inbox-tabs';
import { type AssistantOption, InboxToolbar } from './inbox-toolbar';
import { ThreadView } from './thread-view';
import { UnansweredQuestions } from './unanswered-questions';

/** Typing settles for this long before the server is searched. */
const SEARCH_DEBOUNCE_MS = 300;

/** The assistants that have shares, once each, by name (an assistant may be shared more than once). */
function assistantOptions(shares: readonly InboxShare[], untitled: string, language: string): AssistantOption[] {
  const byId = new Map<string, string>();
  for (const share of shares)
    if (!byId.has(share.originalAssistantID)) byId.set(share.originalAssistantID, share.assistantName || untitled);
  return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name, language));
}

/** Every assistant's name by id, from its shares (the unanswered questions name their assistant). */
function assistantNames(options: readonly AssistantOption[]): Map<string, string> {
  return new Map(options.map((option) => [option.id, option.name]));
}

/** The link to hand out while no one has written: the newest share that works. */
function handOutLink(shares: readonly InboxShare[], now: number): string | null {
  const usable = shares.find((share) => share.isActive && share.token && (!share.expiresAt || Date.parse(share.expiresAt) > now));
  return usable?.token ? `${window.location.origin}${paths.sharedChat}?token=${encodeURIComponent(usable.token)}` : null;
}

/**
 * The owner's live inbox: every conversation visitors have with shared assistants, by last
 * activity, with search and filters; the chosen one beside it (wide screens) or instead of it
 * (below 768 px). The thread is in the URL (`?thread=<id>`), so a reload or a link opens it. A
 * second tab (`?view=unanswered`) lists the questions the assistant could not answer.
 */
export function InboxScreen() {
  const { t, i18n } = useTranslation('inbox');
  const liveError = useInboxLive();
  const now = useNow();
  const [params, setParams] = useSearchParams();
  const threadId = params.get('thread');
  const view = inboxViewFrom(params.get('view'));
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [assistantId, setAssistantId] = useState<string | null>(null);
  const [origin, setOrigin] = useState<string | null>(null);
  const [needsHuman, setNeedsHuman] = useState(false);
  const { shares, isLoading: sharesLoading } = useInboxShares();
  const unanswered = useUnansweredQuestions();

  const shareIdsKey = assistantId
    ? shares
        .filter((share) => share.originalAssistantID === assistantId)
        .map((share) => share.id)
        .join(',')
    : null;
  const query = useMemo<InboxQuery>(
    () => ({ search, assistantId, origin, needsHuman, shareIds: shareIdsKey === null ? null : shareIdsKey.split(',').filter(Boolean) }),
    [search, assistantId, origin, needsHuman, shareIdsKey],
  );
  const inbox = useInboxThreads(query);
  const assistants = assistantOptions(shares, t('screen.untitledAssistant'), i18n.resolvedLanguage ?? i18n.language);

  const selectThread = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('thread', id);
        else next.delete('thread');
        return next;
      },
      { replace: !id },
    );

  const showView = (next: InboxView) =>
    setParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'unanswered') params.set('view', next);
        else params.delete('view');
        return params;
      },
      { replace: true },
    );

  const clearFilters = () => {
    setSearchText('');
    setAssistantId(null);
    setOrigin(null);
    setNeedsHuman(false);
  };

  const filtered = isFiltered(query) || searchText.trim() !== '';
  let content: ReactNode;
  if (inbox.error) {
    content = (
      <p role="alert" className="m-1 rounded-lg border border-destructive/30 bg-destructive/5 px-3 py-2.5 text-destructive text-sm">
        {apiErrorText(inbox.error, t('screen.loadError'))}
      </p>
    );
  } else if (inbox.isLoading || (sharesLoading && inbox.threads.length === 0)) {
    content = <InboxListSkeleton />;
  } else if (inbox.threads.length === 0 && !inbox.hasMore) {
    content = (
      <InboxEmptyState
        filtered={filtered}
        search={search}
        hasShares={shares.length > 0}
        link={handOutLink(shares, now)}
        onClear={clearFilters}
      />
    );
  } else {
    content = (
      <InboxList
        threads={inbox.threads}
        selectedId={threadId}
        now={now}
        onSelect={(thread) => selectThread(thread.id)}
        hasMore={inbox.hasMore}
        loadingMore={inbox.loadingMore}
        onLoadMore={inbox.loadMore}
      />
    );
  }

  return (
    <div className="flex h-[calc(100svh-3.5rem)] min-h-[480px] w-full">
      <aside
        aria-label={t('screen.listRegion')}
        className={cn('min-w-0 flex-1 flex-col border-r bg-sidebar/40 md:flex md:w-80 md:flex-none lg:w-96', threadId ? 'hidden' : 'flex')}
      >
        <header className="px-4 pt-4 pb-3">
          <h1 className="font-semibold text-xl tracking-tight">{t('screen.title')}</h1>
          <p className="text-muted-foreground text-sm">{t('screen.subtitle')}</p>
        </header>
        <InboxTabs
          view={view}
          onChange={showView}
          unansweredCount={unanswered.questions.length}
          notice={
            liveError ? (
              <p
                role="alert"
                className="mx-3 mb-2 rounded-md border border-amber-500/30 bg-amber-500/10 px-3 py-2 text-amber-800 text-xs dark:text-amber-300"
              >
                {t('screen.liveError')}
              </p>
            ) : null
          }
          conversations={
            <>
              <div className="px-3 pb-3">
                <InboxToolbar
                  search={searchText}
                  onSearchChange={setSearchText}
                  assistants={assistants}
                  assistantId={assistantId}
                  onAssistantChange={setAssistantId}
                  origin={origin}
                  onOriginChange={setOrigin}
                  needsHuman={needsHuman}
                  onNeedsHumanChange={setNeedsHuman}
                />
              </div>
              <nav aria-label={t('screen.sharedConversations')} className="min-h-0 flex-1 overflow-y-auto border-t px-2 py-2">
                {content}
              </nav>
            </>
          }
          unanswered={
            <section aria-label={t('screen.unansweredRegion')} className="min-h-0 flex-1 overflow-y-auto px-2 py-2">
              <UnansweredQuestions
                questions={unanswered.questions}
                isLoading={unanswered.isLoading}
                error={unanswered.error}
                assistantNames={assistantNames(assistants)}
                now={now}
                onOpenThread={selectThread}
              />
            </section>
          }
        />
      </aside>
      <section aria-label={t('screen.conversationRegion')} className={cn('min-w-0 flex-1 flex-col', threadId ? 'flex' : 'hidden md:flex')}>
        {threadId ? <ThreadView key={threadId} threadId={threadId} onBack={() => selectThread(null)} /> : <NoThreadSelected />}
      </section>
    </div>
  );
}
